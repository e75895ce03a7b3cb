import Foundation

/// The rules for a provider base URL a person types (a custom endpoint, a remote Ollama, a gateway).
enum ProviderBaseURL {
    /// What a person reads when a base URL cannot be used; never repeats the URL (it may hold a secret).
    static let problem =
        "Enter a base URL starting with http:// or https://, like http://127.0.0.1:8000/v1, without a user name or password."

    /// The URL trimmed and without trailing slashes, or nil when it is not an http(s) URL with a host.
    ///
    /// Credentials, queries and fragments are refused: the URL is stored and shown in plain text, so a
    /// secret belongs in the API key.
    static func normalized(_ text: String) -> String? {
        var text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty,
            components.user == nil, components.password == nil, components.query == nil, components.fragment == nil
        else { return nil }
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }
}
