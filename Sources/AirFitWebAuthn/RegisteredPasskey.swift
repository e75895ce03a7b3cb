public import Foundation

/// A credential that passed registration: what to store.
public struct RegisteredPasskey: Sendable, Equatable {
    /// The credential ID (look it up by this at sign-in).
    public let credentialID: Data
    /// The COSE_Key bytes exactly as in the attested credential data.
    public let publicKey: Data
    /// COSE algorithm: -7 (ES256), -8 (EdDSA) or -257 (RS256).
    public let algorithm: Int
    /// The authenticator's signature counter at registration (0 for authenticators without one).
    public let signCount: UInt32
    /// Whether the authenticator verified the user (PIN or biometrics).
    public let userVerified: Bool
    /// Whether the credential may be backed up or synced (a multi-device passkey).
    public let backupEligible: Bool
    /// Whether the credential is backed up now.
    public let backedUp: Bool
    /// "none" or "packed".
    public let attestationFormat: String
    /// The authenticator model's AAGUID, 16 bytes (all zero for most passkey providers).
    public let aaguid: Data
}

/// A sign-in that passed verification.
public struct VerifiedAssertion: Sendable, Equatable {
    /// The credential that signed.
    public let credentialID: Data
    /// The new signature counter: store it in place of the old one.
    public let signCount: UInt32
    /// Whether the authenticator verified the user.
    public let userVerified: Bool
    /// Whether the credential is backed up now (the flag can change over time).
    public let backedUp: Bool
    /// The user handle the authenticator returned, if any.
    public let userHandle: Data?
}
