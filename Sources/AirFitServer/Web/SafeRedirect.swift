import Foundation

/// The one rule for where a `next` parameter may send a person: a path on this site, never another origin.
///
/// Accepted: a single leading `/` followed by RFC 3986 path and query characters only — no `\`, no control
/// characters, no `//` (protocol-relative) and none of those hidden behind percent escapes (`/%09/evil.com`,
/// `/%2F/evil.com`). Everything else becomes the fallback.
enum SafeRedirect {
    private static let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@%/?".unicodeScalars)

    /// The longest `next` kept.
    static let maximumLength = 2048

    /// `next` when it is a same-origin path (and not one of `excluded`'s prefixes), else `fallback`.
    static func path(_ next: String?, fallback: String = "/", excluding excluded: [String] = []) -> String {
        guard let next, isSameOriginPath(next), !excluded.contains(where: { next.hasPrefix($0) }) else { return fallback }
        return next
    }

    /// Whether `text` is a path on this site by the rule above.
    static func isSameOriginPath(_ text: String) -> Bool {
        guard text.utf8.count <= maximumLength, text.hasPrefix("/"), text.unicodeScalars.allSatisfy(allowed.contains) else {
            return false
        }
        // What a browser acts on after undoing percent escapes must pass the same checks.
        guard let decoded = text.removingPercentEncoding else { return false }
        for candidate in [text, decoded] {
            guard candidate.hasPrefix("/"), !candidate.hasPrefix("//"), !candidate.contains("\\"),
                !candidate.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value) })
            else { return false }
        }
        return true
    }
}
