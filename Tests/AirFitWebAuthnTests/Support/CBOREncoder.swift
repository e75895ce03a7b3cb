import Foundation

@testable import AirFitWebAuthn

/// A test-only CBOR encoder (definite lengths, shortest argument form) for building authenticator responses.
enum CBOREncoder {
    static func encode(_ value: CBORValue) -> Data {
        var out = Data()
        append(value, to: &out)
        return out
    }

    /// The initial byte and argument of an item of `major` type with `argument`.
    static func head(major: UInt8, argument: UInt64) -> Data {
        let top = major << 5
        switch argument {
        case 0..<24: return Data([top | UInt8(argument)])
        case 24...0xff: return Data([top | 24, UInt8(argument)])
        case 0x100...0xffff: return Data([top | 25]) + bigEndian(argument, bytes: 2)
        case 0x1_0000...0xffff_ffff: return Data([top | 26]) + bigEndian(argument, bytes: 4)
        default: return Data([top | 27]) + bigEndian(argument, bytes: 8)
        }
    }

    private static func bigEndian(_ value: UInt64, bytes: Int) -> Data {
        Data((0..<bytes).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) })
    }

    private static func append(_ value: CBORValue, to out: inout Data) {
        switch value {
        case .unsigned(let n): out += head(major: 0, argument: n)
        case .negative(let n): out += head(major: 1, argument: n)
        case .bytes(let data): out += head(major: 2, argument: UInt64(data.count)) + data
        case .text(let text): out += head(major: 3, argument: UInt64(text.utf8.count)) + Data(text.utf8)
        case .array(let items):
            out += head(major: 4, argument: UInt64(items.count))
            for item in items { append(item, to: &out) }
        case .map(let pairs):
            out += head(major: 5, argument: UInt64(pairs.count))
            for pair in pairs {
                append(pair.key, to: &out)
                append(pair.value, to: &out)
            }
        case .bool(let flag): out.append(flag ? 0xf5 : 0xf4)
        case .null: out.append(0xf6)
        }
    }
}

extension CBORValue {
    /// An integer item from a Swift `Int` (negative values use major type 1).
    static func int(_ value: Int) -> CBORValue {
        value >= 0 ? .unsigned(UInt64(value)) : .negative(UInt64(-1 - value))
    }
}
