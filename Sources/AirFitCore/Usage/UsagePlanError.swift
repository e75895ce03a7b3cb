public import Foundation

/// Why an admin's plan form was refused.
public enum UsagePlanError: Error, LocalizedError, Equatable, Sendable {
    /// The name is empty.
    case nameMissing
    /// The name is longer than 60 characters or holds control characters.
    case nameTooLong
    /// The budget is neither empty, "unlimited", a number of tokens, nor one with a k/M suffix.
    case budgetNotANumber
    /// The budget is below 1,000 or above 1,000,000,000,000 tokens.
    case budgetOutOfRange

    /// A message naming the field, saying what to enter.
    public var errorDescription: String? {
        switch self {
        case .nameMissing: return "Plan name: enter a name for the plan."
        case .nameTooLong: return "Plan name: use at most 60 letters, digits or spaces."
        case .budgetNotANumber:
            return "Monthly token budget: enter a number of tokens such as 200000, 200,000, 200k or 1.5M, "
                + "or leave it empty for unlimited."
        case .budgetOutOfRange:
            return "Monthly token budget: enter from 1,000 to 1,000,000,000,000 tokens, or leave it empty for unlimited."
        }
    }
}
