public import Foundation

/// This site as WebAuthn sees it: the RP ID, the exact origin browsers report, and the display name.
public struct RelyingParty: Sendable, Equatable {
    /// RP ID: the host, e.g. "fit.example.com" or "localhost".
    public let id: String
    /// Exact origin browsers report: "https://fit.example.com", "http://localhost:8080".
    public let origin: String
    /// Shown by the authenticator: "AirFit".
    public let name: String

    /// Creates a relying party from its parts, used as given.
    public init(id: String, origin: String, name: String) {
        self.id = id
        self.origin = origin
        self.name = name
    }

    /// From the public origin URL people use (scheme + host + optional non-default port).
    /// - Throws: `WebAuthnError.invalidOrigin` when it has no host or is not http/https.
    public init(publicOrigin: URL, name: String) throws {
        guard let components = URLComponents(url: publicOrigin, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let rawHost = components.host, !rawHost.isEmpty
        else { throw WebAuthnError.invalidOrigin }
        let host = rawHost.lowercased()
        guard host.unicodeScalars.allSatisfy({ Self.hostCharacters.contains($0) }) else { throw WebAuthnError.invalidOrigin }
        var origin = "\(scheme)://\(host)"
        if let port = components.port {
            guard (1...65_535).contains(port) else { throw WebAuthnError.invalidOrigin }
            let isDefault = (scheme == "https" && port == 443) || (scheme == "http" && port == 80)
            if !isDefault { origin += ":\(port)" }
        }
        self.init(id: host, origin: origin, name: name)
    }

    /// Letters, digits, dots, hyphens, and the brackets and colons of an IPv6 literal.
    private static let hostCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789.-[]:")
}
