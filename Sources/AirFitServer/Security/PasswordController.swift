import AirFitCore
import Foundation
import Hummingbird

/// Change or set the password (needs a recent sign-in): the current one when there is one, a new one that passes
/// ``PasswordPolicy``; afterwards every other session is signed out.
struct PasswordController: Sendable {
    let services: AccountServices
    let views: Views

    static let path = "/settings/security/password"

    func addRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.get(RouterPath(Self.path)) { _, context -> Response in
            let signed = context.signed
            if let redirect = SudoGate.check(signed, now: services.now(), returningTo: Self.path) { return redirect }
            return page(PasswordChangeView(hasPassword: signed.account.hasPassword), signed: signed)
        }
        group.post(RouterPath(Self.path)) { request, context -> Response in
            let signed = context.signed
            if let redirect = SudoGate.check(signed, now: services.now(), returningTo: Self.path) { return redirect }
            let form = try await request.decodeForm(PasswordForm.self)
            var event = PasswordChangeFlow.Event.submit(
                currentAccepted: nil, new: form.new ?? "", confirmation: form.confirm ?? "", email: signed.account.email)
            if signed.account.hasPassword {
                switch try await services.passwords.check(
                    form.current ?? "", hash: signed.account.passwordHash, email: signed.account.email, address: context.peerAddress)
                {
                case .accepted: break
                case .rejected:
                    event = .submit(
                        currentAccepted: false, new: form.new ?? "", confirmation: form.confirm ?? "", email: signed.account.email)
                case .wait(let message): event = .limited(message)
                }
            }
            let (state, actions) = PasswordChangeFlow.handle(event)
            var ended = 0
            for action in actions {
                switch action {
                case .savePassword(let password):
                    var account = signed.account
                    account.passwordHash = try await services.hasher.hash(password)
                    try await services.save(account)
                    ended = try await services.endSessions(of: account.id, except: signed.session.id)
                    try await services.record(.passwordChanged, account: account.id, request: request)
                }
            }
            guard case .form(let problems) = state else {
                return page(PasswordChangeView(hasPassword: true, success: true, endedSessions: ended), signed: signed)
            }
            let status: HTTPResponse.Status = if case .limited = event { .tooManyRequests } else { .unprocessableContent }
            return page(PasswordChangeView(hasPassword: signed.account.hasPassword), signed: signed, problems: problems, status: status)
        }
    }

    private func page(
        _ view: PasswordChangeView, signed: SignedIn, problems: [String] = [], status: HTTPResponse.Status = .ok
    ) -> Response {
        views.response(
            view, title: view.hasPassword ? "Change password" : "Set password", signed: signed, problems: problems, status: status)
    }
}

/// The password form (fields are never echoed back).
struct PasswordForm: Decodable {
    @FormText var current: String?
    @FormText var new: String?
    @FormText var confirm: String?
}
