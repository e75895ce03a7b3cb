import Foundation
import JWTKit

/// A provider's key set (RFC 7517), read leniently: keys of types we do not use are kept out, not fatal.
struct JWKSet: Sendable, Decodable {
    /// One key's public parts; everything optional so one odd key does not spoil the set.
    struct Key: Sendable, Decodable, Equatable {
        let kty: String?
        let kid: String?
        let alg: String?
        let use: String?
        let n: String?
        let e: String?
        let crv: String?
        let x: String?
        let y: String?

        /// Whether the key can check a token signed with `alg` (RS256 or ES256).
        func fits(_ algorithm: String) -> Bool {
            guard alg == nil || alg == algorithm, use == nil || use == "sig" else { return false }
            switch algorithm {
            case "RS256": return kty == "RSA" && n != nil && e != nil
            case "ES256": return kty == "EC" && crv == "P-256" && x != nil && y != nil
            default: return false
            }
        }
    }

    /// What a token's `kid` finds in the set.
    enum Lookup: Equatable {
        case found(Key)
        /// The key exists but is not an RS256/ES256 signing key of the token's algorithm.
        case mismatch
        case unknown
    }

    let keys: [Key]

    enum CodingKeys: String, CodingKey { case keys }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var list = try container.nestedUnkeyedContainer(forKey: .keys)
        var keys: [Key] = []
        while !list.isAtEnd, keys.count < 100 {
            if let key = try? list.decode(Key.self) {
                keys.append(key)
            } else {
                _ = try? list.decode(Skip.self)
            }
        }
        self.keys = keys
    }

    /// Anything at all, to step over a key that does not decode.
    private struct Skip: Decodable {
        init(from decoder: any Decoder) {}
    }

    /// How many keys can check RS256 or ES256 tokens.
    var usableCount: Int { keys.filter { $0.fits("RS256") || $0.fits("ES256") }.count }

    func lookup(kid: String?, algorithm: String) -> Lookup {
        guard let kid else {
            // Without a kid the choice must be unambiguous.
            let fitting = keys.filter { $0.fits(algorithm) }
            return fitting.count == 1 ? .found(fitting[0]) : .unknown
        }
        let named = keys.filter { $0.kid == kid }
        if named.isEmpty { return .unknown }
        return named.first { $0.fits(algorithm) }.map(Lookup.found) ?? .mismatch
    }

    /// A jwt-kit collection holding only `key`, with the signer fixed to `algorithm`.
    static func collection(for key: Key, algorithm: String) async throws -> JWTKeyCollection {
        let collection = JWTKeyCollection()
        let kid = key.kid.map { JWKIdentifier(string: $0) }
        switch algorithm {
        case "RS256":
            let publicKey = try Insecure.RSA.PublicKey(modulus: key.n ?? "", exponent: key.e ?? "")
            await collection.add(rsa: publicKey, digestAlgorithm: .sha256, kid: kid)
        case "ES256":
            let publicKey = try ES256PublicKey(parameters: (x: key.x ?? "", y: key.y ?? ""))
            await collection.add(ecdsa: publicKey, kid: kid)
        default:
            throw OIDCError(
                .invalidToken, "The ID token uses an algorithm other than RS256 or ES256; it is refused.")
        }
        return collection
    }
}
