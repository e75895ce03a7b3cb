import Foundation

/// The rule for a provider base URL from outside (a form, a flag, an import): a parsed http(s) URL with a host,
/// no credentials, no query or fragment, and nothing a header, a page or a log could be tricked by — no control
/// characters, spaces, quotes or angle brackets.
///
/// SSRF policy: loopback and private addresses are allowed (local models such as Ollama live there), but a stored
/// key is only ever sent to the base URL saved with it (``StoredCredential/isBound(to:)``); a new address needs
/// the key again.
public enum BaseURLRule {
    /// What a person reads when a base URL cannot be used; never repeats the URL (it may hold a secret).
    public static let problem =
        "Enter a base URL starting with http:// or https://, like http://127.0.0.1:8000/v1, without a user name or password."

    /// The longest base URL accepted.
    public static let maximumLength = 2048

    /// The URL trimmed and without trailing slashes, or nil when it breaks the rule.
    public static func normalized(_ text: String) -> String? {
        var text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, text.utf8.count <= maximumLength,
            !text.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F || (0x80...0x9F).contains($0.value) }),
            !text.contains(where: { "\"'<>\\\\`{}|^".contains($0) }),
            let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty,
            components.user == nil, components.password == nil, components.query == nil, components.fragment == nil,
            URL(string: text)?.host != nil
        else { return nil }
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// Whether two saved base URLs name the same address (nil is the catalog address; trailing slashes and the
    /// scheme's and host's case do not matter).
    public static func sameAddress(_ a: String?, _ b: String?) -> Bool {
        canonical(a) == canonical(b)
    }

    private static func canonical(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        var trimmed = text
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard var components = URLComponents(string: trimmed) else { return trimmed }
        components.scheme = components.scheme?.lowercased()
        components.host = components.host?.lowercased()
        return components.string ?? trimmed
    }
}
