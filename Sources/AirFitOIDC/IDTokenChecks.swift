import Foundation
import JWTKit

/// The claim rules of OpenID Connect Core §3.1.3.7, applied after the signature has been checked.
struct IDTokenChecks {
    /// Clock difference tolerated between us and the provider.
    static let leeway: TimeInterval = 60
    /// Oldest `iat` accepted: a token is used right after the redirect.
    static let maximumTokenAge: TimeInterval = 10 * 60
    static let googleLegacyIssuer = "accounts.google.com"

    let expectedIssuer: String
    let kind: OIDCProvider.Kind
    let clientID: String
    let nonce: String
    let maxAuthAge: TimeInterval?
    let now: Date

    func check(_ payload: IDTokenPayload) throws -> IDTokenClaims {
        let issuerMatches =
            payload.iss == expectedIssuer || (kind == .google && payload.iss == Self.googleLegacyIssuer)
        guard issuerMatches else {
            throw invalid("was issued by a different issuer than the configured one")
        }
        guard payload.aud.value.contains(clientID) else {
            throw invalid("is meant for another client (aud does not contain this client id)")
        }
        if payload.aud.value.count > 1 || payload.azp != nil, payload.azp != clientID {
            throw invalid("names another authorized party (azp is not this client id)")
        }
        guard !payload.sub.isEmpty, payload.sub.utf8.count <= 255 else {
            throw invalid("has an empty or overlong subject")
        }
        let current = now.timeIntervalSince1970
        guard let exp = Self.finite(payload.exp), current < exp + Self.leeway else {
            throw invalid("has expired; sign in again")
        }
        guard let iat = Self.finite(payload.iat), iat <= current + Self.leeway else {
            throw invalid("is issued in the future; check this server's clock")
        }
        guard current - iat <= Self.maximumTokenAge else {
            throw invalid("was issued more than 10 minutes ago; sign in again")
        }
        guard let tokenNonce = payload.nonce, Self.constantTimeEqual(tokenNonce, nonce), !nonce.isEmpty
        else {
            throw invalid("does not carry this sign-in's nonce; start the sign-in again")
        }
        let authTime = try checkedAuthTime(payload.authTime, current: current)
        let relay =
            payload.isPrivateEmail?.value == true
            || payload.email?.lowercased().hasSuffix("@privaterelay.appleid.com") == true
        return IDTokenClaims(
            issuer: payload.iss, subject: payload.sub, email: payload.email,
            emailVerified: payload.emailVerified?.value ?? false,
            name: payload.name, issuedAt: Date(timeIntervalSince1970: iat),
            authTime: authTime.map { Date(timeIntervalSince1970: $0) },
            isPrivateRelayEmail: relay)
    }

    private func checkedAuthTime(_ value: Double?, current: TimeInterval) throws -> TimeInterval? {
        let authTime = try value.map { raw in
            guard let time = Self.finite(raw), time <= current + Self.leeway else {
                throw invalid("has an authentication time in the future; check this server's clock")
            }
            return time
        }
        guard let maxAuthAge else { return authTime }
        guard maxAuthAge.isFinite, maxAuthAge >= 0 else {
            throw OIDCError(
                .configuration,
                "The allowed authentication age must be a finite number of seconds, 0 or more.")
        }
        guard let authTime else {
            throw OIDCError(
                .staleAuthentication,
                "The provider did not say when you last signed in there (auth_time), so this cannot count as a fresh sign-in."
            )
        }
        guard current - authTime <= maxAuthAge else {
            throw OIDCError(
                .staleAuthentication,
                "You signed in at the provider too long ago for this action; sign in again to confirm it's you."
            )
        }
        return authTime
    }

    private func invalid(_ reason: String) -> OIDCError {
        OIDCError(.invalidToken, "The ID token \(reason).")
    }

    /// A number from the token that is finite and within the years a token can name.
    static func finite(_ value: Double) -> Double? {
        value.isFinite && value >= 0 && value < 1e11 ? value : nil
    }

    /// Compares without stopping at the first difference, so timing does not reveal how much of a nonce matched.
    static func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}
