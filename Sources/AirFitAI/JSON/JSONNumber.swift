/// Conversions of validated JSON number tokens.
enum JSONNumber {
    /// The integer a number token denotes, or `nil` when it is not integral or does not fit in `Int`.
    static func integer(_ token: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        var negative = false
        if index < token.count, token[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var value = 0
        while index < token.count, token[index] >= 0x30, token[index] <= 0x39 {
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int(token[index] - 0x30))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
            index += 1
        }
        if index == token.count { return negative ? -value : value }
        // A fraction or exponent: accept it only when the value is integral (e.g. `12.0`, `1e3`).
        guard let double = Double(String(decoding: token, as: UTF8.self)) else { return nil }
        return Int(exactly: double)
    }
}
