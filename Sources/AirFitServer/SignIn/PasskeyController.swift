import AirFitCore
import Foundation
import Hummingbird

/// Passkeys: Settings → Security → Passkeys (add with a name, list, remove), signing in with one (no email typed),
/// re-authenticating with one, and unlocking the app lock with one (Face ID on an iPhone).
///
/// Each action is two requests: a script asks for options (a fresh challenge, JSON), the browser's authenticator
/// answers, and the script posts the answer with the form, which this controller checks.
struct PasskeyController: Sendable {
    let services: AccountServices
    let passkeys: PasskeyService
    let identities: any LinkedIdentityRepository
    let pages: ConfirmPages
    let views: Views

    static let listPath = "/settings/security/passkeys"

    /// The signed-out group's routes: sign-in and unlock (a locked session is not let into the signed-in group).
    func addRoutes(to group: RouterGroup<AirFitRequestContext>) {
        group.post("/auth/passkey/options") { request, context -> Response in
            try await passkeys.authenticationOptions(.passkeySignIn, accountID: nil, request: request, visitor: context.visitor)
        }
        group.post("/auth/passkey") { request, context -> Response in
            let form = try await request.decodeForm(PasskeyForm.self)
            switch try await passkeys.authenticate(
                form, purpose: .passkeySignIn, accountID: nil, request: request, visitor: context.visitor)
            {
            case .failure(let problem):
                return pages.signIn(
                    email: "", request: request, visitor: context.visitor, problems: [problem.message], status: .unauthorized)
            case .success(let passkey):
                guard let account = try await services.accounts.account(id: passkey.accountID) else {
                    throw HTTPError(.unauthorized, message: "That passkey's account no longer exists.")
                }
                return try await services.startSession(for: account, request: request)
            }
        }
        group.post("/unlock/passkey/options") { request, context -> Response in
            guard case .locked(let signed) = context.visitor else {
                return PasskeyService.failure("AirFit isn't locked.", status: .conflict)
            }
            return try await passkeys.authenticationOptions(
                .passkeyUnlock, accountID: signed.account.id, request: request, visitor: context.visitor)
        }
        group.post("/unlock/passkey") { request, context -> Response in
            guard case .locked(let signed) = context.visitor else { return WebResponses.redirect("/") }
            let form = try await request.decodeForm(PasskeyForm.self)
            let next = AppLock.safeNext(form.next)
            switch try await passkeys.authenticate(
                form, purpose: .passkeyUnlock, accountID: signed.account.id, request: request, visitor: context.visitor)
            {
            case .failure(let problem):
                return try await pages.unlock(signed, next: next, problems: [problem.message], status: .unauthorized)
            case .success:
                try await services.confirmPresence(signed, unlock: true, request: request)
                return WebResponses.redirect(next)
            }
        }
    }

