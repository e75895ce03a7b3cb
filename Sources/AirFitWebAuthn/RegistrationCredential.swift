public import Foundation

/// What the browser posts after navigator.credentials.create (the page sends this JSON; binary fields base64url).
/// `{"id","rawId","type":"public-key","response":{"clientDataJSON","attestationObject","transports"?:[...]}}`
public struct RegistrationCredential: Sendable, Decodable {
    /// The credential ID as base64url text.
    public let id: String
    /// The credential ID's bytes.
    public let rawID: Data
    /// The client data JSON exactly as the browser serialized it (it is hashed, so never re-encoded).
    public let clientDataJSON: Data
    /// The CBOR attestation object.
    public let attestationObject: Data

    private enum CodingKeys: String, CodingKey {
        case id, rawId, type, response
    }

    private enum ResponseKeys: String, CodingKey {
        case clientDataJSON, attestationObject
    }

    /// Decodes the posted JSON; at most 64 KiB.
    /// - Throws: `WebAuthnError.malformed(...)` for anything else.
    public static func decode(json: Data) throws -> RegistrationCredential {
        try CredentialJSON.decode(RegistrationCredential.self, from: json)
    }

    /// Decodes the JSON shape above; binary fields must be non-empty base64url.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        rawID = try CredentialJSON.bytes(container, .rawId)
        try CredentialJSON.checkIdentity(id: id, rawID: rawID, type: try container.decode(String.self, forKey: .type))
        let response = try container.nestedContainer(keyedBy: ResponseKeys.self, forKey: .response)
        clientDataJSON = try CredentialJSON.bytes(response, .clientDataJSON)
        attestationObject = try CredentialJSON.bytes(response, .attestationObject)
    }
}
