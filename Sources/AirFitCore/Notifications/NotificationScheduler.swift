public import Foundation

/// One pass of the coach's notifications: plan what each member should have queued, then deliver what is due.
/// `airfit serve` runs it every minute; `airfit notifications run-due` runs it once (at any `--now`).
public struct NotificationScheduler: Sendable {
    private let repository: any AirFitRepository
    private let dispatcher: NotificationDispatcher

    /// A scheduler over the installation's store, delivering through `channels` besides the inbox; `writer` words
    /// each notification in the coach's voice (the templates without one).
    public init(repository: any AirFitRepository, channels: [any NotificationChannel] = [], writer: (any NotificationWriting)? = nil) {
        self.repository = repository
        dispatcher = NotificationDispatcher(
            queue: repository, members: StoreNotificationMembers(repository: repository), channels: channels, writer: writer)
    }

    /// Delivers what is due at `now` without planning anything new (`airfit notifications test`).
    public func deliverDue(now: Date) async throws -> DispatchReport {
        try await dispatcher.runDue(now: now)
    }

    /// Plans for every member, then delivers what is due at `now`.
    /// - Returns: how many notifications were newly queued, and what the delivery did.
    public func tick(now: Date) async throws -> (scheduled: Int, report: DispatchReport) {
        let members = StoreNotificationMembers(repository: repository)
        var scheduled = 0
        for user in try await repository.users() {
            guard let member = try await members.notificationMember(user: user, now: now) else { continue }
            for notification in NotificationPlanner.plan(for: member, now: now)
            where try await repository.scheduleNotification(notification) {
                scheduled += 1
            }
        }
        return (scheduled, try await dispatcher.runDue(now: now))
    }
}

/// Member facts read from the store: the user, onboarding's sleep schedule and inactivity style, the last
/// activity and the plan changes waiting for review.
public struct StoreNotificationMembers: NotificationMemberSource {
    private let repository: any AirFitRepository

    /// Reads from `repository`.
    public init(repository: any AirFitRepository) { self.repository = repository }

    public func notificationMember(userID: UUID, now: Date) async throws -> NotificationMember? {
        guard let user = try await repository.user(id: userID) else { return nil }
        return try await notificationMember(user: user, now: now)
    }

    /// The facts for `user`.
    func notificationMember(user: User, now: Date) async throws -> NotificationMember? {
        let profile = try await repository.onboardingProfile(userID: user.id)
        let sleep = try? profile?.persona().sleepSchedule
        let style = (try? profile?.communicationPreferences().inactivityResponse) ?? .gentleNudge
        let last = try await repository.lastActivity(userID: user.id) ?? user.createdAt
        let pending = try await repository.recommendations(userID: user.id)
            .filter { $0.status == .pendingReview && $0.expiresAt > now }
            .sorted { $0.createdAt > $1.createdAt }
            .map(\.id)
        var member = NotificationMember(
            user: user, sleep: sleep, inactivityStyle: style, lastActivity: last, pendingRecommendations: pending)
        member.achievementStyle = (try? profile?.communicationPreferences().achievementAcknowledgement) ?? .subtleAffirming
        member.plan = try await repository.trainingPlan(userID: user.id)
        member.availability = ((try? profile?.persona().availability) ?? []).map(SessionSlot.init)
        member.workouts = try await repository.workouts(userID: user.id, query: RecordQuery(from: now.addingTimeInterval(-365 * 86_400)))
        let meals = try await repository.foodEntries(userID: user.id, query: RecordQuery(from: now.addingTimeInterval(-60 * 86_400)))
        member.mealTimes = meals.map(\.loggedAt).filter { $0 >= now.addingTimeInterval(-2 * 86_400) }
        let clock = ZonedWallClock(timeZone: member.timeZone)
        let since = now.addingTimeInterval(-60 * 86_400)
        var days = Set(
            (member.workouts.map(\.startedAt).filter { $0 >= since } + meals.map(\.loggedAt)).map {
                NotificationPlanner.dayKey(clock.localDay(of: $0))
            })
        let fromDay = NotificationPlanner.dayKey(clock.localDay(of: since))
        for log in try await repository.dailyLogs(userID: user.id, fromDay: fromDay, toDay: nil, query: RecordQuery()) {
            days.insert(log.day)
        }
        member.loggedDays = days
        let yearAgo = NotificationPlanner.dayKey(clock.localDay(of: now.addingTimeInterval(-365 * 86_400)))
        member.weights = try await repository.dailyLogs(
            userID: user.id, fromDay: yearAgo, toDay: nil, query: RecordQuery(newestFirst: false)
        ).compactMap(\.weightKg).filter { $0.isFinite && $0 > 0 }
        return member
    }
}
