public import Foundation

/// One line of a person's security log: what happened to their account and when, with the device it came from.
public struct SecurityEvent: Codable, Sendable, Equatable, Identifiable {
    /// What happened.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case signedIn
        case signInFailed
        case signedOut
        case reauthenticated
        case passwordChanged
        case passwordReset
        case passwordResetRequested
        case emailChangeRequested
        case emailChanged
        case emailChangeCancelled
        case sessionsEnded
        case memberInvited
        case memberRemoved
        case roleChanged
        case joined
        case providerLinked
        case providerUnlinked
        case passkeyAdded
        case passkeyRemoved
        case apiTokenCreated
        case apiTokenRevoked

        /// The log's wording.
        public var displayName: String {
            switch self {
            case .signedIn: return "Signed in"
            case .signInFailed: return "Wrong password entered"
            case .signedOut: return "Signed out"
            case .reauthenticated: return "Confirmed it's you for a sensitive change"
            case .passwordChanged: return "Password changed"
            case .passwordReset: return "Password reset by email link"
            case .passwordResetRequested: return "Password reset requested"
            case .emailChangeRequested: return "Email change requested"
            case .emailChanged: return "Email address changed"
            case .emailChangeCancelled: return "Email change cancelled"
            case .sessionsEnded: return "Signed out on other devices"
            case .memberInvited: return "Invited a member"
            case .memberRemoved: return "Removed a member"
            case .roleChanged: return "Changed a member's role"
            case .joined: return "Joined"
            case .providerLinked: return "Linked a sign-in provider"
            case .providerUnlinked: return "Unlinked a sign-in provider"
            case .passkeyAdded: return "Added a passkey"
            case .passkeyRemoved: return "Removed a passkey"
            case .apiTokenCreated: return "Created an API token"
            case .apiTokenRevoked: return "Revoked an API token"
            }
        }
    }

    public var id: UUID
    public var accountID: UUID
    public var kind: Kind
    public var at: Date
    /// The device it came from ("Chrome on Android"), when known; never an address or an email.
    public var device: String?

    /// Creates an event.
    public init(id: UUID = UUID(), accountID: UUID, kind: Kind, at: Date, device: String? = nil) {
        self.id = id
        self.accountID = accountID
        self.kind = kind
        self.at = at
        self.device = device
    }
}

/// Reads and writes the security log.
public protocol SecurityLogRepository: Sendable {
    /// Adds an event.
    func recordEvent(_ event: SecurityEvent) async throws
    /// The `limit` newest events of `accountID`, newest first.
    func events(accountID: UUID, limit: Int) async throws -> [SecurityEvent]
    /// Deletes every event of `accountID` (when the account goes); returns how many.
    @discardableResult
    func deleteEvents(accountID: UUID) async throws -> Int
}

/// A security log held in memory, for tests and a server without a database.
public actor InMemorySecurityLogRepository: SecurityLogRepository {
    private var events: [SecurityEvent] = []

    /// Creates an empty log.
    public init() {}

    public func recordEvent(_ event: SecurityEvent) { events.append(event) }

    public func events(accountID: UUID, limit: Int) -> [SecurityEvent] {
        Array(events.filter { $0.accountID == accountID }.sorted { $0.at > $1.at }.prefix(max(0, limit)))
    }

    public func deleteEvents(accountID: UUID) -> Int {
        let before = events.count
        events.removeAll { $0.accountID == accountID }
        return before - events.count
    }
}
