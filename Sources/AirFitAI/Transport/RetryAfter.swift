import Foundation

/// Reads how long a provider asked us to wait after a 429 or 503.
enum RetryAfter {
    /// The delay in seconds from `retry-after-ms`, `Retry-After` (seconds or HTTP date) or a Gemini
    /// `RetryInfo.retryDelay` in the error body, in that order; `nil` when none is given.
    static func delay(headers: [HTTPHeaderField], body: [UInt8], now: Date = Date()) -> Double? {
        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name }?.value.trimmingCharacters(in: .whitespaces)
        }
        if let millis = header("retry-after-ms").flatMap(Double.init), millis >= 0 { return millis / 1000 }
        if let value = header("retry-after") {
            if let seconds = Double(value), seconds >= 0 { return seconds }
            if let date = httpDate(value) { return max(0, date.timeIntervalSince(now)) }
        }
        return geminiRetryDelay(body)
    }

    /// Parses an IMF-fixdate such as `Wed, 21 Oct 2015 07:28:00 GMT`.
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }

    /// Finds `"retryDelay": "12s"` (or `"1.5s"`) in a Gemini error body.
    static func geminiRetryDelay(_ body: [UInt8]) -> Double? {
        guard let value = try? AIJSON(parsing: body) else { return nil }
        return find(value)
    }

    private static func find(_ value: AIJSON) -> Double? {
        switch value {
        case .object(let members):
            for member in members {
                if member.key == "retryDelay", case .string(let text) = member.value, text.hasSuffix("s"),
                    let seconds = Double(text.dropLast())
                {
                    return seconds
                }
                if let found = find(member.value) { return found }
            }
            return nil
        case .array(let elements):
            return elements.lazy.compactMap(find).first
        default:
            return nil
        }
    }
}
