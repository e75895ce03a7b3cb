import AirFitCore
import Foundation
import Hummingbird

/// An `application/x-www-form-urlencoded` body as name → value (last value wins; checkboxes are present or absent).
struct FormData: Sendable {
    let values: [String: String]

    /// Parses `text` (`a=1&b=two+words`).
    init(_ text: String) {
        var values: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(parts[0])
            values[name] = parts.count > 1 ? Self.decode(parts[1]) : ""
        }
        self.values = values
    }

    /// Reads at most `limit` bytes (64 KiB unless a form needs more) of the request body.
    static func read(_ request: Request, limit: Int = 64 * 1024) async throws -> FormData {
        let buffer = try await request.body.collect(upTo: limit)
        return FormData(String(decoding: buffer.readableBytesView, as: UTF8.self))
    }

    subscript(name: String) -> String? { values[name] }

    /// Whether a checkbox named `name` was ticked.
    func isChecked(_ name: String) -> Bool { values[name] != nil }

    /// One name or value: `+` is a space, percent escapes decoded, control characters removed (``TextInput/clean(_:singleLine:)``),
    /// so a `%00` can never cut a stored message short.
    private static func decode(_ part: Substring) -> String {
        TextInput.clean(String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "")
    }
}
