import Foundation

/// The CBOR attestation object of WebAuthn L2 §6.5: `{fmt, attStmt, authData}`, exactly one item.
struct AttestationObject: Sendable {
    let format: String
    /// The attestation statement map, still as CBOR (its shape depends on the format).
    let statement: CBORValue
    /// The raw authenticator data bytes (they are signed as-is).
    let rawAuthenticatorData: Data
    let authenticatorData: AuthenticatorData

    init(bytes: Data) throws(WebAuthnError) {
        let value = try CBORDecoder.decodeSingle(bytes)
        guard value.mapValue != nil else { throw .malformed("the attestation object is not a map") }
        guard let format = value[textKey: "fmt"]?.textValue else { throw .malformed("the attestation format is missing") }
        guard let statement = value[textKey: "attStmt"], statement.mapValue != nil else {
            throw .malformed("the attestation statement is missing")
        }
        guard let authData = value[textKey: "authData"]?.bytesValue else {
            throw .malformed("the authenticator data is missing")
        }
        self.format = format
        self.statement = statement
        self.rawAuthenticatorData = authData
        self.authenticatorData = try AuthenticatorData(authData)
    }
}
