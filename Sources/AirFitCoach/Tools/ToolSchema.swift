import AirFitCore
import Foundation

/// Small builders for the JSON Schemas of tool parameters.
enum ToolSchema {
    static func object(_ properties: [String: JSONValue], required: [String] = []) -> JSONValue {
        .object([
            "type": .string("object"), "properties": .object(properties),
            "required": .array(required.map(JSONValue.string)), "additionalProperties": .bool(false),
        ])
    }

    static func string(_ description: String, oneOf values: [String]? = nil) -> JSONValue {
        var schema: [String: JSONValue] = ["type": .string("string"), "description": .string(description)]
        if let values { schema["enum"] = .array(values.map(JSONValue.string)) }
        return .object(schema)
    }

    static func number(_ description: String, minimum: Double? = nil, maximum: Double? = nil, integer: Bool = false) -> JSONValue {
        var schema: [String: JSONValue] = ["type": .string(integer ? "integer" : "number"), "description": .string(description)]
        if let minimum { schema["minimum"] = .number(minimum) }
        if let maximum { schema["maximum"] = .number(maximum) }
        return .object(schema)
    }

    static func array(_ items: JSONValue, _ description: String) -> JSONValue {
        .object(["type": .string("array"), "items": items, "description": .string(description)])
    }
}

/// Shared argument checks with messages the model can act on.
enum ToolCheck {
    static func range<T: Comparable>(_ value: T?, _ bounds: ClosedRange<T>, _ name: String) throws {
        if let value, !bounds.contains(value) {
            throw ToolError.invalidArguments("\(name) must be between \(bounds.lowerBound) and \(bounds.upperBound) (got \(value)).")
        }
    }

    static func date(_ text: String?, _ name: String) throws -> Date? {
        guard let text else { return nil }
        guard let date = ISO8601.date(from: text) else {
            throw ToolError.invalidArguments("\(name) must be an ISO-8601 date-time like 2026-03-01T07:30:00Z (got \"\(text)\").")
        }
        return date
    }

    /// Kilograms from a weight in `unit` ("kg" or "lb"), defaulting to the user's system.
    static func kilograms(_ value: Double?, unit: String?, user: User) throws -> Double? {
        guard let value else { return nil }
        switch unit?.lowercased() ?? (user.preferredUnits == .metric ? "kg" : "lb") {
        case "kg", "kgs", "kilograms": return value
        case "lb", "lbs", "pounds": return MeasurementSystem.kilograms(fromPounds: value)
        case let other: throw ToolError.invalidArguments("weightUnit must be \"kg\" or \"lb\" (got \"\(other)\").")
        }
    }

    /// Throws the entry's first problem under Core's rules (``EntryRule``, ``DailyLog/validationProblems``).
    static func valid(_ entry: LoggedEntry, now: Date) throws {
        if let problem = entry.problems(now: now).first { throw ToolError.invalidArguments(problem) }
    }

    /// "YYYY-MM-DD" of `date` in the user's time zone.
    static func day(of date: Date, for user: User) -> String {
        DailyLog.day(of: date, timeZone: user.timeZone)
    }
}
