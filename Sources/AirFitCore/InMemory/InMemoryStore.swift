public import Foundation

/// An in-memory implementation of every repository, for tests and previews.
public actor InMemoryStore: AirFitRepository {
    var usersByID: [UUID: User] = [:]
    private var profiles: [UUID: OnboardingProfile] = [:]
    private var workoutsByID: [UUID: Workout] = [:]
    private var foodByID: [UUID: FoodEntry] = [:]
    private var logsByID: [UUID: DailyLog] = [:]
    private var messagesByID: [UUID: CoachMessage] = [:]
    private var exportsByID: [UUID: DataExport] = [:]
    private var deletedByID: [UUID: (entry: LoggedEntry, at: Date)] = [:]
    private var plansByUser: [UUID: TrainingPlan] = [:]
    private var recommendationsByID: [UUID: Recommendation] = [:]
    private var analysedWeeks: [UUID: String] = [:]
    /// The usage ledger and plans (`InMemoryStore+Usage.swift`).
    var usage = UsageBook()
    /// The notification queue and inboxes (`InMemoryStore+Notifications.swift`).
    var notificationRows: [UUID: CoachNotification] = [:]
    /// When each notification was claimed.
    var notificationClaims: [UUID: Date] = [:]
    /// Web Push devices.
    var pushDevicesByID: [UUID: PushDevice] = [:]

    /// Creates an empty store.
    public init() {}

    // MARK: Users

    public func createUser(_ user: User) async throws {
        guard usersByID[user.id] == nil else { throw RepositoryError.conflict("A user with id \(user.id)") }
        usersByID[user.id] = user
    }

    public func user(id: UUID) async throws -> User? { usersByID[id] }

    public func users() async throws -> [User] {
        usersByID.values.sorted { ($0.createdAt, $0.id.uuidString) < ($1.createdAt, $1.id.uuidString) }
    }

    public func updateUser(_ user: User) async throws {
        guard usersByID[user.id] != nil else { throw RepositoryError.notFound("User \(user.id)") }
        usersByID[user.id] = user
    }

    public func updateUser(_ edited: User, from original: User) async throws {
        guard let current = usersByID[edited.id] else { throw RepositoryError.notFound("User \(edited.id)") }
        usersByID[edited.id] = edited.changes(since: original, appliedTo: current)
    }

    // MARK: Onboarding

    public func onboardingProfile(userID: UUID) async throws -> OnboardingProfile? { profiles[userID] }

    public func saveOnboarding(_ profile: OnboardingProfile, user: User) async throws {
        guard profile.userID == user.id else { throw RepositoryError.invalid("The profile belongs to another user.") }
        usersByID[user.id] = user
        profiles[user.id] = profile
    }

    // MARK: Workouts

    public func addWorkout(_ workout: Workout) async throws {
        guard workoutsByID[workout.id] == nil else { throw RepositoryError.conflict("A workout with id \(workout.id)") }
        workoutsByID[workout.id] = workout
    }

    public func workouts(userID: UUID, query: RecordQuery) async throws -> [Workout] {
        Self.apply(query, to: workoutsByID.values.filter { $0.userID == userID }, date: \.startedAt, kind: \.type, id: \.id)
    }

    public func deleteWorkout(id: UUID, userID: UUID) async throws -> Bool {
        guard workoutsByID[id]?.userID == userID else { return false }
        workoutsByID[id] = nil
        return true
    }

    public func workout(id: UUID, userID: UUID) async throws -> Workout? {
        workoutsByID[id].flatMap { $0.userID == userID ? $0 : nil }
    }

    public func updateWorkout(_ workout: Workout) async throws {
        guard workoutsByID[workout.id]?.userID == workout.userID else { throw RepositoryError.notFound("That workout") }
        workoutsByID[workout.id] = workout
    }

    public func workoutCount(userID: UUID) async throws -> Int {
        workoutsByID.values.reduce(0) { $0 + ($1.userID == userID ? 1 : 0) }
    }

    // MARK: Food

    public func addFoodEntry(_ entry: FoodEntry) async throws {
        guard foodByID[entry.id] == nil else { throw RepositoryError.conflict("A food entry with id \(entry.id)") }
        foodByID[entry.id] = entry
    }

    public func foodEntries(userID: UUID, query: RecordQuery) async throws -> [FoodEntry] {
        Self.apply(query, to: foodByID.values.filter { $0.userID == userID }, date: \.loggedAt, kind: \.mealType.rawValue, id: \.id)
    }

    public func deleteFoodEntry(id: UUID, userID: UUID) async throws -> Bool {
        guard foodByID[id]?.userID == userID else { return false }
        foodByID[id] = nil
        return true
    }

    public func foodEntry(id: UUID, userID: UUID) async throws -> FoodEntry? {
        foodByID[id].flatMap { $0.userID == userID ? $0 : nil }
    }

    public func updateFoodEntry(_ entry: FoodEntry) async throws {
        guard foodByID[entry.id]?.userID == entry.userID else { throw RepositoryError.notFound("That meal") }
        foodByID[entry.id] = entry
    }

    // MARK: Daily logs

    public func dailyLog(id: UUID, userID: UUID) async throws -> DailyLog? {
        logsByID[id].flatMap { $0.userID == userID ? $0 : nil }
    }

    public func saveDailyLog(_ log: DailyLog) async throws {
        var log = log
        if let existing = logsByID.values.first(where: { $0.userID == log.userID && $0.day == log.day }) {
            log.id = existing.id
            log.createdAt = existing.createdAt
        }
        logsByID[log.id] = log
    }

    public func dailyLog(userID: UUID, day: String) async throws -> DailyLog? {
        logsByID.values.first { $0.userID == userID && $0.day == day }
    }

    public func dailyLogs(userID: UUID, fromDay: String?, toDay: String?, query: RecordQuery) async throws -> [DailyLog] {
        let matching = logsByID.values.filter { log in
            log.userID == userID && (fromDay.map { log.day >= $0 } ?? true) && (toDay.map { log.day <= $0 } ?? true)
        }
        let sorted = matching.sorted { query.newestFirst ? $0.day > $1.day : $0.day < $1.day }
        return Self.page(sorted, query)
    }

    // MARK: Deleted entries

    public func deleteEntry(_ reference: EntryReference, userID: UUID, at: Date) async throws -> LoggedEntry? {
        guard let entry = try await entry(reference, userID: userID) else { return nil }
        switch entry {
        case .workout(let workout): workoutsByID[workout.id] = nil
        case .meal(let meal): foodByID[meal.id] = nil
        case .checkin(let log): logsByID[log.id] = nil
        }
        deletedByID[reference.id] = (entry, at)
        return entry
    }

    public func restoreEntry(id: UUID, userID: UUID, deletedSince: Date) async throws -> LoggedEntry? {
        guard let kept = deletedByID[id], kept.entry.userID == userID, kept.at >= deletedSince else { return nil }
        switch kept.entry {
        case .workout(let workout): try await addWorkout(workout)
        case .meal(let meal): try await addFoodEntry(meal)
        case .checkin(let log):
            guard try await dailyLog(userID: userID, day: log.day) == nil else {
                throw RepositoryError.conflict("A check-in for \(log.day)")
            }
            logsByID[log.id] = log
        }
        deletedByID[id] = nil
        return kept.entry
    }

    public func purgeDeletedEntries(before date: Date) async throws -> Int {
        let old = deletedByID.filter { $0.value.at < date }.map(\.key)
        old.forEach { deletedByID[$0] = nil }
        return old.count
    }

    // MARK: Messages

    public func appendMessage(_ message: CoachMessage) async throws {
        guard messagesByID[message.id] == nil else { throw RepositoryError.conflict("A message with id \(message.id)") }
        messagesByID[message.id] = message
    }

    public func updateMessage(_ message: CoachMessage) async throws {
        guard messagesByID[message.id]?.userID == message.userID else { throw RepositoryError.notFound("Message \(message.id)") }
        messagesByID[message.id] = message
    }

    public func interruptUnfinishedReplies(reason: String) async throws -> Int {
        let unfinished = messagesByID.values.filter { !$0.isComplete && $0.incompleteReason == ReplyInterruption.stillWriting }
        for var message in unfinished {
            message.incompleteReason = reason
            messagesByID[message.id] = message
        }
        return unfinished.count
    }

    public func messages(conversationID: UUID, userID: UUID, last: Int?) async throws -> [CoachMessage] {
        let all = orderedMessages { $0.conversationID == conversationID && $0.userID == userID }
        guard let last else { return all }
        return Array(all.suffix(max(0, last)))
    }

    public func messages(userID: UUID, query: RecordQuery) async throws -> [CoachMessage] {
        var all = orderedMessages { $0.userID == userID }
        if query.newestFirst { all.reverse() }
        return Self.page(all, query)
    }

    public func conversations(userID: UUID) async throws -> [ConversationSummary] {
        let grouped = Dictionary(grouping: orderedMessages { $0.userID == userID }, by: \.conversationID)
        return grouped.compactMap { id, messages in ConversationSummary(id: id, messages: messages) }
            .sorted { ($0.lastMessageAt, $0.id.uuidString) > ($1.lastMessageAt, $1.id.uuidString) }
    }

    public func renameConversation(id: UUID, userID: UUID, title: String?) async throws -> Bool {
        let messages = orderedMessages { $0.userID == userID && $0.conversationID == id }
        guard let first = messages.first else { return false }
        for message in messages { messagesByID[message.id]?.conversationTitle = message.id == first.id ? title : nil }
        return true
    }

    public func conversationBelongsToAnother(id: UUID, userID: UUID) async throws -> Bool {
        messagesByID.values.contains { $0.conversationID == id && $0.userID != userID }
    }

    public func deleteConversation(id: UUID, userID: UUID) async throws -> Int {
        let gone = messagesByID.values.filter { $0.userID == userID && $0.conversationID == id }.map(\.id)
        gone.forEach { messagesByID[$0] = nil }
        return gone.count
    }

    private func orderedMessages(_ include: (CoachMessage) -> Bool) -> [CoachMessage] {
        messagesByID.values.filter(include).sorted {
            ($0.createdAt, $0.id.uuidString) < ($1.createdAt, $1.id.uuidString)
        }
    }

    // MARK: Exports

    public func recordExport(_ export: DataExport) async throws { exportsByID[export.id] = export }

    public func exports(userID: UUID) async throws -> [DataExport] {
        exportsByID.values.filter { $0.userID == userID }.sorted { ($0.date, $0.id.uuidString) > ($1.date, $1.id.uuidString) }
    }

    // MARK: Provider requests

    private var requestsByUser: [UUID: [ProviderRequestRecord]] = [:]

    public func recordProviderRequest(_ record: ProviderRequestRecord) async throws {
        var kept = [record] + (requestsByUser[record.userID] ?? [])
        kept.sort { $0.createdAt > $1.createdAt }
        requestsByUser[record.userID] = Array(kept.prefix(ProviderRequestRecord.keptPerPerson))
    }

    public func providerRequests(userID: UUID) async throws -> [ProviderRequestRecord] { requestsByUser[userID] ?? [] }

    // MARK: Training plan

    public func trainingPlan(userID: UUID) async throws -> TrainingPlan? { plansByUser[userID] }

    public func savePlan(_ plan: TrainingPlan, expectedVersion: Int?, recommendations: [Recommendation]) async throws -> Bool {
        guard plansByUser[plan.userID]?.version == expectedVersion else { return false }
        guard recommendations.allSatisfy({ $0.userID == plan.userID }) else {
            throw RepositoryError.invalid("A recommendation belongs to another user.")
        }
        plansByUser[plan.userID] = plan
        keep(recommendations)
        return true
    }

    public func saveRecommendations(_ recommendations: [Recommendation]) async throws { keep(recommendations) }

    /// Adds or replaces each by id; one never moves to another person (someone else's id is left as it is).
    private func keep(_ recommendations: [Recommendation]) {
        for recommendation in recommendations {
            if let existing = recommendationsByID[recommendation.id], existing.userID != recommendation.userID { continue }
            recommendationsByID[recommendation.id] = recommendation
        }
    }

    public func recommendations(userID: UUID) async throws -> [Recommendation] {
        recommendationsByID.values.filter { $0.userID == userID }
            .sorted { ($0.createdAt, $0.id.uuidString) > ($1.createdAt, $1.id.uuidString) }
    }

    public func recommendation(id: UUID, userID: UUID) async throws -> Recommendation? {
        recommendationsByID[id].flatMap { $0.userID == userID ? $0 : nil }
    }

    public func claimWeeklyAnalysis(userID: UUID, weekDay: String) async throws -> Bool {
        guard plansByUser[userID] != nil, analysedWeeks[userID] != weekDay else { return false }
        analysedWeeks[userID] = weekDay
        return true
    }

    public func planOwners() async throws -> [UUID] { plansByUser.keys.sorted { $0.uuidString < $1.uuidString } }

    // MARK: Erase and import

    public func deleteAllData(userID: UUID) async throws -> [String: Int] {
        var counts: [String: Int] = [:]
        func remove<T>(_ table: String, _ storage: inout [UUID: T], owner: (T) -> UUID) {
            let ids = storage.filter { owner($0.value) == userID }.map(\.key)
            ids.forEach { storage[$0] = nil }
            counts[table] = ids.count
        }
        remove("workouts", &workoutsByID) { $0.userID }
        remove("food_entries", &foodByID) { $0.userID }
        remove("daily_logs", &logsByID) { $0.userID }
        remove("coach_messages", &messagesByID) { $0.userID }
        remove("data_exports", &exportsByID) { $0.userID }
        remove("deleted_entries", &deletedByID) { $0.entry.userID }
        remove("recommendations", &recommendationsByID) { $0.userID }
        counts["training_plans"] = plansByUser.removeValue(forKey: userID) == nil ? 0 : 1
        analysedWeeks[userID] = nil
        counts["provider_requests"] = requestsByUser.removeValue(forKey: userID)?.count ?? 0
        counts["onboarding_profiles"] = profiles.removeValue(forKey: userID) == nil ? 0 : 1
        counts.merge(usage.erase(userID: userID)) { _, new in new }
        remove("notifications", &notificationRows) { $0.userID }
        remove("push_devices", &pushDevicesByID) { $0.userID }
        counts["users"] = usersByID.removeValue(forKey: userID) == nil ? 0 : 1
        return counts
    }

    public func importArchive(_ source: some ArchiveSource) async throws {
        let header = source.header
        let profile = try header.onboardingProfile?.profile()
        try checkNoClash(user: header.user.id, records: [])
        var records = ArchiveRecords()
        try await source.forEachBatch { records.add($0) }
        // Checked again: other calls may have run while the source was read.
        try checkNoClash(user: header.user.id, records: records.ids)
        usersByID[header.user.id] = header.user
        profiles[header.user.id] = profile
        records.workouts.forEach { workoutsByID[$0.id] = $0 }
        records.foodEntries.forEach { foodByID[$0.id] = $0 }
        records.dailyLogs.forEach { logsByID[$0.id] = $0 }
        records.coachMessages.forEach { messagesByID[$0.id] = $0 }
        records.dataExports.forEach { exportsByID[$0.id] = $0 }
    }

    private func checkNoClash(user: UUID, records incoming: [UUID]) throws {
        guard usersByID[user] == nil else { throw RepositoryError.conflict("User \(user) (from the archive)") }
        guard !incoming.isEmpty else { return }
        let existingIDs = Set(workoutsByID.keys).union(foodByID.keys).union(logsByID.keys).union(messagesByID.keys).union(exportsByID.keys)
        if let clash = incoming.first(where: existingIDs.contains) {
            throw RepositoryError.conflict("A record with id \(clash)")
        }
    }

    // MARK: Helpers

    private static func apply<T>(
        _ query: RecordQuery, to records: [T], date: KeyPath<T, Date>, kind: KeyPath<T, String>, id: KeyPath<T, UUID>
    ) -> [T] {
        let filtered = records.filter { record in
            (query.from.map { record[keyPath: date] >= $0 } ?? true)
                && (query.to.map { record[keyPath: date] < $0 } ?? true)
                && (query.kind.map { record[keyPath: kind] == $0 } ?? true)
        }
        let sorted = filtered.sorted {
            let lhs = ($0[keyPath: date], $0[keyPath: id].uuidString)
            let rhs = ($1[keyPath: date], $1[keyPath: id].uuidString)
            return query.newestFirst ? lhs > rhs : lhs < rhs
        }
        return page(sorted, query)
    }

    private static func page<T>(_ sorted: [T], _ query: RecordQuery) -> [T] {
        let start = min(max(0, query.offset), sorted.count)
        let end = query.limit.map { min(sorted.count, start + max(0, $0)) } ?? sorted.count
        return Array(sorted[start..<end])
    }
}
