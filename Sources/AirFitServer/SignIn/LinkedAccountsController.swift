import AirFitCore
import AirFitOIDC
import Foundation
import Hummingbird

/// Settings → Security → Linked accounts (the spec's `LinkedAccountsView`): every configured provider with Link or
/// Unlink. Linking starts at ``ProviderSignInController`` after re-authentication; unlinking needs re-authentication
/// too, and is hidden (and refused) when it would leave the person no way in.
struct LinkedAccountsController: Sendable {
    let services: AccountServices
    let providers: SignInProviders
    let identities: any LinkedIdentityRepository
    let passkeys: any PasskeyRepository
    let views: Views

    static let path = "/settings/security/linked"

    func addRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.get(RouterPath(stringLiteral: Self.path)) { request, context -> Response in
            let linked = request.uri.queryParameters["linked"].map { providers.name(of: String($0.prefix(32))) }
            return try await page(context.signed, notice: linked.map { "\($0) is linked. You can sign in with it now." })
        }
        group.post("/settings/security/linked/identities/:identity/unlink") { request, context -> Response in
            let signed = context.signed
            if let gate = SudoGate.check(signed, now: services.now(), returningTo: Self.path) { return gate }
            guard let id = context.parameters.get("identity").flatMap(UUID.init(uuidString:)) else {
                throw HTTPError(.notFound, message: "That provider is no longer linked.")
            }
            guard try await identities.identities(accountID: signed.account.id).contains(where: { $0.id == id }) else {
                throw HTTPError(.notFound, message: "That provider is no longer linked.")
            }
            guard try await methods(of: signed.account).canRemoveOne else {
                return try await page(signed, problems: [SignInMethods.lastWayInMessage], status: .conflict)
            }
            guard try await identities.unlinkIdentity(id: id, accountID: signed.account.id) else {
                throw HTTPError(.notFound, message: "That provider is no longer linked.")
            }
            try await services.record(.providerUnlinked, account: signed.account.id, request: request)
            return WebResponses.redirect(Self.path)
        }
    }

    private func methods(of account: Account) async throws -> SignInMethods {
        SignInMethods(
            hasPassword: account.hasPassword, providers: try await identities.identities(accountID: account.id).count,
            passkeys: try await passkeys.passkeys(accountID: account.id).count)
    }

    private func page(
        _ signed: SignedIn, notice: String? = nil, problems: [String] = [], status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let linked = try await identities.identities(accountID: signed.account.id)
        let canUnlink = try await methods(of: signed.account).canRemoveOne
        var rows: [LinkedAccountsView.Row] = providers.providers.map { provider in
            let identity = linked.first { $0.providerID == provider.id }
            return LinkedAccountsView.Row(
                providerID: provider.id, name: provider.displayName, identityID: identity?.id.uuidString,
                detail: identity.map { $0.email ?? "Linked" }, canLink: identity == nil, canUnlink: identity != nil && canUnlink)
        }
        // Identities of providers no longer configured still show, so they can be unlinked.
        for identity in linked where !providers.providers.contains(where: { $0.id == identity.providerID }) {
            rows.append(
                LinkedAccountsView.Row(
                    providerID: identity.providerID, name: providers.name(of: identity.providerID), identityID: identity.id.uuidString,
                    detail: identity.email ?? "Linked", canLink: false, canUnlink: canUnlink))
        }
        let view = LinkedAccountsView(
            email: signed.account.hasPassword ? signed.account.email : nil, rows: rows, notice: notice,
            noProviders: providers.providers.isEmpty)
        return views.response(view, title: "Linked accounts", signed: signed, problems: problems, status: status)
    }
}
