import AirFitCore
import Foundation
import Testing

@testable import AirFitWebAuthn

@Suite("Credential JSON posted by the page")
struct CredentialJSONTests {
    private static let id = Base64URL.encode(Data([1, 2, 3, 250, 251]))
    private static var validAssertion: [String: Any] {
        [
            "id": id, "rawId": id, "type": "public-key",
            "response": ["clientDataJSON": "e30", "authenticatorData": "AAAA", "signature": "AQID", "userHandle": "dXNlcg"],
        ]
    }
    private static var validRegistration: [String: Any] {
        [
            "id": id, "rawId": id, "type": "public-key",
            "response": ["clientDataJSON": "e30", "attestationObject": "oA", "transports": ["usb", "hybrid"]],
        ]
    }

    /// How a page can say "no user handle".
    enum MissingHandle: CaseIterable {
        case null, empty, absent
    }

    private func malformedMessage(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as WebAuthnError {
            if case .malformed(let what) = error { return what }
            return nil
        } catch {
            return nil
        }
    }

    @Test("valid registration and assertion JSON decode to their bytes")
    func decodesValid() throws {
        let registration = try RegistrationCredential.decode(json: SoftwareAuthenticator.json(Self.validRegistration))
        #expect(registration.rawID == Data([1, 2, 3, 250, 251]))
        #expect(registration.clientDataJSON == Data("{}".utf8))
        #expect(registration.attestationObject == Data([0xa0]))
        let assertion = try AssertionCredential.decode(json: SoftwareAuthenticator.json(Self.validAssertion))
        #expect(assertion.signature == Data([1, 2, 3]))
        #expect(assertion.userHandle == Data("user".utf8))
    }

    @Test("a null, empty or absent userHandle gives nil", arguments: MissingHandle.allCases)
    func userHandleAbsent(_ form: MissingHandle) throws {
        var body = Self.validAssertion
        var response = body["response"] as? [String: Any] ?? [:]
        switch form {
        case .null: response["userHandle"] = NSNull()
        case .empty: response["userHandle"] = ""
        case .absent: response.removeValue(forKey: "userHandle")
        }
        body["response"] = response
        #expect(try AssertionCredential.decode(json: SoftwareAuthenticator.json(body)).userHandle == nil)
    }

    @Test(
        "each missing field is named in the error",
        arguments: ["id", "rawId", "type", "response", "clientDataJSON", "authenticatorData", "signature"])
    func missingAssertionField(_ field: String) {
        var body = Self.validAssertion
        if body.removeValue(forKey: field) == nil, var response = body["response"] as? [String: Any] {
            response.removeValue(forKey: field)
            body["response"] = response
        }
        let message = malformedMessage { _ = try AssertionCredential.decode(json: SoftwareAuthenticator.json(body)) }
        #expect(message == "the credential has no \"\(field)\"")
    }

    @Test("a registration without its attestation object is refused")
    func missingAttestationObject() {
        var body = Self.validRegistration
        body["response"] = ["clientDataJSON": "e30"]
        let message = malformedMessage { _ = try RegistrationCredential.decode(json: SoftwareAuthenticator.json(body)) }
        #expect(message == "the credential has no \"attestationObject\"")
    }

    @Test("binary fields that are not base64url are refused", arguments: ["AQ+D", "AQ/D", "A", "AQ!D", "A=QD", "☃︎"])
    func badBase64URL(_ text: String) {
        var body = Self.validAssertion
        body["response"] = ["clientDataJSON": "e30", "authenticatorData": "AAAA", "signature": text]
        let message = malformedMessage { _ = try AssertionCredential.decode(json: SoftwareAuthenticator.json(body)) }
        #expect(message == "\"signature\" is not base64url")
    }

    @Test("a body over 64 KiB is refused before it is parsed")
    func oversized() {
        var body = Self.validRegistration
        body["padding"] = String(repeating: "A", count: 64 * 1024)
        let message = malformedMessage { _ = try RegistrationCredential.decode(json: SoftwareAuthenticator.json(body)) }
        #expect(message == "the credential is larger than 64 KiB")
    }

    @Test("a credential whose type is not public-key, or whose id differs from rawId, is refused")
    func wrongTypeOrID() {
        var body = Self.validRegistration
        body["type"] = "password"
        #expect(
            malformedMessage { _ = try RegistrationCredential.decode(json: SoftwareAuthenticator.json(body)) }
                == "the credential type is not \"public-key\"")
        body = Self.validAssertion
        body["id"] = "AAAA"
        #expect(
            malformedMessage { _ = try AssertionCredential.decode(json: SoftwareAuthenticator.json(body)) }
                == "the credential id does not match rawId")
    }

    @Test("text that is not JSON, or JSON of the wrong shape, is refused", arguments: ["", "null", "[]", "{", "{\"id\":5}", "\u{0}"])
    func notJSON(_ text: String) {
        #expect(malformedMessage { _ = try AssertionCredential.decode(json: Data(text.utf8)) } != nil)
        #expect(malformedMessage { _ = try RegistrationCredential.decode(json: Data(text.utf8)) } != nil)
    }
}
