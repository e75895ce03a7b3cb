public import Foundation

/// Delivers what fell due: claims it from the queue, applies the member's switches, quiet hours, sleep and daily
/// limits (``HeldNotifications``), and settles each notification as delivered, held, collapsed into a summary or
/// dropped. Delivered notifications are in the inbox; ``NotificationChannel``s carry them further (push, email).
public struct NotificationDispatcher: Sendable {
    private let queue: any NotificationRepository
    private let members: any NotificationMemberSource
    private let channels: [any NotificationChannel]
    private let writer: (any NotificationWriting)?
    private let limits: DailyLimits

    /// The most of each category a member gets per local day.
    public static let standardLimits =
        DailyLimits(maxima: [
            NotificationCategory.dailyCheckIn.rawValue: 1, NotificationCategory.workoutReminders.rawValue: 3,
            NotificationCategory.mealLogging.rawValue: 3, NotificationCategory.hydration.rawValue: 4,
            NotificationCategory.achievements.rawValue: 3, NotificationCategory.reEngagement.rawValue: 1,
            NotificationCategory.recommendations.rawValue: 2,
        ]) ?? .unlimited

    /// How many due notifications are claimed at a time.
    static let batchSize = 100

    /// A dispatcher over `queue`, reading members from `members`.
    public init(
        queue: any NotificationRepository, members: any NotificationMemberSource, channels: [any NotificationChannel] = [],
        writer: (any NotificationWriting)? = nil, limits: DailyLimits = standardLimits
    ) {
        self.queue = queue
        self.members = members
        self.channels = channels
        self.writer = writer
        self.limits = limits
    }

    /// Delivers everything due at `now`; returns what happened.
    public func runDue(now: Date) async throws -> DispatchReport {
        var report = DispatchReport()
        while true {
            let claimed = try await queue.claimDueNotifications(now: now, limit: Self.batchSize)
            if claimed.isEmpty { break }
            for (userID, rows) in Dictionary(grouping: claimed, by: \.userID).sorted(by: { $0.key.uuidString < $1.key.uuidString }) {
                try await dispatch(rows, userID: userID, now: now, report: &report)
            }
            if claimed.count < Self.batchSize { break }
        }
        return report
    }

    private func dispatch(_ rows: [CoachNotification], userID: UUID, now: Date, report: inout DispatchReport) async throws {
        guard let member = try await members.notificationMember(userID: userID, now: now) else {
            for var row in rows {
                row.state = .dropped
                try await settle(row, report: &report)
            }
            return
        }
        let preferences = member.user.notificationPreferences
        let recent = try await queue.notifications(
            userID: userID, states: [.delivered, .collapsed, .held], since: now.addingTimeInterval(-2 * 86_400))
        let heldRows = rows.filter { $0.state == .held }
        var state = HeldNotifications(
            window: member.window, limits: limits, held: heldRows.map(\.pending),
            delivered: recent.filter { $0.state != .held && !$0.isTest }.map(\.pending))
        var byID = Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })

        if let summary = state.release(at: now) {
            if summary.total == 1, var only = byID[summary.newest.id] {
                only.state = .delivered
                only.deliveredAt = now
                try await deliver(only, member: member, report: &report)
            } else if let newest = byID[summary.newest.id] {
                let text = NotificationWording.away(summary)
                let combined = CoachNotification(
                    userID: userID, category: newest.category, title: text.title, body: text.body, link: newest.link, dueAt: now,
                    state: .delivered, dedupeKey: "summary:\(newest.id.uuidString.lowercased())", createdAt: now, deliveredAt: now)
                if try await queue.scheduleNotification(combined) {
                    report.summaries += 1
                    for channel in channels { await channel.deliver(combined, to: member) }
                }
                for id in summary.ids {
                    guard var row = byID[id] else { continue }
                    row.state = .collapsed
                    row.deliveredAt = now
                    try await settle(row, report: &report)
                }
            }
            for id in summary.ids { byID[id] = nil }
        }
        // Held ones the window still keeps closed stay held until it opens (never, and they are dropped).
        for var row in heldRows where byID[row.id] != nil {
            if let opening = member.window.nextOpening(after: now) {
                row.state = .held
                row.heldUntil = opening
            } else {
                row.state = .dropped
            }
            try await settle(row, report: &report)
            byID[row.id] = nil
        }

        for var row in rows.filter({ byID[$0.id] != nil }).sorted(by: { $0.dueAt < $1.dueAt }) {
            // A test was asked for by the member, whatever the switches say.
            guard row.isTest || (preferences.isEnabled(row.category) && !row.isStale(at: now)),
                !NotificationPlanner.isObsolete(row, for: member, now: now)
            else {
                row.state = .dropped
                try await settle(row, report: &report)
                continue
            }
            // The digest is an email, not an interruption, and a test is asked for now: quiet hours hold neither.
            if row.category == .emailDigest || row.isTest {
                row.state = .delivered
                row.deliveredAt = now
                try await deliver(row, member: member, report: &report)
                continue
            }
            switch state.receive(row.pending) {
            case .deliver:
                row.state = .delivered
                row.deliveredAt = now
                if let writer, let body = await writer.body(for: row, member: member) { row.body = body }
                try await deliver(row, member: member, report: &report)
            case .hold(_, let until):
                row.state = .held
                row.heldUntil = until
                try await settle(row, report: &report)
            case .drop:
                row.state = .dropped
                try await settle(row, report: &report)
            }
        }
    }

    private func deliver(_ row: CoachNotification, member: NotificationMember, report: inout DispatchReport) async throws {
        guard try await queue.settleNotification(row) else { return }
        report.delivered += 1
        for channel in channels { await channel.deliver(row, to: member) }
    }

    private func settle(_ row: CoachNotification, report: inout DispatchReport) async throws {
        guard try await queue.settleNotification(row) else { return }
        switch row.state {
        case .held: report.held += 1
        case .dropped: report.dropped += 1
        case .collapsed: report.collapsed += 1
        default: break
        }
    }
}

/// What one dispatch did.
public struct DispatchReport: Sendable, Equatable {
    /// Notifications put in an inbox on their own.
    public var delivered = 0
    /// "While you were away" summaries delivered.
    public var summaries = 0
    /// Notifications a summary stands for.
    public var collapsed = 0
    /// Notifications held for quiet hours or sleep.
    public var held = 0
    /// Notifications never to be delivered.
    public var dropped = 0

    /// An empty report.
    public init() {}
}

/// Where the dispatcher reads a member's facts.
public protocol NotificationMemberSource: Sendable {
    /// The member's facts at `now`; `nil` when they no longer exist.
    func notificationMember(userID: UUID, now: Date) async throws -> NotificationMember?
}

/// A way a delivered notification reaches the member besides the inbox (Web Push, email).
public protocol NotificationChannel: Sendable {
    /// Carries `notification` to `member`; failures are the channel's to log and retry.
    func deliver(_ notification: CoachNotification, to member: NotificationMember) async
}
