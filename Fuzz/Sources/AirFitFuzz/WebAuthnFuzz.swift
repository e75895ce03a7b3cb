import AirFitWebAuthn
import Foundation

/// What a browser posts for a passkey, from anyone: every parser of it (CBOR items, authenticator data, COSE keys,
/// attestation objects, the credential JSON) must refuse bad bytes with an error, never crash or allocate without bound.
enum WebAuthnFuzz {
    static func run(_ input: UnsafeBufferPointer<UInt8>) {
        WebAuthnFuzzing.parse(Data(buffer: input))
    }
}
