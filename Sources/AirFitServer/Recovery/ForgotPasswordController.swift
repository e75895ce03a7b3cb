import AirFitCore
import Foundation
import Hummingbird
import Logging

/// "Forgot password" from the sign-in page, and the reset link's page. The answer to a request never says whether
/// an account has the address, and takes the same time either way: the link is made and queued after answering.
struct ForgotPasswordController: Sendable {
    let services: AccountServices
    let throttle: ActionThrottle
    let views: Views
    let logger: Logger

    func addRoutes(to group: RouterGroup<AirFitRequestContext>) {
        group.get("/forgot") { request, context -> Response in
            let (state, _) = ForgotPasswordFlow.handle(request.uri.queryParameters["again"] != nil ? .tryAgain : .open)
            return page(state, request: request, context: context)
        }
        group.post("/forgot") { request, context -> Response in
            let form = try await request.decodeForm(ForgotForm.self)
            let email = form.email ?? ""
            var event = ForgotPasswordFlow.Event.submit(email: email)
            if let message = try await throttle.attempt("forgot", scopes: [Account.normalize(email: email), context.peerAddress]) {
                event = .limited(email: email, message: message)
            }
            let (state, actions) = ForgotPasswordFlow.handle(event)
            for action in actions {
                switch action {
                case .sendResetIfAccount(let email):
                    let device = DeviceName.from(userAgent: request.headers[.userAgent])
                    Task { await sendReset(to: email, device: device) }
                }
            }
            let status: HTTPResponse.Status =
                switch (state, event) {
                case (_, .limited): .tooManyRequests
                case (.form, _): .unprocessableContent
                default: .ok
                }
            return page(state, request: request, context: context, status: status)
        }
        group.get("/reset/:token") { request, context -> Response in
            let usable = try await services.usableLink(context.parameters.get("token") ?? "", purpose: .passwordReset) != nil
            let (state, _) = PasswordResetFlow.handle(.open(linkUsable: usable))
            return resetPage(state, request: request, context: context, status: usable ? .ok : .gone)
        }
        group.post("/reset/:token") { request, context -> Response in
            let token = context.parameters.get("token") ?? ""
            let form = try await request.decodeForm(ResetForm.self)
            let link = try await services.usableLink(token, purpose: .passwordReset)
            var account: Account?
            if let link { account = try await services.accounts.account(id: link.accountID) }
            let password = form.password ?? ""
            var (state, actions) = PasswordResetFlow.handle(
                .submit(
                    linkUsable: account != nil, password: password, confirmation: form.confirm ?? password, email: account?.email ?? ""))
            for action in actions {
                guard case .resetPassword(let password) = action, let link, var account else { continue }
                guard try await services.links.useLink(id: link.id, now: services.now()) else {
                    (state, actions) = PasswordResetFlow.handle(.linkTaken)
                    break
                }
                account.passwordHash = try await services.hasher.hash(password)
                try await services.save(account)
                try await services.endSessions(of: account.id, except: nil)
                try await services.record(.passwordReset, account: account.id, request: request)
            }
            let status: HTTPResponse.Status =
                switch state {
                case .invalidLink: .gone
                case .form: .unprocessableContent
                case .done: .ok
                }
            let response = resetPage(state, request: request, context: context, status: status)
            // Every session ended, this browser's too.
            guard state == .done else { return response }
            return WebResponses.setting(cookie: WebResponses.sessionCookieHeader("", request: request, expire: true), on: response)
        }
    }

    /// Makes a reset link and queues the mail when an account has `email`; logs failures without the address.
    private func sendReset(to email: String, device: String?) async {
        do {
            guard let account = try await services.accounts.account(email: email) else { return }
            try await services.links.revokeLinks(accountID: account.id, purpose: .passwordReset, now: services.now())
            let token = try await services.issueLink(.passwordReset, accountID: account.id)
            try await services.mail.passwordReset(to: account.email, path: "/reset/\(token)")
            try await services.log.recordEvent(
                SecurityEvent(accountID: account.id, kind: .passwordResetRequested, at: services.now(), device: device))
        } catch {
            logger.error("A password reset email could not be prepared", metadata: ["error": "\(type(of: error))"])
        }
    }

    private func page(
        _ state: ForgotPasswordFlow.State, request: Request, context: AirFitRequestContext, status: HTTPResponse.Status = .ok
    ) -> Response {
        switch state {
        case .sent:
            return signedOutPage(ForgotPasswordView(email: "", sent: true), title: "Check your inbox", request: request, context: context)
        case .form(let email, let problems):
            return signedOutPage(
                ForgotPasswordView(email: email, sent: false), title: "Forgot password", request: request, context: context,
                problems: problems, status: status)
        }
    }

    private func resetPage(
        _ state: PasswordResetFlow.State, request: Request, context: AirFitRequestContext, status: HTTPResponse.Status = .ok
    ) -> Response {
        let token = context.parameters.get("token") ?? ""
        switch state {
        case .invalidLink:
            return signedOutPage(
                ResetPasswordView(action: nil, done: false), title: "Link expired", request: request, context: context, status: status)
        case .form(let problems):
            return signedOutPage(
                ResetPasswordView(action: "/reset/\(token)", done: false), title: "Choose a new password", request: request,
                context: context,
                problems: problems, status: status)
        case .done:
            return signedOutPage(ResetPasswordView(action: nil, done: true), title: "Password changed", request: request, context: context)
        }
    }

    private func signedOutPage(
        _ view: some PageView, title: String, request: Request, context: AirFitRequestContext, problems: [String] = [],
        status: HTTPResponse.Status = .ok
    ) -> Response {
        views.signedOutResponse(
            view, title: title, request: request, visitor: context.visitor, problems: problems, heading: title, status: status)
    }
}

/// The forgot-password page: the form or the "sent" state.
struct ForgotPasswordView: PageView {
    static let template = "forgot"
    let email: String
    let sent: Bool
}

/// The reset link's page: the form, "link expired", or done.
struct ResetPasswordView: PageView {
    static let template = "reset"
    /// The form's action, or `nil` when there is no form.
    let action: String?
    let done: Bool
}

/// The forgot-password form.
struct ForgotForm: Decodable {
    @FormText var email: String?
}

/// The reset form.
struct ResetForm: Decodable {
    @FormText var password: String?
    @FormText var confirm: String?
}
