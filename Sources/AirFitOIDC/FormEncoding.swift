import Foundation

/// Percent-encoding for `application/x-www-form-urlencoded` bodies and query strings: everything but the
/// unreserved characters (RFC 3986 §2.3) is encoded, so `+`, `/`, `=` and `&` in values survive the trip.
enum FormEncoding {
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func escape(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    static func encode(_ pairs: [(String, String)]) -> String {
        pairs.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
    }
}
