public import Foundation

/// Hides credentials in URLs and text before they reach a log line or an error message.
public enum URLRedactor {
    /// Query parameters that carry keys for the providers we call (`appid` for OpenWeatherMap, `key` for WeatherAPI).
    public static let secretParameters: Set<String> = ["appid", "key", "apikey", "api_key", "token", "access_token"]

    /// The URL with every secret query value replaced by `REDACTED`.
    public static func redact(_ url: URL) -> String { redact(url.absoluteString) }

    /// Any text with `name=value` pairs of secret parameters redacted (works on URLs and on messages quoting them).
    public static func redact(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let match = nextSecret(in: rest) {
            result += rest[..<match.valueStart]
            result += "REDACTED"
            rest = rest[match.valueEnd...]
        }
        return result + rest
    }

    /// Redacts the parameters and also every occurrence of the given secrets.
    public static func redact(_ text: String, secrets: [String]) -> String {
        var result = redact(text)
        for secret in secrets where secret.count >= 4 {
            result = result.replacingOccurrences(of: secret, with: "REDACTED")
        }
        return result
    }

    private static func nextSecret(in text: Substring) -> (valueStart: Substring.Index, valueEnd: Substring.Index)? {
        var index = text.startIndex
        while let equals = text[index...].firstIndex(of: "=") {
            let nameStart = text[..<equals].lastIndex { "?&;# \n\t\"'".contains($0) }.map { text.index(after: $0) } ?? text.startIndex
            let name = text[nameStart..<equals].lowercased()
            let valueStart = text.index(after: equals)
            if secretParameters.contains(name) {
                let valueEnd = text[valueStart...].firstIndex { "&# \n\t\"'".contains($0) } ?? text.endIndex
                return (valueStart, valueEnd)
            }
            index = valueStart
        }
        return nil
    }
}
