import AirFitCore
import Crypto
public import Foundation

/// A browser's push subscription (`PushSubscription.toJSON()`): where to send, and the keys a message is encrypted
/// for.
public struct PushSubscription: Sendable, Equatable {
    /// The push service's address for this browser; only `https` (or `http` to a loopback test service).
    public let endpoint: URL
    /// The browser's P-256 public key, uncompressed (65 bytes: `p256dh`).
    public let p256dh: Data
    /// The browser's authentication secret (16 bytes: `auth`).
    public let auth: Data

    /// A subscription from the fields the browser gives (`keys.p256dh` and `keys.auth` in base64url).
    /// - Throws: ``PushError/invalidSubscription(_:)`` naming what is wrong; nothing sent is repeated.
    public init(endpoint: String, p256dh: String, auth: String) throws(PushError) {
        guard let url = URL(string: endpoint), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty,
            scheme == "https" || (scheme == "http" && Self.isLoopback(host)), endpoint.utf8.count <= 2048
        else { throw .invalidSubscription("The endpoint must be an https address of a push service.") }
        guard let key = Base64URL.decode(p256dh), key.count == 65, key.first == 0x04,
            (try? P256.KeyAgreement.PublicKey(x963Representation: key)) != nil
        else { throw .invalidSubscription("keys.p256dh must be an uncompressed P-256 public key (65 bytes, base64url).") }
        guard let secret = Base64URL.decode(auth), secret.count == 16 else {
            throw .invalidSubscription("keys.auth must be 16 bytes in base64url.")
        }
        self.endpoint = url
        self.p256dh = key
        self.auth = secret
    }

    /// The origin push messages go to, the `aud` of a VAPID token: `https://push.example.net[:port]`.
    public var audience: String {
        var origin = "\(endpoint.scheme?.lowercased() ?? "https")://\(endpoint.host?.lowercased() ?? "")"
        if let port = endpoint.port { origin += ":\(port)" }
        return origin
    }

    private static func isLoopback(_ host: String) -> Bool {
        ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host.lowercased())
    }
}
