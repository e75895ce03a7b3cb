import Crypto
import CryptoExtras
import Foundation

/// A credential public key decoded from its COSE_Key form (RFC 9053 / WebAuthn L2 §5.8.5), ready to verify signatures.
struct COSEKey: Sendable {
    /// COSE algorithm identifiers we accept.
    enum Algorithm: Int, Sendable {
        case es256 = -7
        case edDSA = -8
        case rs256 = -257
    }

    /// The verifying key itself.
    enum Key: Sendable {
        case p256(P256.Signing.PublicKey)
        case ed25519(Curve25519.Signing.PublicKey)
        case rsa(_RSA.Signing.PublicKey)
    }

    // COSE_Key labels (RFC 9052 §7.1, RFC 9053 §7.1 and RFC 8230 §4).
    private static let ktyLabel = 1
    private static let algLabel = 3
    private static let crvLabel = -1
    private static let xLabel = -2
    private static let yLabel = -3
    private static let rsaNLabel = -1
    private static let rsaELabel = -2
    /// Largest RSA modulus accepted (8192 bits), which bounds the cost of one verification.
    private static let maximumRSAModulusBytes = 1024

    let algorithm: Algorithm
    let key: Key

    /// Parses COSE_Key bytes: one CBOR map and nothing after it.
    init(bytes: Data) throws(WebAuthnError) {
        try self.init(CBORDecoder.decodeSingle(bytes))
    }

    /// Parses a decoded COSE_Key map, checking key type, curve and coordinate sizes for the algorithm.
    init(_ value: CBORValue) throws(WebAuthnError) {
        guard value.mapValue != nil else { throw .malformed("a credential public key that is not a map") }
        guard let kty = value[intKey: Self.ktyLabel]?.intValue else { throw .malformed("a credential public key without a key type") }
        guard let alg = value[intKey: Self.algLabel]?.intValue else { throw .malformed("a credential public key without an algorithm") }
        guard let algorithm = Algorithm(rawValue: alg) else { throw .unsupportedAlgorithm(alg) }
        self.algorithm = algorithm
        switch algorithm {
        case .es256:
            guard kty == 2, value[intKey: Self.crvLabel]?.intValue == 1 else { throw .unsupportedAlgorithm(alg) }
            guard let x = value[intKey: Self.xLabel]?.bytesValue, let y = value[intKey: Self.yLabel]?.bytesValue,
                x.count == 32, y.count == 32
            else { throw .malformed("a P-256 public key with bad coordinates") }
            do {
                key = .p256(try P256.Signing.PublicKey(x963Representation: Data([0x04]) + x + y))
            } catch {
                throw .malformed("a P-256 public key that is not on the curve")
            }
        case .edDSA:
            guard kty == 1, value[intKey: Self.crvLabel]?.intValue == 6 else { throw .unsupportedAlgorithm(alg) }
            guard let x = value[intKey: Self.xLabel]?.bytesValue, x.count == 32 else {
                throw .malformed("an Ed25519 public key of the wrong size")
            }
            do {
                key = .ed25519(try Curve25519.Signing.PublicKey(rawRepresentation: x))
            } catch {
                throw .malformed("an Ed25519 public key that could not be read")
            }
        case .rs256:
            guard kty == 3 else { throw .unsupportedAlgorithm(alg) }
            guard let n = value[intKey: Self.rsaNLabel]?.bytesValue, let e = value[intKey: Self.rsaELabel]?.bytesValue,
                (256...Self.maximumRSAModulusBytes).contains(n.count), (1...8).contains(e.count)
            else { throw .malformed("an RSA public key of unsupported size") }
            do {
                // The initializer refuses moduli under 2048 bits.
                key = .rsa(try _RSA.Signing.PublicKey(n: n, e: e))
            } catch {
                throw .malformed("an RSA public key that could not be read (at least 2048 bits are required)")
            }
        }
    }

    /// Whether `signature` is this key's signature over `message` for its algorithm
    /// (ES256: DER ECDSA over SHA-256; EdDSA: raw 64 bytes; RS256: PKCS#1 v1.5 with SHA-256).
    func isValidSignature(_ signature: Data, for message: Data) -> Bool {
        switch key {
        case .p256(let key):
            guard let ecdsa = try? P256.Signing.ECDSASignature(derRepresentation: signature) else { return false }
            return key.isValidSignature(ecdsa, for: message)
        case .ed25519(let key):
            guard signature.count == 64 else { return false }
            return key.isValidSignature(signature, for: message)
        case .rsa(let key):
            guard signature.count <= Self.maximumRSAModulusBytes else { return false }
            return key.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signature), for: message, padding: .insecurePKCS1v1_5)
        }
    }
}
