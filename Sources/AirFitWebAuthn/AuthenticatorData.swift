import Foundation

/// The authenticator data of WebAuthn L2 §6.1: RP ID hash, flags, counter, and optional attested credential data.
struct AuthenticatorData: Sendable, Equatable {
    /// The flags byte's bits (§6.1).
    struct Flags: OptionSet, Sendable, Equatable {
        let rawValue: UInt8
        static let userPresent = Flags(rawValue: 0x01)
        static let userVerified = Flags(rawValue: 0x04)
        static let backupEligible = Flags(rawValue: 0x08)
        static let backedUp = Flags(rawValue: 0x10)
        static let attestedCredentialData = Flags(rawValue: 0x40)
        static let extensionData = Flags(rawValue: 0x80)
    }

    /// The credential a registration creates (§6.5.1).
    struct AttestedCredential: Sendable, Equatable {
        let aaguid: Data
        let credentialID: Data
        /// The COSE_Key bytes exactly as they appear.
        let publicKey: Data
    }

    /// Longest credential ID accepted (§5.8.3 of L3: 1023 bytes).
    static let maximumCredentialIDLength = 1023

    let rpIDHash: Data
    let flags: Flags
    let signCount: UInt32
    let attestedCredential: AttestedCredential?

    /// Parses the bytes; everything must be consumed (extensions are one CBOR map that is skipped).
    init(_ data: Data) throws(WebAuthnError) {
        let bytes = [UInt8](data)
        guard bytes.count >= 37 else { throw .malformed("authenticator data is too short") }
        rpIDHash = Data(bytes[0..<32])
        flags = Flags(rawValue: bytes[32])
        signCount = bytes[33..<37].reduce(0) { ($0 << 8) | UInt32($1) }
        var offset = 37
        if flags.contains(.attestedCredentialData) {
            guard bytes.count - offset >= 18 else { throw .malformed("attested credential data is too short") }
            let aaguid = Data(bytes[offset..<(offset + 16)])
            let idLength = Int(bytes[offset + 16]) << 8 | Int(bytes[offset + 17])
            offset += 18
            guard idLength >= 1, idLength <= Self.maximumCredentialIDLength else {
                throw .malformed("a credential ID of unsupported length")
            }
            guard bytes.count - offset >= idLength else { throw .malformed("authenticator data ends inside the credential ID") }
            let credentialID = Data(bytes[offset..<(offset + idLength)])
            offset += idLength
            var decoder = CBORDecoder(Data(bytes[offset...]))
            let key = try decoder.decodeItem()
            guard key.mapValue != nil else { throw .malformed("a credential public key that is not a map") }
            let keyBytes = Data(bytes[offset..<(offset + decoder.offset)])
            offset += decoder.offset
            attestedCredential = AttestedCredential(aaguid: aaguid, credentialID: credentialID, publicKey: keyBytes)
        } else {
            attestedCredential = nil
        }
        if flags.contains(.extensionData) {
            var decoder = CBORDecoder(Data(bytes[offset...]))
            guard try decoder.decodeItem().mapValue != nil else { throw .malformed("extension data that is not a map") }
            offset += decoder.offset
        }
        guard offset == bytes.count else { throw .malformed("extra bytes after the authenticator data") }
    }
}
