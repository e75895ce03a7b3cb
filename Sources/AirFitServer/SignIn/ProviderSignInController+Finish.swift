import AirFitCore
import AirFitOIDC
import Foundation
import Hummingbird
import Logging

extension ProviderSignInController {
    /// Finishes a provider step: the code is exchanged (with the PKCE verifier), the ID token verified (signature,
    /// issuer, audience, expiry, nonce), and ``ProviderReturnFlow`` decides what happens.
    func finish(_ request: Request, context: AirFitRequestContext) async throws -> Response {
        let id = context.parameters.get("signInProvider") ?? ""
        let form = try await request.decodeForm(ProviderReturnForm.self)
        var taken: (challenge: AuthChallenge, payload: ProviderStep)?
        for purpose in [AuthChallenge.Purpose.providerSignIn, .providerLink, .providerReauthentication] where taken == nil {
            taken = try await steps.finish(purpose, value: form.state, as: ProviderStep.self, request: request, visitor: context.visitor)
        }
        guard let (challenge, step) = taken, step.provider == id, let (provider, client) = providers.provider(id) else {
            return refusal(SignInSteps.expiredMessage, request: request, context: context, status: .badRequest)
        }
        let claims: IDTokenClaims
        do {
            let token = try await client.exchange(
                code: form.code ?? "", codeVerifier: step.verifier, redirectURI: redirectURI(provider), provider: provider)
            claims = try await client.verify(idToken: token, provider: provider, nonce: step.nonce, maxAuthAge: nil)
        } catch let error as OIDCError {
            logger.warning("Provider sign-in refused", metadata: ["provider": .string(provider.id), "kind": "\(error.kind)"])
            return refusal(
                "\(provider.displayName) sign-in didn't work: \(error.message)", request: request, context: context, status: .badGateway)
        }
        let owner = try await identities.identity(issuer: claims.issuer, subject: claims.subject)
        let purpose: ProviderReturnFlow.Purpose
        switch challenge.purpose {
        case .providerLink:
            guard let account = challenge.accountID, context.visitor.signedIn?.account.id == account else {
                return refusal(SignInSteps.expiredMessage, request: request, context: context, status: .badRequest)
            }
            purpose = .link(accountID: account)
        case .providerReauthentication:
            guard let account = challenge.accountID, context.visitor.signedIn?.account.id == account else {
                return refusal(SignInSteps.expiredMessage, request: request, context: context, status: .badRequest)
            }
            // Providers that leave out auth_time are judged by when they issued the token (after prompt=login).
            let provedAt = claims.authTime ?? claims.issuedAt
            guard services.now().timeIntervalSince(provedAt) <= Self.confirmWindow else {
                return refusal(
                    "\(provider.displayName) didn't ask you to sign in again. Please try again.", request: request, context: context,
                    status: .unauthorized)
            }
            purpose = .confirm(accountID: account)
        default:
            let firstRun = try await services.accounts.accountCount() == 0
            let invited = try await step.invite.asyncFlatMap { try await services.usableLink($0, purpose: .invite) } != nil
            purpose = .signIn(canSignUp: services.signup == .open || firstRun || (invited && services.signup != .closed))
        }
        let email = claims.email.map(Account.normalize(email:))
        let emailOwner = try await email.asyncFlatMap { try await services.accounts.account(email: $0)?.id }
        let outcome = ProviderReturnFlow.decide(
            purpose,
            facts: .init(providerName: provider.displayName, identityOwner: owner?.accountID, email: email, emailOwner: emailOwner))
        let identity = LinkedIdentity(
            accountID: owner?.accountID ?? UUID(), providerID: provider.id, issuer: claims.issuer, subject: claims.subject,
            email: claims.isPrivateRelayEmail ? nil : email, createdAt: services.now(), lastUsedAt: services.now())
        return try await carry(outcome, identity: identity, existing: owner, step: step, request: request, context: context)
    }

    private func carry(
        _ outcome: ProviderReturnFlow.Outcome, identity: LinkedIdentity, existing: LinkedIdentity?, step: ProviderStep, request: Request,
        context: AirFitRequestContext
    ) async throws -> Response {
        switch outcome {
        case .refused(let message):
            return refusal(message, request: request, context: context, status: .forbidden)
        case .signIn(let accountID):
            guard let account = try await services.accounts.account(id: accountID) else {
                return refusal(SignInSteps.expiredMessage, request: request, context: context, status: .badRequest)
            }
            if let existing { try await identities.touchIdentity(id: existing.id, at: services.now()) }
            return try await services.startSession(for: account, request: request)
        case .createAccount(let email):
            let first = try await services.accounts.accountCount() == 0
            // An invite is used up now (once, atomically) and gives its role.
            let invite = try await step.invite.asyncFlatMap { try await services.usableLink($0, purpose: .invite) }
            if let invite, !(try await services.links.useLink(id: invite.id, now: services.now())) {
                return refusal(InviteFlow.Message.invalid, request: request, context: context, status: .gone)
            }
            let role: MemberRole = first ? .admin : invite.flatMap { MemberRole(rawValue: $0.payload) } ?? .member
            let account = Account(email: email, passwordHash: "", userID: UUID(), role: role, createdAt: services.now())
            do {
                if first {
                    guard try await services.accounts.createFirstAccount(account) else { return WebResponses.redirect("/signin") }
                } else {
                    try await services.accounts.createAccount(account)
                }
                var linked = identity
                linked.accountID = account.id
                try await identities.linkIdentity(linked)
            } catch RepositoryError.conflict {
                return refusal(SignInSteps.expiredMessage, request: request, context: context, status: .conflict)
            }
            try await services.record(.joined, account: account.id, request: request)
            return try await services.startSession(for: account, request: request, next: "/onboarding")
        case .link(let accountID):
            var linked = identity
            linked.accountID = accountID
            do {
                try await identities.linkIdentity(linked)
            } catch RepositoryError.conflict {
                return refusal(
                    "That \(providers.name(of: identity.providerID)) account is already linked to another member.", request: request,
                    context: context, status: .conflict)
            }
            try await services.record(.providerLinked, account: accountID, request: request)
            return WebResponses.redirect("/settings/security/linked?linked=\(identity.providerID)")
        case .alreadyLinked:
            return WebResponses.redirect("/settings/security/linked?linked=\(identity.providerID)")
        case .confirmed:
            guard let signed = context.visitor.signedIn else { return WebResponses.redirect("/signin") }
            if let existing { try await identities.touchIdentity(id: existing.id, at: services.now()) }
            try await services.confirmPresence(signed, unlock: step.unlock == true, request: request)
            return WebResponses.redirect(
                step.unlock == true ? AppLock.safeNext(step.next) : SecurityController.next(step.next))
        }
    }

    /// The return page showing why the step stopped, with a way back.
    func refusal(_ message: String, request: Request, context: AirFitRequestContext, status: HTTPResponse.Status) -> Response {
        let view = ProviderReturnView(
            action: nil, code: "", state: "", providerName: "", back: context.visitor.signedIn == nil ? "/signin" : "/settings/security")
        return views.signedOutResponse(
            view, title: "Signing in", request: request, visitor: context.visitor, problems: [message], heading: nil, status: status)
    }
}

extension Optional {
    /// `map` for an async transform that may return nil.
    func asyncFlatMap<T>(_ transform: (Wrapped) async throws -> T?) async rethrows -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
