import Foundation

@testable import AirFitServer

/// A small JSON Schema check (the parts our document uses: `$ref`, `type` (one or a list), `required`, `properties`,
/// `items`, `allOf`, `enum`, `minimum`/`maximum`): the problems of `value` against `schema`, each with its path.
struct SchemaCheck {
    let document: OpenAPIDocument

    func problems(_ value: OrderedJSON, _ schema: OrderedJSON, at path: String = "$") -> [String] {
        let schema = document.resolved(schema)
        var found: [String] = []
        for part in schema["allOf"]?.array ?? [] { found += problems(value, part, at: path) }
        let types = schema["type"]?.string.map { [$0] } ?? (schema["type"]?.array ?? []).compactMap(\.string)
        if !types.isEmpty, !types.contains(where: { Self.matches(value, $0) }) {
            return found + ["\(path): expected \(types.joined(separator: " or ")), got \(value.text.prefix(60))"]
        }
        if let allowed = schema["enum"]?.array, !allowed.contains(value) { found.append("\(path): \(value.text) is not one of the enum") }
        if let number = Self.number(value) {
            if let minimum = schema["minimum"].flatMap(Self.number), number < minimum { found.append("\(path): below \(minimum)") }
            if let maximum = schema["maximum"].flatMap(Self.number), number > maximum { found.append("\(path): above \(maximum)") }
        }
        if case .object(let members) = value {
            for name in (schema["required"]?.array ?? []).compactMap(\.string) where !members.contains(where: { $0.key == name }) {
                found.append("\(path): required field \(name) is missing")
            }
            for property in schema["properties"]?.members ?? [] {
                if let member = members.first(where: { $0.key == property.key }) {
                    found += problems(member.value, property.value, at: "\(path).\(property.key)")
                }
            }
        }
        if case .array(let elements) = value, let items = schema["items"] {
            for (index, element) in elements.enumerated() { found += problems(element, items, at: "\(path)[\(index)]") }
        }
        return found
    }

    /// The schema of `operation`'s answer with `status` (or `default`), for its first content type.
    func answerSchema(_ method: String, _ path: String, status: Int) -> OrderedJSON? {
        let responses = document.root["paths"]?[path]?[method.lowercased()]?["responses"]
        let answer = document.resolved(responses?[String(status)] ?? responses?["default"] ?? .null)
        return answer["content"]?.members?.first?.value["schema"]
    }

    private static func matches(_ value: OrderedJSON, _ type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object), ("integer", .integer),
            ("number", .integer), ("number", .number):
            true
        case ("integer", .number(let number)): number == number.rounded()
        default: false
        }
    }

    private static func number(_ value: OrderedJSON) -> Double? {
        switch value {
        case .integer(let integer): Double(integer)
        case .number(let number): number
        default: nil
        }
    }
}
