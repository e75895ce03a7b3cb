import AirFitCore
import AirFitWebAuthn
import Foundation
import Hummingbird

/// The WebAuthn steps every passkey route shares: options with a fresh single-use challenge, and checking what the
/// browser's authenticator answered against that challenge and the stored keys.
struct PasskeyService: Sendable {
    let passkeys: any PasskeyRepository
    let steps: SignInSteps
    /// This site as WebAuthn sees it (from `AIRFIT_PUBLIC_URL`); `nil` when that origin can't hold passkeys.
    let relyingParty: RelyingParty?
    /// The address people use (`AIRFIT_PUBLIC_URL`), named when passkeys can't work here.
    let publicOrigin: String
    let now: @Sendable () -> Date

    /// The relying party for `publicURL`, when passkeys can work there: a host name (browsers refuse IP addresses as
    /// RP IDs), over HTTPS or on localhost (a secure context).
    static func relyingParty(for publicURL: URL) -> RelyingParty? {
        guard let host = publicURL.host(), !host.isEmpty, !host.contains(":"), !host.allSatisfy({ $0.isNumber || $0 == "." }),
            publicURL.scheme == "https" || host == "localhost" || host.hasSuffix(".localhost")
        else { return nil }
        return try? RelyingParty(publicOrigin: publicURL, name: "AirFit")
    }

    /// Why passkeys are off on this installation, for the pages.
    static let unavailableMessage =
        "Passkeys need AirFit at an HTTPS address (or localhost): set AIRFIT_PUBLIC_URL to it, with AIRFIT_TLS_CERT and "
        + "AIRFIT_TLS_KEY or behind a reverse proxy that adds HTTPS."

