public import Foundation

/// Holds what falls due while a member's delivery window is closed and hands it back, at the next opening,
/// as one "while you were away" summary instead of a burst; drops what goes over a category's daily limit.
///
/// A pure state machine: the scheduler calls ``receive(_:)`` as each notification falls due and
/// ``release(at:)`` as time passes, and carries out the returned decisions. Rebuild it from the queue with the
/// held notifications and those already delivered, so the daily limits survive a restart.
public struct HeldNotifications: Sendable, Equatable {
    /// When the member may be reached.
    public let window: DeliveryWindow
    /// The per-category daily maxima.
    public let limits: DailyLimits
    /// The notifications waiting for the window to open, oldest first.
    public private(set) var held: [PendingNotification] = []
    /// How many notifications each category has used on each local day.
    private var counts: [DayCategory: Int] = [:]

    private struct DayCategory: Hashable, Sendable {
        let day: Int
        let categoryKey: String
    }

    /// Creates the state for one member.
    /// - Parameters:
    ///   - window: The member's delivery window.
    ///   - limits: The per-category daily maxima.
    ///   - held: Notifications already held (they count against their day's limits).
    ///   - delivered: Notifications already delivered, counted against their day's limits.
    public init(window: DeliveryWindow, limits: DailyLimits, held: [PendingNotification] = [], delivered: [PendingNotification] = []) {
        self.window = window
        self.limits = limits
        self.held = held.sorted { $0.dueAt < $1.dueAt }
        for notification in held + delivered { counts[key(for: notification), default: 0] += 1 }
    }

    /// Decides what happens to a notification that has fallen due (at its `dueAt`).
    ///
    /// Over its category's limit for the local day it is dropped, not held; inside a closed window it is held
    /// until the next opening; otherwise it is delivered at once. Call ``release(at:)`` first, so that anything
    /// held goes out before newer news.
    public mutating func receive(_ notification: PendingNotification) -> DeliveryDecision {
        let key = key(for: notification)
        guard limits.allows(notification.categoryKey, after: counts[key, default: 0]) else {
            return .drop(notification, .overDailyLimit)
        }
        guard let opening = window.nextOpening(after: notification.dueAt) else {
            return .drop(notification, .windowNeverOpens)
        }
        counts[key, default: 0] += 1
        if opening == notification.dueAt { return .deliver(notification) }
        held.append(notification)
        return .hold(notification, until: opening)
    }

    /// Everything held, collapsed into one summary, when the window is open at `now`; `nil` when nothing is
    /// held or the window is still closed.
    public mutating func release(at now: Date) -> AwaySummary? {
        guard !held.isEmpty, window.isOpen(at: now), let summary = AwaySummary(collapsing: held) else { return nil }
        held = []
        return summary
    }

    private func key(for notification: PendingNotification) -> DayCategory {
        DayCategory(day: ZonedWallClock(timeZone: window.timeZone).localDay(of: notification.dueAt), categoryKey: notification.categoryKey)
    }
}

/// What the scheduler does with a notification that has fallen due.
public enum DeliveryDecision: Sendable, Equatable {
    /// Deliver it now.
    case deliver(PendingNotification)
    /// Keep it; it goes out in the summary released at `until`.
    case hold(PendingNotification, until: Date)
    /// Never deliver it.
    case drop(PendingNotification, DropReason)
}

/// Why a notification is not delivered at all.
public enum DropReason: String, Sendable, Equatable {
    /// Its category already reached the day's maximum.
    case overDailyLimit = "over_daily_limit"
    /// Quiet hours and sleep cover the whole day.
    case windowNeverOpens = "window_never_opens"
}
