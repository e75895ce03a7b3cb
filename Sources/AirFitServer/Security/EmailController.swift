import AirFitCore
import Foundation
import Hummingbird

/// Changing the sign-in address: a verification link to the new address, a notice with a cancel link to the old
/// one; the address changes only when the verification link's page is confirmed.
struct EmailController: Sendable {
    let services: AccountServices
    let throttle: ActionThrottle
    let views: Views

    static let path = "/settings/security/email"

    /// The signed-in routes: the form.
    func addRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.get(RouterPath(Self.path)) { request, context -> Response in
            let signed = context.signed
            if let redirect = SudoGate.check(signed, now: services.now(), returningTo: Self.path) { return redirect }
            // An address kept across re-authentication comes back in the query.
            let typed = request.uri.queryParameters["email"].map { String($0.prefix(254)) } ?? ""
            let (state, _) = EmailChangeFlow.handle(.open(hasPassword: signed.account.hasPassword, typed: typed))
            return page(state, signed: signed)
        }
        group.post(RouterPath(Self.path)) { request, context -> Response in
            let signed = context.signed
            let form = try await request.decodeForm(EmailForm.self)
            let typed = form.email ?? ""
            if let redirect = SudoGate.check(signed, now: services.now(), returningTo: Self.path, keep: [("email", typed)]) {
                return redirect
            }
            var event = EmailChangeFlow.Event.submit(
                email: typed, current: signed.account.email, hasPassword: signed.account.hasPassword,
                taken: try await services.accounts.account(email: typed).map { $0.id != signed.account.id } ?? false)
            if let message = try await throttle.attempt("email-change", scopes: [signed.account.id.uuidString, context.peerAddress]) {
                event = .limited(email: typed, message: message)
            }
            let (state, actions) = EmailChangeFlow.handle(event)
            for action in actions {
                switch action {
                case .sendVerification(let newEmail): try await sendLinks(signed.account, newEmail: newEmail, request: request)
                }
            }
            let status: HTTPResponse.Status =
                switch (state, event) {
                case (_, .limited): .tooManyRequests
                case (.form, _): .unprocessableContent
                default: .ok
                }
            return page(state, signed: signed, status: status)
        }
    }

    /// The public routes: a link's page (GET, changes nothing) and its button (POST).
    func addLinkRoutes(to group: RouterGroup<AirFitRequestContext>) {
        group.get("/email/confirm/:token") { request, context -> Response in
            let token = context.parameters.get("token") ?? ""
            let usable = try await services.usableLink(token, purpose: .emailChange) != nil
            return linkPage(
                EmailLinkView(
                    heading: "Confirm your new address",
                    message: usable
                        ? "Use this address to sign in to AirFit from now on?" : Self.expired,
                    action: usable ? "/email/confirm/\(token)" : nil, button: "Confirm new address", testID: "email.confirm"),
                request: request, context: context)
        }
        group.post("/email/confirm/:token") { request, context -> Response in
            let token = context.parameters.get("token") ?? ""
            guard let link = try await services.usableLink(token, purpose: .emailChange),
                var account = try await services.accounts.account(id: link.accountID),
                try await services.links.useLink(id: link.id, now: services.now())
            else { return notice("Link expired", Self.expired, request: request, context: context, status: .gone) }
            let old = account.email
            account.email = link.payload
            do {
                try await services.save(account)
            } catch RepositoryError.conflict {
                return notice(
                    "Address not changed", "That address is now used by another account, so yours stayed \(MemberRules.maskedEmail(old)).",
                    request: request, context: context, status: .conflict)
            }
            try await services.links.revokeLinks(accountID: account.id, purpose: .emailChangeCancel, now: services.now())
            if var user = try await services.users.user(id: account.userID) {
                user.email = account.email
                try await services.users.updateUser(user)
            }
            try await services.record(.emailChanged, account: account.id, request: request)
            return notice(
                "Address changed", "You now sign in with your new address.", request: request, context: context, testID: "email.changed")
        }
        group.get("/email/cancel/:token") { request, context -> Response in
            let token = context.parameters.get("token") ?? ""
            let usable = try await services.usableLink(token, purpose: .emailChangeCancel) != nil
            return linkPage(
                EmailLinkView(
                    heading: "Cancel the email change",
                    message: usable ? "Keep your current address and stop the change?" : Self.expired,
                    action: usable ? "/email/cancel/\(token)" : nil, button: "Cancel the change", testID: "email.cancel"),
                request: request, context: context)
        }
        group.post("/email/cancel/:token") { request, context -> Response in
            let token = context.parameters.get("token") ?? ""
            guard let link = try await services.usableLink(token, purpose: .emailChangeCancel),
                try await services.links.useLink(id: link.id, now: services.now())
            else { return notice("Link expired", Self.expired, request: request, context: context, status: .gone) }
            try await services.links.revokeLinks(accountID: link.accountID, purpose: .emailChange, now: services.now())
            try await services.record(.emailChangeCancelled, account: link.accountID, request: request)
            return notice(
                "Change cancelled", "Your address stays as it was. If you didn't ask for the change, change your password too.",
                request: request, context: context, testID: "email.cancelled")
        }
    }

    static let expired = "This link doesn't work any more: it was used, cancelled, or it expired."

    private func sendLinks(_ account: Account, newEmail: String, request: Request) async throws {
        let now = services.now()
        try await services.links.revokeLinks(accountID: account.id, purpose: .emailChange, now: now)
        try await services.links.revokeLinks(accountID: account.id, purpose: .emailChangeCancel, now: now)
        let confirm = try await services.issueLink(.emailChange, accountID: account.id, payload: newEmail)
        let cancel = try await services.issueLink(.emailChangeCancel, accountID: account.id, payload: newEmail)
        try await services.mail.emailChange(to: newEmail, path: "/email/confirm/\(confirm)")
        try await services.mail.emailChangeNotice(to: account.email, newAddress: newEmail, path: "/email/cancel/\(cancel)")
        try await services.record(.emailChangeRequested, account: account.id, request: request)
    }

    private func page(_ state: EmailChangeFlow.State, signed: SignedIn, status: HTTPResponse.Status = .ok) -> Response {
        let view: EmailChangeView
        var problems: [String] = []
        switch state {
        case .ssoDisabled: view = EmailChangeView(current: signed.account.email, typed: "", ssoDisabled: true, sentTo: nil)
        case .form(let typed, let found):
            problems = found
            view = EmailChangeView(current: signed.account.email, typed: typed, ssoDisabled: false, sentTo: nil)
        case .verificationSent(let to): view = EmailChangeView(current: signed.account.email, typed: "", ssoDisabled: false, sentTo: to)
        }
        return views.response(view, title: "Change email", signed: signed, problems: problems, status: status)
    }

    private func linkPage(_ view: EmailLinkView, request: Request, context: AirFitRequestContext) -> Response {
        views.signedOutResponse(
            view, title: view.heading, request: request, visitor: context.visitor, heading: nil, status: view.action == nil ? .gone : .ok)
    }

    private func notice(
        _ heading: String, _ message: String, request: Request, context: AirFitRequestContext, testID: String = "link.result",
        status: HTTPResponse.Status = .ok
    ) -> Response {
        let signedIn = context.visitor.signedIn != nil
        let view = NoticeView(
            heading: heading, message: message, linkText: signedIn ? "Back to AirFit" : "Sign in", linkHref: signedIn ? "/" : "/signin",
            testID: testID)
        return views.response(view, title: heading, user: context.visitor.signedIn?.user, status: status)
    }
}

/// The email change form.
struct EmailForm: Decodable {
    @FormText var email: String?
}