    /// The answer when passkeys are off or the request can't be served.
    static func failure(_ message: String, status: HTTPResponse.Status) -> Response {
        WebResponses.json(#"{"error":\#(JSONText.quoted(message))}"#, status: status)
    }

    /// Creation options for `account` (excluding the keys it already has), named `userName` in the authenticator, or a
    /// JSON error.
    func registrationOptions(
        for account: Account, userName: String, displayName: String, request: Request, visitor: Visitor
    ) async throws -> Response {
        guard let relyingParty else { return Self.failure(Self.unavailableMessage, status: .conflict) }
        let existing = try await passkeys.passkeys(accountID: account.id).map(\.credentialID)
        let value = try await steps.start(
            .passkeyRegistration, accountID: account.id, payload: [String: String](), request: request, visitor: visitor)
        let options = WebAuthnOptions.registration(
            relyingParty: relyingParty, userID: Self.userHandle(account.id), userName: userName, userDisplayName: displayName,
            challenge: Base64URL.decode(value) ?? Data(), excluding: existing)
        return WebResponses.json(options)
    }

    /// Request options for `purpose`: any discoverable passkey of this site (`accountID` nil: signing in), or the
    /// passkeys of `accountID` (re-authentication, unlock).
    func authenticationOptions(
        _ purpose: AuthChallenge.Purpose, accountID: UUID?, request: Request, visitor: Visitor
    ) async throws -> Response {
        guard let relyingParty else { return Self.failure(Self.unavailableMessage, status: .conflict) }
        var allowed: [Data] = []
        if let accountID {
            allowed = try await passkeys.passkeys(accountID: accountID).map(\.credentialID)
            guard !allowed.isEmpty else { return Self.failure("You have no passkeys yet.", status: .conflict) }
        }
        let value = try await steps.start(purpose, accountID: accountID, payload: [String: String](), request: request, visitor: visitor)
        return WebResponses.json(
            WebAuthnOptions.authentication(relyingParty: relyingParty, challenge: Base64URL.decode(value) ?? Data(), allowing: allowed))
    }

    /// Checks a new passkey for `account` and stores it under `name`.
    func register(_ form: PasskeyForm, name: String, account: Account, request: Request, visitor: Visitor) async throws -> Result<
        Passkey, PasskeyProblem
    > {
        guard let relyingParty else { return .failure(.init(Self.unavailableMessage)) }
        guard
            let (challenge, _) = try await steps.finish(
                .passkeyRegistration, value: form.challenge, as: [String: String].self, request: request, visitor: visitor),
            challenge.accountID == account.id, let value = form.challenge, let expected = Base64URL.decode(value)
        else { return .failure(.init(SignInSteps.expiredMessage)) }
        let registered: RegisteredPasskey
        do {
            let credential = try RegistrationCredential.decode(json: Data((form.credential ?? "").utf8))
            registered = try WebAuthnVerifier.verifyRegistration(
                credential, expectedChallenge: expected, relyingParty: relyingParty, requireUserVerification: true)
        } catch let error as WebAuthnError {
            return .failure(.init(error.message))
        }
        let passkey = Passkey(
            accountID: account.id, credentialID: registered.credentialID, publicKey: registered.publicKey, algorithm: registered.algorithm,
            signCount: registered.signCount, name: name, backedUp: registered.backedUp, createdAt: now())
        do {
            try await passkeys.addPasskey(passkey)
        } catch RepositoryError.conflict {
            return .failure(.init("This passkey is already registered."))
        }
        return .success(passkey)
    }

    /// Checks an assertion for `purpose`; the passkey used (for `accountID` when given) with its counter moved on.
    func authenticate(
        _ form: PasskeyForm, purpose: AuthChallenge.Purpose, accountID: UUID?, request: Request, visitor: Visitor
    ) async throws -> Result<Passkey, PasskeyProblem> {
        guard let relyingParty else { return .failure(.init(Self.unavailableMessage)) }
        guard
            let (challenge, _) = try await steps.finish(
                purpose, value: form.challenge, as: [String: String].self, request: request, visitor: visitor),
            challenge.accountID == accountID, let value = form.challenge, let expected = Base64URL.decode(value)
        else { return .failure(.init(SignInSteps.expiredMessage)) }
        let refused = PasskeyProblem("That passkey isn't registered for this account.")
        do {
            let credential = try AssertionCredential.decode(json: Data((form.credential ?? "").utf8))
            guard let passkey = try await passkeys.passkey(credentialID: credential.rawID),
                accountID == nil || passkey.accountID == accountID
            else { return .failure(refused) }
            // The authenticator's user handle, when it sends one, must be the passkey's own account.
            if let handle = credential.userHandle, handle != Self.userHandle(passkey.accountID) { return .failure(refused) }
            let verified = try WebAuthnVerifier.verifyAssertion(
                credential, expectedChallenge: expected, relyingParty: relyingParty, publicKey: passkey.publicKey,
                storedSignCount: passkey.signCount, requireUserVerification: true)
            guard try await passkeys.recordPasskeyUse(id: passkey.id, from: passkey.signCount, to: verified.signCount, at: now()) else {
                return .failure(.init(WebAuthnError.counterRegressed.message))
            }
            return .success(passkey)
        } catch let error as WebAuthnError {
            return .failure(.init(error.message))
        }
    }

    /// The WebAuthn user handle of an account: its id's 16 bytes (no email or name).
    static func userHandle(_ accountID: UUID) -> Data {
        withUnsafeBytes(of: accountID.uuid) { Data($0) }
    }
}

/// Why a passkey step failed, in words for the person.
struct PasskeyProblem: Error, Equatable {
    let message: String
    init(_ message: String) { self.message = message }
}

/// What a passkey form posts: the authenticator's answer as JSON, the challenge it answered, and (registering) a name.
struct PasskeyForm: Decodable {
    @FormText var credential: String?
    @FormText var challenge: String?
    @FormText var name: String?
    @FormText var next: String?
}

/// JSON string quoting for the few hand-written JSON answers.
enum JSONText {
    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
