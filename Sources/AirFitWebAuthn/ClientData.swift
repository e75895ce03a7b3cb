import AirFitCore
import Foundation

/// The parts of CollectedClientData (WebAuthn L2 §5.8.1) the relying party checks.
struct ClientData: Sendable, Decodable {
    /// Token binding as the client reports it; we support none, so "present" is refused.
    struct TokenBinding: Sendable, Decodable {
        let status: String
    }

    let type: String
    let challenge: String
    let origin: String
    let crossOrigin: Bool?
    let tokenBinding: TokenBinding?

    /// Parses clientDataJSON (already size-limited by the credential decoder).
    init(json: Data) throws(WebAuthnError) {
        do {
            self = try JSONDecoder().decode(ClientData.self, from: json)
        } catch {
            throw .malformed("the client data is not the expected JSON")
        }
    }

    /// Checks type, challenge (in constant time), origin and token binding, in the order of §7.1/§7.2.
    func verify(expectedType: String, expectedChallenge: Data, relyingParty: RelyingParty) throws(WebAuthnError) {
        guard type == expectedType else { throw .wrongType }
        guard let received = Base64URL.decode(challenge), ConstantTime.equal(received, expectedChallenge) else {
            throw .challengeMismatch
        }
        // Our pages never run inside another site's frame, so a cross-origin call is refused like a foreign origin.
        guard origin == relyingParty.origin, crossOrigin != true else { throw .originMismatch }
        if tokenBinding?.status == "present" {
            throw .malformed("token binding, which this site does not support")
        }
    }
}

/// Comparisons whose time does not depend on where the bytes differ.
enum ConstantTime {
    /// `true` when both hold the same bytes; the time depends only on the lengths.
    static func equal(_ lhs: Data, _ rhs: Data) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(lhs, rhs) { difference |= a ^ b }
        return difference == 0
    }
}
