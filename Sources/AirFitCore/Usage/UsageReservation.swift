public import Foundation

/// Budget held for a call in flight: its worst case, until it is recorded, released or expires.
public struct UsageReservation: Sendable, Equatable {
    /// The reservation's id.
    public var id: UUID
    /// The member it is held for.
    public var userID: UUID
    /// The month it counts against ("2026-11").
    public var monthKey: String
    /// The tokens held.
    public var tokens: Int

    /// Creates a reservation.
    public init(id: UUID = UUID(), userID: UUID, monthKey: String, tokens: Int) {
        self.id = id
        self.userID = userID
        self.monthKey = monthKey
        self.tokens = tokens
    }

    /// How long a reservation holds budget: a process that crashed mid-call can't hold it longer.
    public static let lifetime: TimeInterval = 15 * 60
}
