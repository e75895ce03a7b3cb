import AirFitCore
public import Foundation

/// After navigator.credentials.get:
/// `{"id","rawId","type","response":{"clientDataJSON","authenticatorData","signature","userHandle"?}}`
public struct AssertionCredential: Sendable, Decodable {
    /// The credential ID as base64url text.
    public let id: String
    /// The credential ID's bytes (look the stored passkey up by these).
    public let rawID: Data
    /// The client data JSON exactly as the browser serialized it.
    public let clientDataJSON: Data
    /// The authenticator data bytes that were signed.
    public let authenticatorData: Data
    /// The assertion signature.
    public let signature: Data
    /// The user handle a discoverable credential returns (our user ID); `nil` when absent, null or empty.
    public let userHandle: Data?

    private enum CodingKeys: String, CodingKey {
        case id, rawId, type, response
    }

    private enum ResponseKeys: String, CodingKey {
        case clientDataJSON, authenticatorData, signature, userHandle
    }

    /// Decodes the posted JSON; at most 64 KiB.
    /// - Throws: `WebAuthnError.malformed(...)` for anything else.
    public static func decode(json: Data) throws -> AssertionCredential {
        try CredentialJSON.decode(AssertionCredential.self, from: json)
    }

    /// Decodes the JSON shape above; binary fields must be base64url.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        rawID = try CredentialJSON.bytes(container, .rawId)
        try CredentialJSON.checkIdentity(id: id, rawID: rawID, type: try container.decode(String.self, forKey: .type))
        let response = try container.nestedContainer(keyedBy: ResponseKeys.self, forKey: .response)
        clientDataJSON = try CredentialJSON.bytes(response, .clientDataJSON)
        authenticatorData = try CredentialJSON.bytes(response, .authenticatorData)
        signature = try CredentialJSON.bytes(response, .signature)
        if let handle = try response.decodeIfPresent(String.self, forKey: .userHandle), !handle.isEmpty {
            guard let bytes = Base64URL.decode(handle) else { throw WebAuthnError.malformed("\"userHandle\" is not base64url") }
            userHandle = bytes
        } else {
            userHandle = nil
        }
    }
}
