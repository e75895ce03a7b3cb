/// Typed reads of request fields, each throwing an ``OpenAIRelayError`` that names the field.
extension AIJSON {
    /// The value of member `key` (the last one when repeated); `nil` when absent, `null`, or `self` is no object.
    func relayMember(_ key: String) -> AIJSON? {
        guard case .object(let members) = self, let value = members.last(where: { $0.key == key })?.value else { return nil }
        if case .null = value { return nil }
        return value
    }

    /// The string, or ``OpenAIRelayError/wrongType(field:expected:)``.
    func relayString(_ field: String) throws(OpenAIRelayError) -> String {
        guard case .string(let text) = self else { throw .wrongType(field: field, expected: "a string") }
        return text
    }

    /// The boolean, or ``OpenAIRelayError/wrongType(field:expected:)``.
    func relayBool(_ field: String) throws(OpenAIRelayError) -> Bool {
        guard case .bool(let flag) = self else { throw .wrongType(field: field, expected: "true or false") }
        return flag
    }

    /// The array's elements, or ``OpenAIRelayError/wrongType(field:expected:)``.
    func relayArray(_ field: String) throws(OpenAIRelayError) -> [AIJSON] {
        guard case .array(let elements) = self else { throw .wrongType(field: field, expected: "an array") }
        return elements
    }

    /// Checks that the value is an object.
    func relayRequireObject(_ field: String) throws(OpenAIRelayError) {
        guard case .object = self else { throw .wrongType(field: field, expected: "an object") }
    }

    /// A finite number within `range`, checked before it is used.
    func relayNumber(_ field: String, in range: ClosedRange<Double>, allowed: String) throws(OpenAIRelayError) -> Double {
        guard case .number(let text) = self else { throw .wrongType(field: field, expected: allowed) }
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            throw .outOfRange(field: field, value: text, allowed: allowed)
        }
        return value
    }

    /// A whole number within `range`, checked as a finite double before it becomes an `Int`.
    func relayInteger(_ field: String, in range: ClosedRange<Int>) throws(OpenAIRelayError) -> Int {
        let allowed = "an integer from \(range.lowerBound) to \(range.upperBound)"
        let value = try relayNumber(field, in: Double(range.lowerBound)...Double(range.upperBound), allowed: allowed)
        guard value == value.rounded(), let integer = Int(exactly: value) else {
            throw .outOfRange(field: field, value: relayNumberText, allowed: allowed)
        }
        return integer
    }

    /// The source text of a number (empty for other values).
    private var relayNumberText: String {
        if case .number(let text) = self { return text }
        return ""
    }
}
