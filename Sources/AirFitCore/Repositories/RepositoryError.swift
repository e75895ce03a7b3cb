public import Foundation

/// A storage failure, with a message a person can act on.
public enum RepositoryError: Error, LocalizedError, Equatable, Sendable {
    /// The record does not exist.
    case notFound(String)
    /// A record with the same identity already exists.
    case conflict(String)
    /// The record breaks a rule.
    case invalid(String)
    /// The database could not be reached or failed.
    case unavailable(String)

    public var errorDescription: String? {
        switch self {
        case .notFound(let what): return "\(what) was not found."
        case .conflict(let what): return "\(what) already exists."
        case .invalid(let why): return why
        case .unavailable(let why): return "The database is unavailable: \(why)"
        }
    }
}
