import AirFitCore

/// A text field of a form: absent, or its value with control characters removed (``TextInput/clean(_:singleLine:)``).
@propertyWrapper
struct FormText: Decodable, Sendable, Equatable {
    var wrappedValue: String?

    init(wrappedValue: String?) { self.wrappedValue = wrappedValue }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = TextInput.clean(try container.decode(String.self))
    }
}

/// A checkbox: ticked when the browser sends it at all (with any value), unticked when absent.
@propertyWrapper
struct Checkbox: Decodable, Sendable, Equatable {
    var wrappedValue: Bool

    init(wrappedValue: Bool) { self.wrappedValue = wrappedValue }

    init(from decoder: any Decoder) throws { wrappedValue = true }
}

extension KeyedDecodingContainer {
    /// An absent text field is `nil`, not a decoding error.
    func decode(_ type: FormText.Type, forKey key: Key) throws -> FormText {
        try decodeIfPresent(type, forKey: key) ?? FormText(wrappedValue: nil)
    }

    /// An absent checkbox is unticked.
    func decode(_ type: Checkbox.Type, forKey key: Key) throws -> Checkbox {
        try decodeIfPresent(type, forKey: key) ?? Checkbox(wrappedValue: false)
    }
}
