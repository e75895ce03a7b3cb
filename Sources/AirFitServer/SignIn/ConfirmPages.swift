import AirFitCore
import AirFitOIDC
import Foundation
import Hummingbird

/// The pages where a person proves who they are (sign-in, unlock, re-authentication), each offering every way that
/// person has: password, passkey, linked providers.
struct ConfirmPages: Sendable {
    let views: Views
    let identities: any LinkedIdentityRepository
    let passkeys: any PasskeyRepository
    let providers: SignInProviders
    /// Whether passkeys can work at the public origin (``PasskeyService/relyingParty(for:)``).
    let passkeysAvailable: Bool
    let signup: SignupPolicy

    /// A button per configured provider.
    var providerButtons: [ProviderButton] { providers.providers.map { ProviderButton(id: $0.id, name: $0.displayName) } }

    /// The sign-in page: email and password, a button per configured provider, and "Sign in with a passkey".
    func signIn(
        email: String, request: Request, visitor: Visitor, problems: [String] = [], status: HTTPResponse.Status = .ok
    ) -> Response {
        let view = SignInView(
            email: email, canSignUp: signup == .open,
            providers: providers.providers.map { ProviderButton(id: $0.id, name: $0.displayName) },
            passkeys: passkeysAvailable)
        return views.signedOutResponse(
            view, title: "Sign in", request: request, visitor: visitor, problems: problems, heading: nil, status: status)
    }

    /// The app lock's page, with the password form (if any), the passkey button and linked providers.
    func unlock(_ signed: SignedIn, next: String, problems: [String] = [], status: HTTPResponse.Status = .ok) async throws -> Response {
        let ways = try await ways(of: signed.account)
        let page = UnlockView(
            email: signed.account.hasPassword ? signed.account.email : nil, next: next, minutes: signed.user.appLockTimeoutMinutes,
            hasPassword: signed.account.hasPassword,
            passkey: ways.passkey, providers: ways.providers)
        return views.response(
            page, title: "Unlock", user: signed.user, chrome: PageChrome(csrf: signed.session.csrfToken, errors: problems), status: status)
    }

    /// "Confirm it's you", returning to `next`.
    func reauth(_ signed: SignedIn, next: String, problems: [String] = [], status: HTTPResponse.Status = .ok) async throws -> Response {
        let ways = try await ways(of: signed.account)
        let view = ReauthView(next: next, hasPassword: signed.account.hasPassword, passkey: ways.passkey, providers: ways.providers)
        return views.response(view, title: "Confirm it's you", signed: signed, problems: problems, status: status)
    }

    /// The passkey and linked (still configured) providers `account` can confirm with.
    private func ways(of account: Account) async throws -> (passkey: Bool, providers: [ProviderButton]) {
        let linked = Set(try await identities.identities(accountID: account.id).map(\.providerID))
        let buttons = providers.providers.filter { linked.contains($0.id) }.map { ProviderButton(id: $0.id, name: $0.displayName) }
        guard passkeysAvailable else { return (false, buttons) }
        let hasPasskey = !(try await passkeys.passkeys(accountID: account.id).isEmpty)
        return (hasPasskey, buttons)
    }
}

/// A "Continue with <provider>" button.
struct ProviderButton: Sendable, Equatable {
    let id: String
    let name: String
}
