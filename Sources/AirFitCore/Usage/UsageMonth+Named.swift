public import Foundation

extension UsageMonth {
    /// The month a person names as `YYYY-MM` (2000-01 … 9999-12), in `timeZone`; nil for anything else.
    public static func named(_ key: String, timeZone: TimeZone) -> UsageMonth? {
        let parts = key.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
            let year = Int(parts[0]), let month = Int(parts[1]), (2000...9999).contains(year), (1...12).contains(month)
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        // The 15th at noon is inside the month in every zone, whatever its offset or DST.
        guard let middle = calendar.date(from: DateComponents(year: year, month: month, day: 15, hour: 12)) else { return nil }
        return containing(middle, timeZone: timeZone)
    }

    /// The month before this one.
    public var previous: UsageMonth { UsageMonth.containing(start.addingTimeInterval(-86_400), timeZone: timeZone) }
}
