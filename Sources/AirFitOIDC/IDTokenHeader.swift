import AirFitCore
import Foundation

/// The protected header of a compact JWS, read before any key is chosen.
struct IDTokenHeader: Decodable {
    /// Longest token accepted; real ID tokens are 1–3 KB.
    static let maximumLength = 16 * 1024
    /// The only signature algorithms accepted: `none`, HS* and everything else are refused.
    static let acceptedAlgorithms: Set<String> = ["RS256", "ES256"]

    let alg: String?
    let kid: String?

    /// Parses and checks the header of `token`.
    static func parse(_ token: String) throws -> IDTokenHeader {
        guard token.utf8.count <= maximumLength else {
            throw OIDCError(.invalidToken, "The ID token is longer than 16 KiB; it is refused.")
        }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let json = Base64URL.decode(parts[0]),
            let header = try? JSONDecoder().decode(IDTokenHeader.self, from: json)
        else {
            throw OIDCError(
                .invalidToken, "The ID token is not a signed JWT (header.payload.signature); it is refused."
            )
        }
        guard let alg = header.alg, acceptedAlgorithms.contains(alg) else {
            throw OIDCError(
                .invalidToken,
                "The ID token is signed with an algorithm other than RS256 or ES256; it is refused.")
        }
        guard !parts[1].isEmpty, !parts[2].isEmpty else {
            throw OIDCError(.invalidToken, "The ID token has no payload or no signature; it is refused.")
        }
        if let kid = header.kid, kid.isEmpty || kid.utf8.count > 256 {
            throw OIDCError(
                .invalidToken, "The ID token's key id (kid) is empty or too long; it is refused.")
        }
        return header
    }
}
