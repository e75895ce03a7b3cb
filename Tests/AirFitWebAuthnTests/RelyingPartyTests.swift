import AirFitCore
import Foundation
import Testing

@testable import AirFitWebAuthn

@Suite("Relying party, base64url and error messages")
struct RelyingPartyTests {
    @Test(
        "the origin and RP ID come from the public URL",
        arguments: [
            ("https://fit.example.com", "fit.example.com", "https://fit.example.com"),
            ("https://Fit.Example.com:443/app/", "fit.example.com", "https://fit.example.com"),
            ("https://fit.example.com:8443", "fit.example.com", "https://fit.example.com:8443"),
            ("http://localhost:8080", "localhost", "http://localhost:8080"),
            ("http://localhost:80", "localhost", "http://localhost"),
            ("HTTP://localhost", "localhost", "http://localhost"),
        ])
    func fromPublicOrigin(_ url: String, _ id: String, _ origin: String) throws {
        let site = try RelyingParty(publicOrigin: try #require(URL(string: url)), name: "AirFit")
        #expect(site == RelyingParty(id: id, origin: origin, name: "AirFit"))
    }

    @Test(
        "a URL without a host or with another scheme is refused",
        arguments: ["file:///tmp/x", "mailto:ann@example.com", "ftp://fit.example.com", "/relative/path", "https:///nohost"])
    func refused(_ url: String) throws {
        let parsed = try #require(URL(string: url))
        #expect(throws: WebAuthnError.invalidOrigin) { try RelyingParty(publicOrigin: parsed, name: "AirFit") }
    }

    @Test("base64url round-trips every length without padding")
    func base64URLRoundTrip() {
        var generator = SeededGenerator(seed: 7)
        for length in 0..<64 {
            let data = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let text = Base64URL.encode(data)
            #expect(!text.contains("=") && !text.contains("+") && !text.contains("/"))
            #expect(Base64URL.decode(text) == data)
        }
        #expect(Base64URL.encode(Data([0xfb, 0xff])) == "-_8")
        #expect(Base64URL.decode("-_8=") == Data([0xfb, 0xff]))
    }

    @Test(
        "base64url refuses standard-alphabet, misplaced padding and impossible lengths",
        arguments: ["+w", "/w", "A", "AB=C", "A B", "AAAAA"])
    func base64URLRefuses(_ text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    @Test("every error has a message a person can read")
    func messages() {
        let errors: [WebAuthnError] = [
            .malformed("x"), .invalidOrigin, .wrongType, .challengeMismatch, .originMismatch, .rpIDMismatch, .userNotPresent,
            .userNotVerified, .unsupportedAlgorithm(-1), .unsupportedAttestation("y"), .badSignature, .counterRegressed,
        ]
        let messages = errors.map(\.message)
        #expect(Set(messages).count == errors.count)
        #expect(messages.allSatisfy { $0.count > 20 && $0.hasSuffix(".") })
    }
}
