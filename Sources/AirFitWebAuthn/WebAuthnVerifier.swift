import Crypto
public import Foundation

/// The relying party's checks of WebAuthn Level 2 §7.1 (registration) and §7.2 (authentication).
public enum WebAuthnVerifier {
    /// §7.1 of WebAuthn L2: verifies a new credential and returns what to store.
    ///
    /// Checks clientData type "webauthn.create", the challenge (constant-time), the origin and token binding; the
    /// attestation object `{fmt, attStmt, authData}`; the RP ID hash, UP, UV when required, attested credential data
    /// whose ID equals `rawID`; the COSE key (ES256, EdDSA or RS256); and attestation "none" or "packed" self
    /// attestation. Attestation with certificates (x5c) is refused, as we cannot validate certificate chains.
    /// - Throws: `WebAuthnError`, naming the first check that failed.
    public static func verifyRegistration(
        _ credential: RegistrationCredential, expectedChallenge: Data,
        relyingParty: RelyingParty, requireUserVerification: Bool
    ) throws -> RegisteredPasskey {
        let clientData = try ClientData(json: credential.clientDataJSON)
        try clientData.verify(expectedType: "webauthn.create", expectedChallenge: expectedChallenge, relyingParty: relyingParty)
        let attestation = try AttestationObject(bytes: credential.attestationObject)
        let authData = attestation.authenticatorData
        try checkFlags(authData, relyingParty: relyingParty, requireUserVerification: requireUserVerification)
        guard let attested = authData.attestedCredential, authData.flags.contains(.attestedCredentialData) else {
            throw WebAuthnError.malformed("the authenticator data has no credential")
        }
        guard attested.credentialID == credential.rawID else {
            throw WebAuthnError.malformed("the credential id does not match the authenticator data")
        }
        let key = try COSEKey(bytes: attested.publicKey)
        let signedData = attestation.rawAuthenticatorData + SHA256.hash(data: credential.clientDataJSON)
        try verifyStatement(attestation, key: key, signedData: signedData)
        return RegisteredPasskey(
            credentialID: attested.credentialID, publicKey: attested.publicKey, algorithm: key.algorithm.rawValue,
            signCount: authData.signCount, userVerified: authData.flags.contains(.userVerified),
            backupEligible: authData.flags.contains(.backupEligible), backedUp: authData.flags.contains(.backedUp),
            attestationFormat: attestation.format, aaguid: attested.aaguid
        )
    }

    /// §7.2: verifies a sign-in with the stored COSE key and counter.
    ///
    /// Checks clientData type "webauthn.get", challenge, origin, RP ID hash, UP, UV when required, the signature over
    /// authenticatorData || SHA256(clientDataJSON) (ES256 DER, EdDSA raw, RS256 PKCS#1 v1.5 SHA-256), and the counter:
    /// if `storedSignCount` > 0 or the new count > 0, the new count must be greater than the stored one.
    /// - Throws: `WebAuthnError`; `.counterRegressed` points at a cloned authenticator or a replayed assertion.
    public static func verifyAssertion(
        _ credential: AssertionCredential, expectedChallenge: Data,
        relyingParty: RelyingParty, publicKey: Data, storedSignCount: UInt32, requireUserVerification: Bool
    ) throws -> VerifiedAssertion {
        let key = try COSEKey(bytes: publicKey)
        let clientData = try ClientData(json: credential.clientDataJSON)
        try clientData.verify(expectedType: "webauthn.get", expectedChallenge: expectedChallenge, relyingParty: relyingParty)
        let authData = try AuthenticatorData(credential.authenticatorData)
        try checkFlags(authData, relyingParty: relyingParty, requireUserVerification: requireUserVerification)
        let signedData = credential.authenticatorData + SHA256.hash(data: credential.clientDataJSON)
        guard key.isValidSignature(credential.signature, for: signedData) else { throw WebAuthnError.badSignature }
        if storedSignCount > 0 || authData.signCount > 0 {
            guard authData.signCount > storedSignCount else { throw WebAuthnError.counterRegressed }
        }
        return VerifiedAssertion(
            credentialID: credential.rawID, signCount: authData.signCount, userVerified: authData.flags.contains(.userVerified),
            backedUp: authData.flags.contains(.backedUp), userHandle: credential.userHandle
        )
    }

    /// RP ID hash, user presence, user verification when required, and backup flags that make sense together.
    private static func checkFlags(
        _ authData: AuthenticatorData, relyingParty: RelyingParty, requireUserVerification: Bool
    ) throws(WebAuthnError) {
        guard authData.rpIDHash == Data(SHA256.hash(data: Data(relyingParty.id.utf8))) else { throw .rpIDMismatch }
        guard authData.flags.contains(.userPresent) else { throw .userNotPresent }
        if requireUserVerification, !authData.flags.contains(.userVerified) { throw .userNotVerified }
        if authData.flags.contains(.backedUp), !authData.flags.contains(.backupEligible) {
            throw .malformed("backup flags that contradict each other")
        }
    }

    /// Attestation "none" (empty statement) or "packed" self attestation; everything else is refused.
    private static func verifyStatement(_ attestation: AttestationObject, key: COSEKey, signedData: Data) throws(WebAuthnError) {
        guard let statement = attestation.statement.mapValue else { throw .malformed("the attestation statement is not a map") }
        switch attestation.format {
        case "none":
            guard statement.isEmpty else { throw .unsupportedAttestation("a \"none\" attestation must have an empty statement") }
        case "packed":
            if attestation.statement[textKey: "x5c"] != nil {
                throw .unsupportedAttestation("attestation with certificates is not supported; choose no attestation")
            }
            if attestation.statement[textKey: "ecdaaKeyId"] != nil { throw .unsupportedAttestation("ECDAA is not supported") }
            guard let alg = attestation.statement[textKey: "alg"]?.intValue,
                let signature = attestation.statement[textKey: "sig"]?.bytesValue, statement.count == 2
            else { throw .malformed("a packed attestation statement without exactly alg and sig") }
            guard alg == key.algorithm.rawValue else {
                throw .unsupportedAttestation("the self-attestation algorithm differs from the credential key's")
            }
            guard key.isValidSignature(signature, for: signedData) else { throw .badSignature }
        default:
            throw .unsupportedAttestation("only \"none\" and \"packed\" attestation formats are accepted")
        }
    }
}
