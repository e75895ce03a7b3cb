public import Foundation

/// One "while you were away" notification standing for everything held while the member could not be reached.
public struct AwaySummary: Sendable, Equatable {
    /// The summary's title.
    public static let title = "While you were away"

    /// How many notifications of each category were held.
    public let countsByCategory: [String: Int]
    /// The most recent held notification (its title is shown, its link opened).
    public let newest: PendingNotification
    /// The ids of every notification the summary stands for, oldest first, to mark them delivered.
    public let ids: [UUID]

    /// Collapses `notifications` into one summary; `nil` when there are none.
    public init?(collapsing notifications: [PendingNotification]) {
        let ordered = notifications.enumerated().sorted { ($0.element.dueAt, $0.offset) < ($1.element.dueAt, $1.offset) }.map(\.element)
        guard let newest = ordered.last else { return nil }
        self.newest = newest
        ids = ordered.map(\.id)
        countsByCategory = ordered.reduce(into: [:]) { $0[$1.categoryKey, default: 0] += 1 }
    }

    /// The newest held notification's title.
    public var newestTitle: String { newest.title }

    /// How many notifications the summary stands for.
    public var total: Int { ids.count }
}
