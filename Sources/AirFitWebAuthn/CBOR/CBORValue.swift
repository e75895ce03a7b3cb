import Foundation

/// One decoded CBOR data item, limited to what WebAuthn uses.
enum CBORValue: Sendable, Equatable {
    /// Major type 0.
    case unsigned(UInt64)
    /// Major type 1: the value is `-1 - n`, kept as `n` so the full 64-bit range fits.
    case negative(UInt64)
    case bytes(Data)
    case text(String)
    case array([CBORValue])
    /// Pairs in the order they appeared (keys are integers or text).
    case map([(key: CBORValue, value: CBORValue)])
    case bool(Bool)
    case null

    static func == (lhs: CBORValue, rhs: CBORValue) -> Bool {
        switch (lhs, rhs) {
        case (.unsigned(let a), .unsigned(let b)), (.negative(let a), .negative(let b)): a == b
        case (.bytes(let a), .bytes(let b)): a == b
        case (.text(let a), .text(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.map(let a), .map(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        default: false
        }
    }

    /// The value as a Swift `Int` when it is an integer that fits.
    var intValue: Int? {
        switch self {
        case .unsigned(let n): n <= UInt64(Int.max) ? Int(n) : nil
        case .negative(let n): n <= UInt64(Int.max) ? -1 - Int(n) : nil
        default: nil
        }
    }

    var bytesValue: Data? {
        if case .bytes(let data) = self { return data }
        return nil
    }

    var textValue: String? {
        if case .text(let text) = self { return text }
        return nil
    }

    var mapValue: [(key: CBORValue, value: CBORValue)]? {
        if case .map(let pairs) = self { return pairs }
        return nil
    }

    /// The value under an integer key of a map (COSE keys).
    subscript(intKey key: Int) -> CBORValue? {
        mapValue?.first { $0.key.intValue == key }?.value
    }

    /// The value under a text key of a map (attestation objects and statements).
    subscript(textKey key: String) -> CBORValue? {
        mapValue?.first { $0.key.textValue == key }?.value
    }
}
