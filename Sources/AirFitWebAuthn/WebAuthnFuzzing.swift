public import Foundation

/// An entry point for the libFuzzer harness: every parser of untrusted bytes, run on the same input.
public enum WebAuthnFuzzing {
    /// Runs the CBOR item, authenticator data, COSE key, attestation object, client data and both credential JSON
    /// parsers on `bytes`, discarding their errors. It must never crash, hang or allocate without bound.
    public static func parse(_ bytes: Data) {
        _ = try? CBORDecoder.decodeSingle(bytes)
        var decoder = CBORDecoder(bytes)
        _ = try? decoder.decodeItem()
        _ = try? AuthenticatorData(bytes)
        if let key = try? COSEKey(bytes: bytes) {
            _ = key.isValidSignature(bytes, for: bytes)
        }
        _ = try? AttestationObject(bytes: bytes)
        _ = try? ClientData(json: bytes)
        _ = try? RegistrationCredential.decode(json: bytes)
        _ = try? AssertionCredential.decode(json: bytes)
    }
}
