public import Foundation

/// Why a price override file was refused.
public enum PriceTableError: Error, LocalizedError, Equatable, Sendable {
    /// The file is larger than ``PriceTable/maximumFileBytes``.
    case tooLarge
    /// The file is not JSON of the documented shape; the text says where.
    case malformed(String)
    /// A price is missing, not a number, or outside 0…10,000 dollars per million tokens; names the entry and field.
    case invalidPrice(entry: String, field: String)

    /// A message a person can act on.
    public var errorDescription: String? {
        switch self {
        case .tooLarge:
            return "The price file is larger than 1 MB. Keep only the models whose prices you want to change."
        case .malformed(let why):
            return "The price file can't be read: \(why) It must be a JSON object of providers, each an object of models, "
                + "each {\"input\": …, \"output\": …, \"cachedInput\": …} in dollars per million tokens."
        case .invalidPrice(let entry, let field):
            return "The price file's entry \(entry) has a bad \"\(field)\": it must be a number from 0 to 10000 "
                + "(dollars per million tokens)."
        }
    }
}
