public import Foundation

/// Why a model call was refused before it started.
public enum UsageBudgetError: Error, LocalizedError, Equatable, Sendable {
    /// The member's month is used up (or what is left is held by replies in progress) until `resetsAt`, the 1st of the
    /// next month at 00:00 in their zone.
    case exhausted(budget: Int, used: Int, resetsAt: Date)
    /// The ledger could not be read, so the call was not started.
    case unavailable

    /// A message a person can act on, with the reset date ("1 December").
    public var errorDescription: String? {
        switch self {
        case .exhausted(let budget, let used, let resetsAt):
            let day = Self.resetDay(resetsAt)
            if used >= budget {
                return "You've used this month's \(Self.grouped(budget)) tokens. Your budget resets on \(day)."
            }
            return "Replies in progress hold the rest of this month's \(Self.grouped(budget)) tokens (\(Self.grouped(used)) used). "
                + "Try again when they finish; your budget resets on \(day)."
        case .unavailable:
            return "Your usage can't be checked right now, so the coach didn't start. Try again in a minute."
        }
    }

    /// What to do about it.
    public var recoverySuggestion: String? {
        switch self {
        case .exhausted: return "Ask your admin for a plan with a larger budget."
        case .unavailable: return "If it keeps happening, ask your admin to check the server's database."
        }
    }

    /// Seconds until the reset (at least 1), for a `Retry-After` header; 30 when the ledger was unavailable.
    public var retryAfterSeconds: Int { retryAfterSeconds(now: Date()) }

    /// Seconds from `now` until the reset (at least 1); 30 when the ledger was unavailable.
    public func retryAfterSeconds(now: Date) -> Int {
        guard case .exhausted(_, _, let resetsAt) = self else { return 30 }
        let seconds = resetsAt.timeIntervalSince(now).rounded(.up)
        guard seconds.isFinite, seconds >= 1 else { return 1 }
        return seconds < Double(Int32.max) ? Int(seconds) : Int(Int32.max)
    }

    /// "1 December": a reset is the 1st at 00:00 in the member's zone, which is within a day of the same instant in UTC,
    /// so the UTC date tells the month without the zone (the 1st in UTC, or the day before the 1st).
    static func resetDay(_ resetsAt: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.month, .day], from: resetsAt)
        let month = parts.month ?? 1
        let resetMonth = parts.day == 1 ? month : month % 12 + 1
        return "1 " + monthNames[resetMonth - 1]
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]

    /// "200,000".
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (value < 0 ? "-" : "") + out
    }
}
