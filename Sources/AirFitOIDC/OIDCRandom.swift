import AirFitCore
import Foundation

/// Unguessable values for `state`, `nonce` and PKCE verifiers.
public enum OIDCRandom {
    /// 32 random bytes from the system's secure generator, base64url without padding (43 characters).
    public static func token() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Base64URL.encode(bytes)
    }
}
