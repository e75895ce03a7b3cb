public import Foundation

/// What an admin grants members: a monthly token budget, or unlimited use.
public struct UsagePlan: Codable, Sendable, Equatable, Identifiable {
    /// The plan's id.
    public var id: UUID
    /// Its name, 1 to 60 characters, trimmed ("Family", "Light").
    public var name: String
    /// Tokens (input + output) a member may use per calendar month in their zone; nil is unlimited.
    public var monthlyTokenBudget: Int?
    /// When the admin created it.
    public var createdAt: Date

    /// Creates a plan (check the admin's input with ``validated(name:budget:)`` first).
    public init(id: UUID = UUID(), name: String, monthlyTokenBudget: Int?, createdAt: Date = Date()) {
        self.id = id
        self.name = name
        self.monthlyTokenBudget = monthlyTokenBudget
        self.createdAt = createdAt
    }

    /// The longest name, in characters.
    public static let maximumNameLength = 60
    /// The smallest and largest budgets a plan may have.
    public static let budgetRange = 1_000...1_000_000_000_000

    /// The admin's form text, checked: the name trimmed; the budget as tokens, nil for "" or "unlimited".
    ///
    /// A budget is digits, optionally grouped with `_` or `,` ("200,000"), or a number with a `k` (thousand) or `M`
    /// (million) suffix ("200k", "1.5M"); it must be within ``budgetRange``.
    /// - Throws: ``UsagePlanError`` naming the field at fault.
    public static func validated(name: String, budget: String?) throws(UsagePlanError) -> (name: String, budget: Int?) {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw .nameMissing }
        guard name.count <= maximumNameLength, !name.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) })
        else { throw .nameTooLong }
        let text = (budget ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty || text.lowercased() == "unlimited" { return (name, nil) }
        guard text.count <= 40, let tokens = tokens(in: text) else { throw .budgetNotANumber }
        guard budgetRange.contains(tokens) else { throw .budgetOutOfRange }
        return (name, tokens)
    }

    /// Tokens written as digits with separators, or with a k/M suffix; nil when it is neither or too large.
    private static func tokens(in text: String) -> Int? {
        var digits = text
        var multiplier = 1
        switch text.last {
        case "k", "K": multiplier = 1_000
        case "m", "M": multiplier = 1_000_000
        default: break
        }
        if multiplier > 1 { digits.removeLast() }
        digits = digits.trimmingCharacters(in: .whitespaces)
        if multiplier == 1 {
            let plain = digits.filter { $0 != "_" && $0 != "," }
            guard !plain.isEmpty, plain.allSatisfy(\.isASCIIDigit), !digits.hasPrefix("_"), !digits.hasPrefix(",") else { return nil }
            return Int(plain)
        }
        // With a suffix: whole or decimal ("1.5M"), and the result must be whole tokens.
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit), whole.count <= 12
        else { return nil }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.allSatisfy(\.isASCIIDigit), fraction.count <= 6, parts.count == 1 || !fraction.isEmpty else { return nil }
        var scale = 1
        for _ in fraction { scale *= 10 }
        guard let wholeValue = Int(whole), let fractionValue = fraction.isEmpty ? 0 : Int(fraction),
            (fractionValue * multiplier) % scale == 0
        else { return nil }
        let (base, overflow) = wholeValue.multipliedReportingOverflow(by: multiplier)
        guard !overflow else { return nil }
        return base + fractionValue * multiplier / scale
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
