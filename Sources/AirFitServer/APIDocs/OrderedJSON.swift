import Foundation

/// A JSON value that keeps its object members in order (as the OpenAPI document writes them), so the served
/// `/openapi.json` reads like the YAML it comes from.
enum OrderedJSON: Sendable, Equatable {
    /// One member of an object.
    struct Member: Sendable, Equatable {
        let key: String
        let value: OrderedJSON
    }

    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([OrderedJSON])
    case object([Member])

    /// The member named `key` of an object (the first one), or nil.
    subscript(key: String) -> OrderedJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The string, if this is one.
    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The elements, if this is an array.
    var array: [OrderedJSON]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The members, if this is an object.
    var members: [Member]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The boolean, if this is one.
    var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// Compact JSON text.
    var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .integer(let value): out += String(value)
        // Only finite numbers get here (the YAML reader refuses the others).
        case .number(let value): out += value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
        case .string(let text): Self.quote(text, into: &out)
        case .array(let elements):
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                element.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                Self.quote(member.key, into: &out)
                out += ":"
                member.value.write(to: &out)
            }
            out += "}"
        }
    }

    /// `text` as a JSON string literal (RFC 8259 escapes).
    private static func quote(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let control where control.value < 0x20: out += String(format: "\\u%04x", control.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

extension OrderedJSON: Decodable {
    /// Reads any JSON value (object members in no particular order: only the document keeps its order).
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([OrderedJSON].self) {
            self = .array(value)
        } else {
            let object = try container.decode([String: OrderedJSON].self)
            self = .object(object.sorted { $0.key < $1.key }.map { Member(key: $0.key, value: $0.value) })
        }
    }
}
