import AirFitCore
import Foundation
import Hummingbird

/// Where the next page of a list starts, opaque to clients (base64url text).
///
/// Workouts and meals page by offset under a fixed upper bound chosen by the first page (so entries logged while a
/// client pages do not shift the pages); check-ins, one per day, page by day.
enum EntryCursor: Equatable, Sendable {
    /// Items before `before` (milliseconds since 1970, exclusive), skipping the first `offset`.
    case dated(before: Int64, offset: Int)
    /// Check-ins on `day` or earlier.
    case day(String)

    /// The longest cursor read.
    static let maximumLength = 200
    /// The largest offset a cursor may hold (far past any real history).
    static let maximumOffset = 10_000_000

    /// The cursor as clients see it.
    var text: String {
        let plain =
            switch self {
            case .dated(let before, let offset): "t|\(before)|\(offset)"
            case .day(let day): "d|\(day)"
            }
        return Data(plain.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Reads a cursor this API gave out; nil for anything else.
    init?(text: String) {
        guard text.utf8.count <= Self.maximumLength else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let plain = String(data: data, encoding: .utf8) else { return nil }
        let parts = plain.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        switch parts.first {
        case "t":
            guard parts.count == 3, let before = Int64(parts[1]), let offset = Int(parts[2]),
                (0...Self.maximumOffset).contains(offset), abs(before) < 1_000_000_000_000_000
            else { return nil }
            self = .dated(before: before, offset: offset)
        case "d":
            guard parts.count == 2, DailyLog.isValidDay(parts[1]) else { return nil }
            self = .day(parts[1])
        default: return nil
        }
    }
}

/// A list request's `limit`, `cursor`, `from` and `to`, checked: each bad one is a field of a 422 problem.
struct EntryListQuery: Sendable {
    static let defaultLimit = 20
    static let limits = 1...100

    var limit = EntryListQuery.defaultLimit
    var cursor: EntryCursor?
    /// The first and last day included (`YYYY-MM-DD` in the member's zone).
    var fromDay: String?
    var toDay: String?

    /// Reads the query parameters.
    /// - Throws: ``APIProblem`` 422 naming each parameter at fault.
    init(_ parameters: [String: String]) throws(APIProblem) {
        var problems: [APIProblem.FieldProblem] = []
        if let text = parameters["limit"] {
            if let value = Int(text), Self.limits.contains(value) {
                limit = value
            } else {
                problems.append(.init(field: "limit", message: "limit must be a whole number from 1 to 100."))
            }
        }
        for (name, text) in [("from", parameters["from"]), ("to", parameters["to"])] {
            guard let text else { continue }
            guard DailyLog.isValidDay(text) else {
                problems.append(.init(field: name, message: "\(name) must be a day written YYYY-MM-DD."))
                continue
            }
            if name == "from" { fromDay = text } else { toDay = text }
        }
        if let fromDay, let toDay, fromDay > toDay {
            problems.append(.init(field: "to", message: "to must be the same day as from or later."))
        }
        if let text = parameters["cursor"] {
            if let cursor = EntryCursor(text: text) {
                self.cursor = cursor
            } else {
                problems.append(
                    .init(
                        field: "cursor", message: "cursor isn't one this API gave out; pass a page's nextCursor unchanged, or leave it out."
                    ))
            }
        }
        guard problems.isEmpty else { throw APIProblem.invalid(problems) }
    }

    /// The query parameters of `request` (the last value of a repeated one).
    static func parameters(of request: Request) -> [String: String] {
        var values: [String: String] = [:]
        for (name, value) in request.uri.queryParameters { values[String(name)] = String(value) }
        return values
    }
}
