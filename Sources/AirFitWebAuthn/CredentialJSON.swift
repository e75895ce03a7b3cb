import AirFitCore
import Foundation

/// Shared rules for the credential JSON the page posts: a size limit, base64url fields, and `type` "public-key".
enum CredentialJSON {
    /// Largest body accepted: real responses are a few KiB.
    static let maximumBytes = 64 * 1024

    /// Decodes `T` from the posted JSON, turning every failure into `WebAuthnError.malformed`.
    static func decode<T: Decodable>(_ type: T.Type, from json: Data) throws(WebAuthnError) -> T {
        guard json.count <= maximumBytes else { throw .malformed("the credential is larger than 64 KiB") }
        do {
            return try JSONDecoder().decode(T.self, from: json)
        } catch let error as WebAuthnError {
            throw error
        } catch DecodingError.keyNotFound(let key, _) {
            throw .malformed("the credential has no \(fieldName(key))")
        } catch {
            throw .malformed("the credential is not the expected JSON")
        }
    }

    /// A field name safe to show: one of ours, never the sender's text.
    private static func fieldName(_ key: any CodingKey) -> String {
        let known: Set<String> = [
            "id", "rawId", "type", "response", "clientDataJSON", "attestationObject", "authenticatorData", "signature",
        ]
        return known.contains(key.stringValue) ? "\"\(key.stringValue)\"" : "required field"
    }

    /// Reads a required base64url field; throws `malformed` naming the field when it is not base64url or empty.
    static func bytes<K: CodingKey>(_ container: KeyedDecodingContainer<K>, _ key: K) throws -> Data {
        let text = try container.decode(String.self, forKey: key)
        guard let data = Base64URL.decode(text), !data.isEmpty else {
            throw WebAuthnError.malformed("\"\(key.stringValue)\" is not base64url")
        }
        return data
    }

    /// Checks `type` is "public-key" and that `id` is the base64url form of `rawId`.
    static func checkIdentity(id: String, rawID: Data, type: String) throws {
        guard type == "public-key" else { throw WebAuthnError.malformed("the credential type is not \"public-key\"") }
        guard Base64URL.decode(id) == rawID else { throw WebAuthnError.malformed("the credential id does not match rawId") }
    }
}
