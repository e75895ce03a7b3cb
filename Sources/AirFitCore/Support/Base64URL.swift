public import Foundation

/// base64url without padding (the encoding of binary in WebAuthn, JWTs, PKCE and Web Push).
public enum Base64URL {
    /// Encodes bytes as base64url with no `=` padding.
    public static func encode(_ bytes: some DataProtocol) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Decodes base64url text (padding optional); `nil` when it holds any other character or a bad length.
    public static func decode(_ text: some StringProtocol) -> Data? {
        var standard = ""
        standard.reserveCapacity(text.utf8.count + 3)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "A"..."Z", "a"..."z", "0"..."9": standard.unicodeScalars.append(scalar)
            case "-": standard.append("+")
            case "_": standard.append("/")
            case "+", "/": return nil
            default:
                if scalar == "=" { continue }
                return nil
            }
        }
        // Padding, if any, must be only at the end.
        if let firstPad = text.firstIndex(of: "="), text[firstPad...].contains(where: { $0 != "=" }) { return nil }
        switch standard.utf8.count % 4 {
        case 1: return nil
        case 2: standard += "=="
        case 3: standard += "="
        default: break
        }
        return Data(base64Encoded: standard)
    }
}
