internal import Foundation

/// One mailbox: an address such as `ana@example.com` and, optionally, the name shown beside it.
public struct MailAddress: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The address itself, `local@domain`.
    public let address: String
    /// The name mail programs show instead of the address, if any.
    public let displayName: String?

    /// A mailbox; the address is trimmed but otherwise kept as given (the renderer refuses an unusable one).
    public init(_ address: String, displayName: String? = nil) {
        self.address = address.trimmingCharacters(in: .whitespaces)
        self.displayName = displayName
    }

    /// The part after the last `@`, lowercased: what logs may say about a recipient.
    public var domain: String {
        guard let at = address.lastIndex(of: "@") else { return "" }
        return address[address.index(after: at)...].lowercased()
    }

    public var description: String { "mailbox at \(domain.isEmpty ? "?" : domain)" }
}
