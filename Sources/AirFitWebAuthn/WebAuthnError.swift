/// Every failure; `message` is what a person can be shown (never echoing their bytes).
public enum WebAuthnError: Error, Equatable, Sendable {
    /// What was wrong with the structure (CBOR/JSON), in generic wording.
    case malformed(String)
    /// Configuration: the public origin is not usable (no host, or not http/https).
    case invalidOrigin
    /// The client data type is not the one this ceremony expects.
    case wrongType
    /// The signed challenge is not the one this server issued.
    case challengeMismatch
    /// The page that made the request is not this site's origin.
    case originMismatch
    /// The authenticator data names a different relying party.
    case rpIDMismatch
    /// The authenticator did not report user presence.
    case userNotPresent
    /// The authenticator did not report user verification, and it is required.
    case userNotVerified
    /// The credential's COSE algorithm (or key type) is not one we accept.
    case unsupportedAlgorithm(Int)
    /// The attestation format or statement is not one we accept.
    case unsupportedAttestation(String)
    /// A signature did not verify.
    case badSignature
    /// The signature counter did not increase: a cloned authenticator or a replayed assertion.
    case counterRegressed

    /// A sentence a person can be shown; never contains the submitted bytes.
    public var message: String {
        switch self {
        case .malformed(let what): "The passkey response could not be read (\(what)). Please try again."
        case .invalidOrigin:
            "The server's public origin must be an http or https URL with a host, e.g. https://fit.example.com."
        case .wrongType: "The passkey response was for a different kind of request. Please try again."
        case .challengeMismatch: "This passkey request has expired or was already used. Please start again."
        case .originMismatch: "The passkey response came from a different web address than this site."
        case .rpIDMismatch: "The passkey belongs to a different site."
        case .userNotPresent: "The authenticator did not confirm that you were present. Please try again."
        case .userNotVerified: "The authenticator did not verify you (PIN or biometrics). Please try again and unlock it."
        case .unsupportedAlgorithm(let alg): "This passkey uses a key type we do not support (COSE algorithm \(alg))."
        case .unsupportedAttestation(let reason): "This authenticator's attestation is not supported (\(reason))."
        case .badSignature: "The passkey's signature could not be verified."
        case .counterRegressed:
            "This passkey's use counter went backwards, which can mean it was copied. Please sign in another way and check your passkeys."
        }
    }
}
