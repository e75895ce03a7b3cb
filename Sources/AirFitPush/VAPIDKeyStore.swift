public import AirFitCore
public import Foundation

/// Keeps the installation's VAPID key in the vault: made on first use, the same ever after (browsers' subscriptions
/// are bound to its public key).
public struct VAPIDKeyStore: Sendable {
    /// The vault entry's owner: the installation, not a member.
    public static let installation = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!
    /// The vault entry's name.
    public static let entry = "vapid"

    private let vault: any SecretVault

    /// A store over `vault`.
    public init(vault: any SecretVault) { self.vault = vault }

    /// The stored key, made and stored first when there is none.
    /// - Throws: ``PushError/vapid(_:)`` when a stored key can't be read; the vault's errors as they come.
    public func key() async throws -> VAPIDKey {
        if let stored = try await vault.secret(provider: Self.entry, userID: Self.installation) { return try Self.decode(stored) }
        try await vault.saveSecret(Base64URL.encode(VAPIDKey().rawRepresentation), provider: Self.entry, userID: Self.installation)
        // Read back what is stored: when two servers start at once, both use the one that was written last.
        guard let stored = try await vault.secret(provider: Self.entry, userID: Self.installation) else {
            throw PushError.vapid("the vault did not keep the new key.")
        }
        return try Self.decode(stored)
    }

    private static func decode(_ text: String) throws -> VAPIDKey {
        guard let raw = Base64URL.decode(text) else {
            throw PushError.vapid("the stored key is not base64url; remove it to have a new one made.")
        }
        return try VAPIDKey(rawRepresentation: raw)
    }
}
