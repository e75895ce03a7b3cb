import AirFitCore
public import Foundation

/// The JSON given to the page's script for navigator.credentials.create/get. Binary values are base64url strings
/// (the script converts them to ArrayBuffers). Sorted keys for stable output.
public enum WebAuthnOptions {
    /// Timeouts are kept between 10 seconds and 10 minutes (WebAuthn's recommended range for user verification).
    static let timeoutRange = 10_000...600_000

    /// Options for navigator.credentials.create.
    ///
    /// pubKeyCredParams ES256 (-7), EdDSA (-8), RS256 (-257); authenticatorSelection residentKey "required",
    /// requireResidentKey true, userVerification "required"; attestation "none"; excludeCredentials with type public-key.
    /// The timeout is clamped to 10 s ... 10 min.
    public static func registration(
        relyingParty: RelyingParty, userID: Data, userName: String, userDisplayName: String,
        challenge: Data, excluding credentialIDs: [Data], timeoutMilliseconds: Int = 300_000
    ) -> String {
        let options = CreationOptions(
            rp: .init(id: relyingParty.id, name: relyingParty.name),
            user: .init(id: Base64URL.encode(userID), name: userName, displayName: userDisplayName),
            challenge: Base64URL.encode(challenge),
            pubKeyCredParams: [-7, -8, -257].map { Parameter(type: "public-key", alg: $0) },
            timeout: clamp(timeoutMilliseconds),
            excludeCredentials: credentialIDs.map(Descriptor.init),
            authenticatorSelection: .init(residentKey: "required", requireResidentKey: true, userVerification: "required"),
            attestation: "none"
        )
        return encode(options)
    }

    /// Options for navigator.credentials.get: rpId, challenge, userVerification "required", allowCredentials
    /// (empty = discoverable credentials, no email typed). The timeout is clamped to 10 s ... 10 min.
    public static func authentication(
        relyingParty: RelyingParty, challenge: Data, allowing credentialIDs: [Data],
        timeoutMilliseconds: Int = 300_000
    ) -> String {
        let options = RequestOptions(
            challenge: Base64URL.encode(challenge), timeout: clamp(timeoutMilliseconds), rpId: relyingParty.id,
            allowCredentials: credentialIDs.map(Descriptor.init), userVerification: "required"
        )
        return encode(options)
    }

    private static func clamp(_ milliseconds: Int) -> Int {
        min(max(milliseconds, timeoutRange.lowerBound), timeoutRange.upperBound)
    }

    private static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings, integers and booleans always encode; the fallback is unreachable but keeps this non-throwing.
        guard let data = try? encoder.encode(value) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    private struct CreationOptions: Encodable {
        struct Entity: Encodable { let id: String, name: String }
        struct User: Encodable { let id: String, name: String, displayName: String }
        struct Selection: Encodable {
            let residentKey: String
            let requireResidentKey: Bool
            let userVerification: String
        }
        let rp: Entity
        let user: User
        let challenge: String
        let pubKeyCredParams: [Parameter]
        let timeout: Int
        let excludeCredentials: [Descriptor]
        let authenticatorSelection: Selection
        let attestation: String
    }

    private struct RequestOptions: Encodable {
        let challenge: String
        let timeout: Int
        let rpId: String
        let allowCredentials: [Descriptor]
        let userVerification: String
    }

    private struct Parameter: Encodable {
        let type: String
        let alg: Int
    }

    /// PublicKeyCredentialDescriptor with the ID as base64url.
    private struct Descriptor: Encodable {
        let type: String
        let id: String
        init(_ id: Data) {
            self.type = "public-key"
            self.id = Base64URL.encode(id)
        }
    }
}
