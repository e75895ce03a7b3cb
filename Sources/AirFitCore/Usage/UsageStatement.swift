public import Foundation

/// A member's plan and a month's usage in words and numbers, as the Subscription page and `airfit usage` show them.
public struct UsageStatement: Sendable, Equatable {
    /// The plan's name ("Unlimited" without one).
    public let planName: String
    /// The monthly budget in tokens; nil is unlimited.
    public let budget: Int?
    /// Tokens used this month.
    public let used: Int
    /// How much of the budget is used, 0–100 (0 when unlimited).
    public let percentUsed: Int
    /// "120,400 of 200,000 tokens" or "120,400 tokens (no limit)".
    public let usedText: String
    /// When the budget starts over, in the member's zone: "1 December 2026".
    public let resetText: String
    /// The month ("November 2026").
    public let monthText: String
    /// "≈ $1.23", with a note when some calls have no known price or were estimated.
    public let costText: String
    /// Whether the budget is spent.
    public let isExhausted: Bool

    /// The statement of `summary` under `plan`.
    public init(plan: UsagePlan?, summary: UsageSummary) {
        planName = plan?.name ?? "Unlimited"
        budget = plan?.monthlyTokenBudget
        used = summary.totalTokens
        let month = summary.month
        if let budget, budget > 0 {
            percentUsed = min(100, Int((Double(used) / Double(budget) * 100).rounded(.down)))
            usedText = "\(Self.count(used)) of \(Self.count(budget)) tokens"
            isExhausted = used >= budget
        } else {
            percentUsed = 0
            usedText = "\(Self.count(used)) tokens (no limit)"
            isExhausted = false
        }
        resetText = Self.date(month.end, zone: month.timeZone, format: "d MMMM yyyy")
        monthText = Self.date(month.start, zone: month.timeZone, format: "MMMM yyyy")
        var cost = "≈ " + Self.dollars(summary.costMicros)
        if summary.hasUnpricedCalls { cost += " (some models have no known price and are not counted)" }
        if summary.hasEstimates { cost += " · some counts are estimated" }
        costText = cost
    }

    /// `micros` millionths of a dollar as "$1.23" ("< $0.01" for a little above nothing).
    public static func dollars(_ micros: Int64) -> String {
        if micros > 0 && micros < 5_000 { return "< $0.01" }
        let cents = (micros + 5_000) / 10_000
        return "$\(cents / 100)." + (cents % 100 < 10 ? "0" : "") + "\(cents % 100)"
    }

    /// `value` with thousands separators ("1,234,567").
    public static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }

    private static func date(_ date: Date, zone: TimeZone, format: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_GB")
        formatter.timeZone = zone
        formatter.dateFormat = format
        return formatter.string(from: date)
    }
}
