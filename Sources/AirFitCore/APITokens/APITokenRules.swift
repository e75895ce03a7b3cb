public import Foundation

/// How long a new token lives, as offered on the API tokens page.
public enum APITokenLifetime: String, Sendable, CaseIterable {
    case week = "7"
    case month = "30"
    case quarter = "90"
    case year = "365"
    case never

    /// The choice's wording.
    public var label: String {
        switch self {
        case .week: return "7 days"
        case .month: return "30 days"
        case .quarter: return "90 days"
        case .year: return "1 year"
        case .never: return "No expiry"
        }
    }

    /// When a token created at `date` expires; `nil` never.
    public func expiry(from date: Date) -> Date? {
        guard let days = Int(rawValue) else { return nil }
        return date.addingTimeInterval(TimeInterval(days) * 86_400)
    }
}

/// A new token as asked for, checked: a name, at least one scope, a lifetime.
public struct APITokenRequest: Sendable, Equatable {
    public var name: String
    public var scopes: [APITokenScope]
    public var lifetime: APITokenLifetime

    /// The longest name.
    public static let maxNameLength = 60
    /// The most tokens one member may hold.
    public static let maxTokens = 25

    /// Checks the form's text against the member's existing tokens.
    /// - Throws: ``APITokenError`` naming what to change.
    public static func validated(
        name: String, scopes: [String], lifetime: String, existing: [APIToken]
    ) throws(APITokenError) -> APITokenRequest {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw .nameMissing }
        guard name.count <= maxNameLength else { throw .nameTooLong(limit: maxNameLength) }
        guard !name.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) }) else { throw .nameInvalid }
        guard !existing.contains(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) else { throw .nameTaken }
        var chosen: [APITokenScope] = []
        for raw in scopes {
            guard let scope = APITokenScope(rawValue: raw) else { throw .unknownScope }
            if !chosen.contains(scope) { chosen.append(scope) }
        }
        guard !chosen.isEmpty else { throw .noScope }
        guard let lifetime = APITokenLifetime(rawValue: lifetime) else { throw .unknownLifetime }
        guard existing.count < maxTokens else { throw .tooMany(limit: maxTokens) }
        return APITokenRequest(name: name, scopes: chosen.sorted(), lifetime: lifetime)
    }
}

/// Why a token was not created, in words a person can act on.
public enum APITokenError: Error, Equatable, Sendable, LocalizedError {
    case nameMissing
    case nameTooLong(limit: Int)
    case nameInvalid
    case nameTaken
    case noScope
    case unknownScope
    case unknownLifetime
    case tooMany(limit: Int)

    /// The form field the message belongs to.
    public var field: String {
        switch self {
        case .nameMissing, .nameTooLong, .nameInvalid, .nameTaken: return "name"
        case .noScope, .unknownScope: return "scopes"
        case .unknownLifetime: return "lifetime"
        case .tooMany: return "name"
        }
    }

    public var errorDescription: String? {
        switch self {
        case .nameMissing: return "Give the token a name, such as the app or device that will use it."
        case .nameTooLong(let limit): return "Keep the name to \(limit) characters or fewer."
        case .nameInvalid: return "The name can't contain line breaks or control characters."
        case .nameTaken: return "You already have a token with this name. Choose another name."
        case .noScope: return "Choose at least one thing the token may do."
        case .unknownScope: return "Choose the token's permissions from the list."
        case .unknownLifetime: return "Choose when the token expires from the list."
        case .tooMany(let limit): return "You have \(limit) tokens, the most allowed. Revoke one you no longer use first."
        }
    }
}
