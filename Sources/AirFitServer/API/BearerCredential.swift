import AirFitCore
import Foundation
import Hummingbird

/// What a request's `Authorization: Bearer …` header proved: nothing sent, a live personal access token of a member,
/// or a token that does not work (unknown, revoked, expired).
///
/// A request with the header is judged by the token alone: its cookies are ignored, so a token never borrows a
/// browser session and CSRF (a browser-only attack) does not apply to it.
enum BearerCredential: Sendable {
    case absent
    case valid(TokenAccess)
    case invalid(String)

    /// The secret in `request`'s `Authorization` header, if it uses the Bearer scheme (case-insensitive, per RFC 6750).
    static func secret(in request: Request) -> String? {
        guard let header = request.headers[.authorization], header.count > 7,
            header.prefix(7).lowercased() == "bearer "
        else { return nil }
        let secret = header.dropFirst(7).trimmingCharacters(in: .whitespaces)
        return secret.isEmpty ? nil : secret
    }
}

/// A member signed in by a personal access token.
struct TokenAccess: Sendable {
    let token: APIToken
    let account: Account
    let user: User
}

/// Resolves bearer tokens to members and records their use (at most once a minute per token, so a busy script doesn't
/// make every request a write).
struct BearerTokens: Sendable {
    let tokens: any APITokenRepository
    let accounts: any AccountRepository
    let users: any UserRepository
    let now: @Sendable () -> Date

    /// The longest secret looked at; anything longer is not one of ours.
    static let maxSecretLength = 128

    /// What `request`'s bearer header proves. Another scheme (`Basic` from a proxy in front of AirFit) is not ours and
    /// is ignored: the browser session still counts.
    func credential(for request: Request) async throws -> BearerCredential {
        guard let secret = BearerCredential.secret(in: request) else { return .absent }
        guard secret.utf8.count <= Self.maxSecretLength else {
            return .invalid("This token is not valid: it was revoked or mistyped. Create a new one in Settings → API tokens.")
        }
        let now = now()
        guard let token = try await tokens.apiToken(secretHash: APITokenSecret.hash(secret)) else {
            return .invalid("This token is not valid: it was revoked or mistyped. Create a new one in Settings → API tokens.")
        }
        guard !token.isExpired(at: now) else {
            return .invalid("This token expired. Create a new one in Settings → API tokens.")
        }
        guard let account = try await accounts.account(id: token.accountID), let user = try await users.user(id: account.userID) else {
            return .invalid("This token's account no longer exists.")
        }
        if token.lastUsedAt.map({ now.timeIntervalSince($0) >= APIToken.useRecordingInterval }) ?? true {
            try await tokens.recordAPITokenUse(id: token.id, at: now)
        }
        return .valid(TokenAccess(token: token, account: account, user: user))
    }
}
