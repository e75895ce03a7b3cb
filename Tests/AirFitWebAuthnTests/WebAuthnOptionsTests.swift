import AirFitCore
import Foundation
import Testing

@testable import AirFitWebAuthn

@Suite("Options JSON for navigator.credentials")
struct WebAuthnOptionsTests {
    let site = RelyingParty(id: "fit.example.com", origin: "https://fit.example.com", name: "AirFit")
    let challenge = Data((0..<32).map { UInt8(255 - $0) })

    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("registration options carry the challenge, user, algorithms, resident key and excluded credentials")
    func registration() throws {
        let excluded = [Data([1, 2, 3]), Data([0xfb, 0xff])]
        let text = WebAuthnOptions.registration(
            relyingParty: site, userID: Data("user-42".utf8), userName: "ann@example.com", userDisplayName: "Ann",
            challenge: challenge, excluding: excluded)
        let json = try object(text)
        #expect(json["challenge"] as? String == Base64URL.encode(challenge))
        #expect(json["rp"] as? [String: String] == ["id": "fit.example.com", "name": "AirFit"])
        #expect((json["user"] as? [String: String])?["id"] == Base64URL.encode(Data("user-42".utf8)))
        #expect((json["user"] as? [String: String])?["displayName"] == "Ann")
        #expect((json["pubKeyCredParams"] as? [[String: Any]])?.compactMap { $0["alg"] as? Int } == [-7, -8, -257])
        let selection = try #require(json["authenticatorSelection"] as? [String: Any])
        #expect(selection["residentKey"] as? String == "required")
        #expect(selection["requireResidentKey"] as? Bool == true)
        #expect(selection["userVerification"] as? String == "required")
        #expect(json["attestation"] as? String == "none")
        #expect(json["timeout"] as? Int == 300_000)
        let exclude = try #require(json["excludeCredentials"] as? [[String: String]])
        #expect(exclude == excluded.map { ["type": "public-key", "id": Base64URL.encode($0)] })
        #expect(!text.contains("="), "base64url has no padding")
    }

    @Test("keys are sorted, so the same inputs give the same text")
    func stable() {
        let first = WebAuthnOptions.authentication(relyingParty: site, challenge: challenge, allowing: [Data([7])])
        let second = WebAuthnOptions.authentication(relyingParty: site, challenge: challenge, allowing: [Data([7])])
        #expect(first == second)
        let keys = ["allowCredentials", "challenge", "rpId", "timeout", "userVerification"]
        let positions = keys.compactMap { first.range(of: "\"\($0)\"")?.lowerBound }
        #expect(positions.count == keys.count && positions == positions.sorted())
    }

    @Test("authentication options with no credentials ask for a discoverable passkey")
    func authenticationDiscoverable() throws {
        let json = try object(
            WebAuthnOptions.authentication(relyingParty: site, challenge: challenge, allowing: [], timeoutMilliseconds: 60_000))
        #expect(json["rpId"] as? String == "fit.example.com")
        #expect(json["challenge"] as? String == Base64URL.encode(challenge))
        #expect(json["userVerification"] as? String == "required")
        #expect((json["allowCredentials"] as? [Any])?.isEmpty == true)
        #expect(json["timeout"] as? Int == 60_000)
    }

    @Test("timeouts outside 10 s ... 10 min are clamped", arguments: [(-5, 10_000), (0, 10_000), (Int.max, 600_000), (120_000, 120_000)])
    func timeoutClamped(_ given: Int, _ sent: Int) throws {
        let json = try object(
            WebAuthnOptions.authentication(relyingParty: site, challenge: challenge, allowing: [], timeoutMilliseconds: given))
        #expect(json["timeout"] as? Int == sent)
    }

    @Test("names with quotes and slashes are escaped as JSON")
    func escaping() throws {
        let text = WebAuthnOptions.registration(
            relyingParty: site, userID: Data([1]), userName: "a\"b</script>", userDisplayName: "x\\y", challenge: challenge, excluding: [])
        let user = try #require(try object(text)["user"] as? [String: String])
        #expect(user["name"] == "a\"b</script>")
        #expect(user["displayName"] == "x\\y")
    }
}
