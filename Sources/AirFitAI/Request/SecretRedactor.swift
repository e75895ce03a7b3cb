import Foundation

/// Removes secrets from text before it goes into an error or a log line.
public struct SecretRedactor: Sendable, Hashable {
    private let secrets: [String]

    /// Creates a redactor for the given secrets; empty and very short values are ignored.
    public init(_ secrets: [String?]) {
        self.secrets = secrets.compactMap { $0 }.filter { $0.count >= 4 }
    }

    /// `text` with every secret replaced by `[redacted]`.
    public func redact(_ text: String) -> String {
        secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: "[redacted]") }
    }
}
