import Foundation
import Testing

@testable import AirFitWebAuthn

@Suite("CBOR decoder: bounded, definite, never crashing")
struct CBORDecoderTests {
    private func malformed(_ bytes: [UInt8]) -> Bool {
        do {
            _ = try CBORDecoder.decodeSingle(Data(bytes))
            return false
        } catch {
            if case .malformed = error { return true }
            return false
        }
    }

    private func validAttestationObject() throws -> Data {
        let site = RelyingParty(id: "fit.example.com", origin: "https://fit.example.com", name: "AirFit")
        return try SoftwareAuthenticator(.es256).attestationObject(challenge: Data([1, 2, 3]), relyingParty: site).object
    }

    @Test("the items WebAuthn uses decode to their values, including the 64-bit extremes")
    func decodesValues() throws {
        #expect(try CBORDecoder.decodeSingle(Data([0x1b] + [UInt8](repeating: 0xff, count: 8))) == .unsigned(.max))
        #expect(try CBORDecoder.decodeSingle(Data([0x3b] + [UInt8](repeating: 0xff, count: 8))) == .negative(.max))
        #expect(try CBORDecoder.decodeSingle(Data([0x3b] + [UInt8](repeating: 0xff, count: 8))).intValue == nil)
        #expect(try CBORDecoder.decodeSingle(Data([0x38, 0x18])).intValue == -25)
        #expect(try CBORDecoder.decodeSingle(Data([0x19, 0x01, 0x00])).intValue == 256)
        #expect(try CBORDecoder.decodeSingle(Data([0xf5])) == .bool(true))
        #expect(try CBORDecoder.decodeSingle(Data([0xf4])) == .bool(false))
        #expect(try CBORDecoder.decodeSingle(Data([0xf6])) == .null)
        #expect(try CBORDecoder.decodeSingle(Data([0x62, 0x68, 0x69])) == .text("hi"))
        #expect(try CBORDecoder.decodeSingle(Data([0x42, 0xca, 0xfe])) == .bytes(Data([0xca, 0xfe])))
        let value = CBORValue.map([(.text("a"), .array([.int(1), .int(-7), .bytes(Data([9]))])), (.int(-2), .bool(false))])
        #expect(try CBORDecoder.decodeSingle(CBOREncoder.encode(value)) == value)
    }

    @Test("an attestation object cut at any byte is refused, never crashes")
    func truncatedEverywhere() throws {
        let object = try validAttestationObject()
        _ = try AttestationObject(bytes: object)
        for length in 0..<object.count {
            let prefix = object.prefix(length)
            #expect(throws: WebAuthnError.self, "cut at \(length)") { try AttestationObject(bytes: prefix) }
            #expect(throws: WebAuthnError.self) { try CBORDecoder.decodeSingle(prefix) }
        }
    }

    @Test("8-byte lengths of huge values are refused before anything is allocated", arguments: [0x5b, 0x7b, 0x9b, 0xbb] as [UInt8])
    func hugeLengths(_ initial: UInt8) {
        for length: [UInt8] in [
            [0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], [0, 0, 0, 1, 0, 0, 0, 0],
        ] {
            #expect(malformed([initial] + length + [0x00, 0x01]))
        }
        // A 4-byte length longer than the data, too.
        #expect(malformed([initial - 1, 0xff, 0xff, 0xff, 0xff, 0x00]))
    }

    @Test("indefinite lengths, tags, floats and reserved encodings are refused")
    func unsupportedEncodings() {
        for bytes: [UInt8] in [
            [0x5f, 0x41, 0x00, 0xff], [0x7f, 0xff], [0x9f, 0xff], [0xbf, 0xff], [0xff], [0x1f], [0x1c], [0xc2, 0x40], [0xf9, 0x3c, 0x00],
            [0xf7],
        ] {
            #expect(malformed(bytes), "\(bytes)")
        }
    }

