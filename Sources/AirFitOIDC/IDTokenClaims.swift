public import Foundation

/// The checked claims of an ID token.
public struct IDTokenClaims: Sendable, Equatable {
    /// `iss`: the provider's issuer identifier.
    public let issuer: String
    /// `sub`: the person's stable identifier at this provider.
    public let subject: String
    /// `email`, when the provider shared one.
    public let email: String?
    /// `email_verified` (true or "true"); false when absent.
    public let emailVerified: Bool
    /// `name`, when the provider shared one (Apple never puts it in the token).
    public let name: String?
    /// `iat`: when the token was issued.
    public let issuedAt: Date
    /// `auth_time`: when the person last actually authenticated, when the provider says.
    public let authTime: Date?
    /// Apple's private relay (an address at privaterelay.appleid.com, or is_private_email true): never shown.
    public let isPrivateRelayEmail: Bool
}
