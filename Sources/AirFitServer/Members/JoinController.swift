import AirFitCore
import Foundation
import Hummingbird

/// Creating an account after the first: through an admin's invite link (`/join/<token>`), or on `/signup` when
/// `AIRFIT_SIGNUP=open`. The new member is signed in and starts onboarding their own coach.
struct JoinController: Sendable {
    let services: AccountServices
    /// Sign-up (open or by invite) also offers the configured providers.
    let providerButtons: [ProviderButton]
    let views: Views

    func addRoutes(to group: RouterGroup<AirFitRequestContext>) {
        group.get("/join/:token") { request, context -> Response in
            let invite = try await services.usableLink(context.parameters.get("token") ?? "", purpose: .invite)
            let (state, _) = InviteFlow.handle(.open(available: invite != nil, policy: services.signup == .closed ? .closed : .invite))
            return page(state, action: request.uri.path, request: request, context: context, status: Self.status(state))
        }
        group.post("/join/:token") { request, context -> Response in
            let invite = try await services.usableLink(context.parameters.get("token") ?? "", purpose: .invite)
            return try await join(request, context: context, invite: invite, available: invite != nil)
        }
        group.get("/signup") { request, context -> Response in
            // Without an invite, only open sign-up lets anyone in; otherwise the page says it's closed.
            let (state, _) = InviteFlow.handle(.open(available: true, policy: services.signup == .open ? .open : .closed))
            return page(state, action: "/signup", request: request, context: context, status: Self.status(state))
        }
        group.post("/signup") { request, context -> Response in
            try await join(request, context: context, invite: nil, available: true)
        }
    }

    private func join(_ request: Request, context: AirFitRequestContext, invite: OneTimeLink?, available: Bool) async throws -> Response {
        let form = try await request.decodeForm(CredentialsForm.self)
        let email = form.email ?? ""
        let policy: SignupPolicy =
            if services.signup == .closed { .closed } else if invite != nil { .invite } else { services.signup == .open ? .open : .closed }
        let taken = try await services.accounts.account(email: email) != nil
        let (state, actions) = InviteFlow.handle(
            .submit(available: available, policy: policy, email: email, password: form.password ?? "", taken: taken))
        for action in actions {
            guard case .createAccount(let email, let password) = action else { continue }
            if let invite, !(try await services.links.useLink(id: invite.id, now: services.now())) {
                return page(
                    .unavailable(InviteFlow.Message.invalid), action: request.uri.path, request: request, context: context, status: .gone)
            }
            let role = invite.flatMap { MemberRole(rawValue: $0.payload) } ?? .member
            let account = Account(
                email: email, passwordHash: try await services.hasher.hash(password), userID: UUID(), role: role, createdAt: services.now())
            do {
                try await services.accounts.createAccount(account)
            } catch RepositoryError.conflict {
                return page(
                    .form(email: email, problems: [InviteFlow.Message.taken]), action: request.uri.path, request: request, context: context,
                    status: .conflict)
            }
            try await services.record(.joined, account: account.id, request: request)
            return try await services.startSession(
                for: account, request: request, next: "/onboarding", timeZone: TimeZoneRule.identifier(form.timeZone))
        }
        let status: HTTPResponse.Status = if case .unavailable = state { .gone } else { .unprocessableContent }
        return page(state, action: request.uri.path, request: request, context: context, status: status)
    }

    /// 410 for a page that can't be used (a dead link, closed sign-up), else 200.
    static func status(_ state: InviteFlow.State) -> HTTPResponse.Status {
        if case .unavailable = state { return .gone }
        return .ok
    }

    private func page(
        _ state: InviteFlow.State, action: String, request: Request, context: AirFitRequestContext, status: HTTPResponse.Status = .ok
    ) -> Response {
        var problems: [String] = []
        let view: SignupView
        switch state {
        case .unavailable(let message): view = SignupView(action: nil, email: "", unavailable: message, providers: [], invite: nil)
        case .form(let email, let found):
            problems = found
            // Open sign-up and an invite both offer the providers; an invite's buttons carry its token.
            let invite = action.hasPrefix("/join/") ? String(action.dropFirst("/join/".count)) : nil
            view = SignupView(action: action, email: email, unavailable: nil, providers: providerButtons, invite: invite)
        case .joined: view = SignupView(action: nil, email: "", unavailable: nil, providers: [], invite: nil)
        }
        return views.signedOutResponse(
            view, title: "Join AirFit", request: request, visitor: context.visitor, problems: problems, heading: "Join AirFit",
            status: status)
    }
}

/// The sign-up form, or why signing up isn't possible.
struct SignupView: PageView {
    static let template = "signup"
    let action: String?
    let email: String
    let unavailable: String?
    let providers: [ProviderButton]
    let hasProviders: Bool
    /// The invite's token, which the provider buttons carry.
    let invite: String?

    init(action: String?, email: String, unavailable: String?, providers: [ProviderButton], invite: String?) {
        self.action = action
        self.email = email
        self.unavailable = unavailable
        self.providers = providers
        hasProviders = !providers.isEmpty
        self.invite = invite
    }
}
