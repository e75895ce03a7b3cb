public import Foundation

/// Builds one RFC 4180 CSV line.
///
/// Text cells that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, tab or CR)
/// are prefixed with an apostrophe so that opening an export can never execute anything.
public struct CSVRow {
    private var text = ""
    private var isEmpty = true

    /// Creates an empty row.
    public init() { text.reserveCapacity(128) }

    /// Creates a header row.
    public init(header: [String]) { header.forEach { append($0) } }

    private mutating func append(_ cell: String) {
        if !isEmpty { text += "," }
        text += cell
        isEmpty = false
    }

    /// Appends a text cell (nil → empty).
    public mutating func text(_ value: String?) {
        guard var value else { return append("") }
        if let first = value.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) { value = "'" + value }
        append(Self.quote(value))
    }

    /// Appends a number cell (nil → empty).
    public mutating func number(_ value: Double?) { append(value.map { Self.format($0) } ?? "") }

    /// Appends an integer cell (nil → empty).
    public mutating func number(_ value: Int?) { append(value.map(String.init) ?? "") }

    /// Appends a boolean cell as `true`/`false`.
    public mutating func bool(_ value: Bool) { append(value ? "true" : "false") }

    /// Appends a date cell in ISO-8601 UTC (nil → empty).
    public mutating func date(_ value: Date?) { append(value.map(ISO8601.string(from:)) ?? "") }

    /// Appends a raw, already safe cell (ids, enum raw values).
    public mutating func raw(_ value: String?) { append(value ?? "") }

    /// The line, CRLF-terminated as RFC 4180 asks.
    public var line: String { text + "\r\n" }

    static func quote(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