    func addSignedInRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.get(RouterPath(stringLiteral: Self.listPath)) { request, context -> Response in
            try await listPage(context.signed, notice: request.uri.queryParameters["added"] != nil ? "Passkey added." : nil)
        }
        group.post("/settings/security/passkeys/options") { request, context -> Response in
            let signed = context.signed
            guard Reauthentication.isRecent(signed.session, now: services.now()) else {
                return PasskeyService.failure("Confirm it's you again before adding a passkey: reload this page.", status: .forbidden)
            }
            // The authenticator shows these; a provider-managed address (Apple's private relay) is never one of them.
            let name = signed.account.hasPassword ? signed.account.email : (signed.user.nickname ?? "AirFit")
            return try await passkeys.registrationOptions(
                for: signed.account, userName: name, displayName: signed.user.nickname ?? name, request: request,
                visitor: .active(context.signed))
        }
        group.post(RouterPath(stringLiteral: Self.listPath)) { request, context -> Response in
            let signed = context.signed
            if let gate = SudoGate.check(signed, now: services.now(), returningTo: Self.listPath) { return gate }
            let form = try await request.decodeForm(PasskeyForm.self)
            let fallback = DeviceName.from(userAgent: request.headers[.userAgent]) ?? "Passkey"
            guard let name = PasskeyName.normalized(form.name, fallback: fallback) else {
                return try await listPage(signed, problems: [PasskeyName.problem(form.name ?? "") ?? ""], status: .unprocessableContent)
            }
            switch try await passkeys.register(
                form, name: name, account: signed.account, request: request, visitor: .active(context.signed))
            {
            case .failure(let problem): return try await listPage(signed, problems: [problem.message], status: .unprocessableContent)
            case .success:
                try await services.record(.passkeyAdded, account: signed.account.id, request: request)
                return WebResponses.redirect(Self.listPath + "?added=1")
            }
        }
        group.post("/settings/security/passkeys/:passkey/remove") { request, context -> Response in
            let signed = context.signed
            if let gate = SudoGate.check(signed, now: services.now(), returningTo: Self.listPath) { return gate }
            guard let id = context.parameters.get("passkey").flatMap(UUID.init(uuidString:)) else {
                throw HTTPError(.notFound, message: "That passkey was already removed.")
            }
            guard try await passkeys.passkeys.passkeys(accountID: signed.account.id).contains(where: { $0.id == id }) else {
                throw HTTPError(.notFound, message: "That passkey was already removed.")
            }
            guard try await methods(of: signed.account).canRemoveOne else {
                return try await listPage(signed, problems: [SignInMethods.lastWayInMessage], status: .conflict)
            }
            guard try await passkeys.passkeys.removePasskey(id: id, accountID: signed.account.id) else {
                throw HTTPError(.notFound, message: "That passkey was already removed.")
            }
            try await services.record(.passkeyRemoved, account: signed.account.id, request: request)
            return WebResponses.redirect(Self.listPath)
        }
        group.post("/reauth/passkey/options") { request, context -> Response in
            try await passkeys.authenticationOptions(
                .passkeyReauthentication, accountID: context.signed.account.id, request: request, visitor: .active(context.signed))
        }
        group.post("/reauth/passkey") { request, context -> Response in
            let signed = context.signed
            let form = try await request.decodeForm(PasskeyForm.self)
            let next = SecurityController.next(form.next)
            switch try await passkeys.authenticate(
                form, purpose: .passkeyReauthentication, accountID: signed.account.id, request: request, visitor: .active(context.signed))
            {
            case .failure(let problem):
                return try await pages.reauth(signed, next: next, problems: [problem.message], status: .unauthorized)
            case .success:
                try await services.confirmPresence(signed, unlock: false, request: request)
                return WebResponses.redirect(next)
            }
        }
    }

    /// Passwords, providers and passkeys of `account`.
    func methods(of account: Account) async throws -> SignInMethods {
        SignInMethods(
            hasPassword: account.hasPassword, providers: try await identities.identities(accountID: account.id).count,
            passkeys: try await passkeys.passkeys.passkeys(accountID: account.id).count)
    }

    private func listPage(
        _ signed: SignedIn, notice: String? = nil, problems: [String] = [], status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        if let gate = SudoGate.check(signed, now: services.now(), returningTo: Self.listPath) { return gate }
        let zone = TimeZone(identifier: signed.user.timeZone) ?? .gmt
        let keys = try await passkeys.passkeys.passkeys(accountID: signed.account.id)
        let canRemove = try await methods(of: signed.account).canRemoveOne
        let view = PasskeysView(
            rows: keys.map {
                PasskeysView.Row(
                    id: $0.id.uuidString, name: $0.name, added: SecurityView.time($0.createdAt, zone: zone),
                    lastUsed: $0.lastUsedAt.map { SecurityView.time($0, zone: zone) }, synced: $0.backedUp, canRemove: canRemove)
            },
            available: passkeys.relyingParty != nil, unavailable: PasskeyService.unavailableMessage, origin: passkeys.publicOrigin,
            notice: notice)
        return views.response(view, title: "Passkeys", signed: signed, problems: problems, status: status)
    }
}

/// Settings → Security → Passkeys.
struct PasskeysView: PageView {
    static let template = "passkeys"
    struct Row: Sendable {
        let id: String
        let name: String
        let added: String
        let lastUsed: String?
        let synced: Bool
        let canRemove: Bool
    }
    let rows: [Row]
    let available: Bool
    let unavailable: String
    let origin: String
    let notice: String?
}