    @Test("nesting 1000 deep is refused; 8 levels are accepted")
    func nestingDepth() throws {
        #expect(malformed([UInt8](repeating: 0x81, count: 1000) + [0x00]))
        #expect(malformed(Array([[UInt8]](repeating: [0xa1, 0x01], count: 1000).joined()) + [0x00]))
        _ = try CBORDecoder.decodeSingle(Data([UInt8](repeating: 0x81, count: CBORDecoder.maximumDepth) + [0x00]))
        #expect(malformed([UInt8](repeating: 0x81, count: CBORDecoder.maximumDepth + 1) + [0x00]))
    }

    @Test("trailing bytes after an attestation object are refused")
    func trailingBytes() throws {
        let object = try validAttestationObject()
        #expect(throws: WebAuthnError.malformed("extra bytes after the CBOR data")) { try AttestationObject(bytes: object + Data([0x00])) }
        #expect(malformed([0x01, 0x02]))
    }

    @Test(
        "text that is not UTF-8 is refused",
        arguments: [[0x62, 0xff, 0xfe], [0x62, 0xc0, 0x80], [0x63, 0xed, 0xa0, 0x80], [0x61, 0x80]] as [[UInt8]])
    func invalidUTF8(_ bytes: [UInt8]) {
        #expect(malformed(bytes))
    }

    @Test("map keys that are not integers or text, and repeated keys, are refused")
    func mapKeys() {
        #expect(malformed([0xa1, 0x41, 0x00, 0x01]))
        #expect(malformed([0xa1, 0x80, 0x01]))
        #expect(malformed([0xa2, 0x01, 0x01, 0x01, 0x02]))
        #expect(malformed([0xa2, 0x61, 0x61, 0x01, 0x61, 0x61, 0x02]))
    }

    @Test("each attestation object field of the wrong type is refused")
    func wrongFieldTypes() throws {
        let authData = try AttestationObjectFixtures.authData()
        let good: [(key: CBORValue, value: CBORValue)] = [
            (.text("fmt"), .text("none")), (.text("attStmt"), .map([])), (.text("authData"), .bytes(authData)),
        ]
        _ = try AttestationObject(bytes: CBOREncoder.encode(.map(good)))
        let replacements: [CBORValue] = [.int(1), .text("x"), .bytes(Data([1])), .array([]), .null, .bool(true)]
        for index in good.indices {
            for replacement in replacements where !sameKind(replacement, good[index].value) {
                var fields = good
                fields[index].value = replacement
                #expect(throws: WebAuthnError.self) { try AttestationObject(bytes: CBOREncoder.encode(.map(fields))) }
            }
            var missing = good
            missing.remove(at: index)
            #expect(throws: WebAuthnError.self) { try AttestationObject(bytes: CBOREncoder.encode(.map(missing))) }
        }
        #expect(throws: WebAuthnError.self) { try AttestationObject(bytes: CBOREncoder.encode(.array(good.map(\.value)))) }
    }

    private func sameKind(_ a: CBORValue, _ b: CBORValue) -> Bool {
        switch (a, b) {
        case (.text, .text), (.bytes, .bytes), (.map, .map): true
        default: false
        }
    }

    @Test("thousands of random and mutated inputs give a value or an error, never a crash")
    func randomInputs() throws {
        var generator = SeededGenerator(seed: 0xA1_2F17)
        let valid = try validAttestationObject()
        var decodedCount = 0
        for round in 0..<6_000 {
            var bytes: [UInt8]
            if round.isMultiple(of: 2) {
                bytes = (0..<Int.random(in: 0...200, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            } else {
                bytes = [UInt8](valid)
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
            }
            var decoder = CBORDecoder(Data(bytes))
            if (try? decoder.decodeItem()) != nil {
                decodedCount += 1
                #expect(decoder.offset <= bytes.count)
            }
            WebAuthnFuzzing.parse(Data(bytes))
        }
        // Mutated valid objects often still decode as CBOR, so both outcomes are exercised.
        #expect(decodedCount > 100)
    }
}

/// Authenticator data built without a browser round trip, for structure tests.
enum AttestationObjectFixtures {
    static func authData() throws -> Data {
        try SoftwareAuthenticator(.edDSA).authenticatorData(rpID: "fit.example.com", flags: 0x05, attested: true)
    }
}
