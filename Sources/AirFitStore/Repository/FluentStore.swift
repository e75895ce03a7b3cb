public import AirFitCore
public import FluentKit
import Foundation
import SQLKit

/// Every repository of Core, on FluentKit (SQLite or PostgreSQL).
public final class FluentStore: AirFitRepository, Sendable {
    let database: any Database

    /// Tables holding a user's rows (the user itself last, for deletion order).
    static let userTables = [
        VaultEntryModel.schema, DataExportModel.schema, CoachMessageModel.schema, DailyLogModel.schema,
        FoodEntryModel.schema, WorkoutModel.schema, OnboardingDraftModel.schema, OnboardingProfileModel.schema,
        AddPrivacyControls.requestsSchema, AddDeletedEntries.schema, AddTrainingPlans.recommendationsSchema, AddTrainingPlans.plansSchema,
        AddUsageLedger.recordsSchema, AddUsageLedger.monthsSchema, AddUsageLedger.reservationsSchema, AddUsageLedger.assignmentsSchema,
        AddNotifications.schema, AddNotifications.devicesSchema, UserModel.schema,
    ]

    /// People's settings read in the last seconds (every page reads them); forgotten on every write here.
    let users = UserReadCache()

    init(database: any Database) {
        self.database = database
    }

    /// Runs `body`, turning unique-constraint failures into `RepositoryError.conflict`.
    func mapped<T>(_ what: @autoclosure () -> String, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw RepositoryError.conflict(what())
        }
    }

    // MARK: Users

    public func createUser(_ user: User) async throws {
        try await users.writing(user.id) {
            try await mapped("A user with id \(user.id)") { try await UserModel(user).create(on: database) }
        }
    }

    // Reads on a page's path are SQL text with bound values, decoded into `Decodable` rows: the model layer reflects
    // over every model on every query and re-serializes its SQL (scripts/bench-pages.sh measures the difference).

    public func user(id: UUID) async throws -> User? {
        let (cached, generation) = users.user(id)
        if let cached { return cached }
        let user = try await database.sql.raw("SELECT \(unsafeRaw: UserRow.columns) FROM users WHERE id = \(bind: id)")
            .first(decoding: UserRow.self)?.domain()
        if let user { users.store(user, readAt: generation) }
        return user
    }

    public func users() async throws -> [User] {
        try await database.sql.raw("SELECT \(unsafeRaw: UserRow.columns) FROM users ORDER BY created_at, id")
            .all(decoding: UserRow.self).map { try $0.domain() }
    }

    public func updateUser(_ user: User) async throws {
        try await users.writing(user.id) {
            guard let model = try await UserModel.find(user.id, on: database) else {
                throw RepositoryError.notFound("User \(user.id)")
            }
            try model.update(from: user)
            try await model.update(on: database)
        }
    }

    /// Read, merge and write in one transaction; on PostgreSQL the row is locked (`FOR UPDATE`) for it, on SQLite
    /// the single connection serializes transactions.
    public func updateUser(_ edited: User, from original: User) async throws {
        try await users.writing(edited.id) { try await mergeUser(edited, from: original) }
    }

    private func mergeUser(_ edited: User, from original: User) async throws {
        try await database.transaction { db in
            if let sql = db as? any SQLDatabase, sql.dialect.name == "postgresql" {
                try await sql.raw("SELECT id FROM users WHERE id = \(bind: edited.id) FOR UPDATE").run()
            }
            // The row as stored now, read through the same decoding as every page (``UserRow``).
            guard
                let current = try await db.sql.raw("SELECT \(unsafeRaw: UserRow.columns) FROM users WHERE id = \(bind: edited.id)")
                    .first(decoding: UserRow.self)?.domain(),
                let model = try await UserModel.find(edited.id, on: db)
            else { throw RepositoryError.notFound("User \(edited.id)") }
            try model.update(from: edited.changes(since: original, appliedTo: current))
            try await model.update(on: db)
        }
    }

    // MARK: Onboarding

    public func onboardingProfile(userID: UUID) async throws -> OnboardingProfile? {
        try await database.sql.raw(
            "SELECT \(unsafeRaw: OnboardingProfileRow.columns) FROM onboarding_profiles WHERE user_id = \(bind: userID) LIMIT 1"
        ).first(decoding: OnboardingProfileRow.self)?.domain()
    }

    public func hasOnboardingProfile(userID: UUID) async throws -> Bool {
        try await database.sql.raw("SELECT 1 AS found FROM onboarding_profiles WHERE user_id = \(bind: userID) LIMIT 1").first() != nil
    }

    public func saveOnboarding(_ profile: OnboardingProfile, user: User) async throws {
        guard profile.userID == user.id else { throw RepositoryError.invalid("The profile belongs to another user.") }
        try await users.writing(user.id) { try await replaceOnboarding(profile, user: user) }
    }

    private func replaceOnboarding(_ profile: OnboardingProfile, user: User) async throws {
        try await database.transaction { db in
            if let model = try await UserModel.find(user.id, on: db) {
                try model.update(from: user)
                try await model.update(on: db)
            } else {
                try await UserModel(user).create(on: db)
            }
            try await OnboardingProfileModel.query(on: db).filter(\.$userID == user.id).delete()
            try await OnboardingProfileModel(profile).create(on: db)
        }
    }

    // MARK: Workouts

    public func addWorkout(_ workout: Workout) async throws {
        try await mapped("A workout with id \(workout.id)") { try await WorkoutModel(workout).create(on: database) }
    }

    public func workouts(userID: UUID, query: RecordQuery) async throws -> [Workout] {
        var select = database.sql.select().columns(WorkoutRow.columns.map { SQLColumn($0) }).from(WorkoutModel.schema)
            .where(SQLColumn("user_id"), .equal, SQLBind(userID))
        if let from = query.from {
            select = select.where(SQLColumn("started_at"), .greaterThanOrEqual, SQLBind(from.timeIntervalSince1970))
        }
        if let to = query.to { select = select.where(SQLColumn("started_at"), .lessThan, SQLBind(to.timeIntervalSince1970)) }
        if let kind = query.kind { select = select.where(SQLColumn("type"), .equal, SQLBind(kind)) }
        let direction: SQLDirection = query.newestFirst ? .descending : .ascending
        select = select.orderBy(SQLColumn("started_at"), direction).orderBy(SQLColumn("id"), direction)
        return try await paged(select, query).all().map(WorkoutRow.decode)
    }

    /// One COUNT, answered from the `idx_workouts_user_started` index (its first column is `user_id`).
    public func workoutCount(userID: UUID) async throws -> Int {
        let row = try await database.sql.raw("SELECT COUNT(*) AS count FROM workouts WHERE user_id = \(bind: userID)").first()
        return try row?.decode(column: "count", as: Int.self) ?? 0
    }

    public func deleteWorkout(id: UUID, userID: UUID) async throws -> Bool {
        try await delete(WorkoutModel.query(on: database).filter(\.$id == id).filter(\.$userID == userID))
    }

    public func workout(id: UUID, userID: UUID) async throws -> Workout? {
        try await WorkoutModel.query(on: database).filter(\.$id == id).filter(\.$userID == userID).first()?.domain()
    }

    public func updateWorkout(_ workout: Workout) async throws {
        try await database.transaction { db in
            guard let row = try await WorkoutModel.query(on: db).filter(\.$id == workout.id).filter(\.$userID == workout.userID).first()
            else { throw RepositoryError.notFound("That workout") }
            let replacement = try WorkoutModel(workout)
            (row.type, row.startedAt, row.durationMinutes) = (replacement.type, replacement.startedAt, replacement.durationMinutes)
            (row.calories, row.exercises, row.notes) = (replacement.calories, replacement.exercises, replacement.notes)
            try await row.update(on: db)
        }
    }

    // MARK: Food

    public func addFoodEntry(_ entry: FoodEntry) async throws {
        try await mapped("A food entry with id \(entry.id)") { try await FoodEntryModel(entry).create(on: database) }
    }

    public func foodEntries(userID: UUID, query: RecordQuery) async throws -> [FoodEntry] {
        var select = database.sql.select().columns(FoodEntryRow.columns.map { SQLColumn($0) }).from(FoodEntryModel.schema)
            .where(SQLColumn("user_id"), .equal, SQLBind(userID))
        if let from = query.from { select = select.where(SQLColumn("logged_at"), .greaterThanOrEqual, SQLBind(from.timeIntervalSince1970)) }
        if let to = query.to { select = select.where(SQLColumn("logged_at"), .lessThan, SQLBind(to.timeIntervalSince1970)) }
        if let kind = query.kind { select = select.where(SQLColumn("meal_type"), .equal, SQLBind(kind)) }
        let direction: SQLDirection = query.newestFirst ? .descending : .ascending
        select = select.orderBy(SQLColumn("logged_at"), direction).orderBy(SQLColumn("id"), direction)
        return try await paged(select, query).all().map(FoodEntryRow.decode)
    }

    public func deleteFoodEntry(id: UUID, userID: UUID) async throws -> Bool {
        try await delete(FoodEntryModel.query(on: database).filter(\.$id == id).filter(\.$userID == userID))
    }

    public func foodEntry(id: UUID, userID: UUID) async throws -> FoodEntry? {
        try await FoodEntryModel.query(on: database).filter(\.$id == id).filter(\.$userID == userID).first()?.domain()
    }

    public func updateFoodEntry(_ entry: FoodEntry) async throws {
        try await database.transaction { db in
            guard let row = try await FoodEntryModel.query(on: db).filter(\.$id == entry.id).filter(\.$userID == entry.userID).first()
            else { throw RepositoryError.notFound("That meal") }
            let replacement = try FoodEntryModel(entry)
            (row.mealType, row.loggedAt, row.items, row.notes) = (
                replacement.mealType, replacement.loggedAt, replacement.items, replacement.notes
            )
            try await row.update(on: db)
        }
    }

    // MARK: Daily logs

    public func dailyLog(id: UUID, userID: UUID) async throws -> DailyLog? {
        try await DailyLogModel.query(on: database).filter(\.$id == id).filter(\.$userID == userID).first()?.domain()
    }

    public func saveDailyLog(_ log: DailyLog) async throws {
        try await database.transaction { db in
            if let existing = try await DailyLogModel.query(on: db).filter(\.$userID == log.userID).filter(\.$day == log.day).first() {
                let createdAt = existing.createdAt
                existing.update(from: log)
                existing.createdAt = createdAt
                try await existing.update(on: db)
            } else {
                try await DailyLogModel(log).create(on: db)
            }
        }
    }

    public func dailyLog(userID: UUID, day: String) async throws -> DailyLog? {
        try await database.sql.raw(
            "SELECT \(unsafeRaw: DailyLogRow.columns) FROM daily_logs WHERE user_id = \(bind: userID) AND day = \(bind: day) LIMIT 1"
        ).first(decoding: DailyLogRow.self)?.domain()
    }

    public func dailyLogs(userID: UUID, fromDay: String?, toDay: String?, query: RecordQuery) async throws -> [DailyLog] {
        var builder = DailyLogModel.query(on: database).filter(\.$userID == userID)
        if let fromDay { builder = builder.filter(\.$day >= fromDay) }
        if let toDay { builder = builder.filter(\.$day <= toDay) }
        builder = builder.sort(\.$day, query.newestFirst ? .descending : .ascending)
        return try await page(builder, query).all().map { try $0.domain() }
    }

    public func latestWeight(userID: UUID) async throws -> LoggedWeight? {
        struct Row: Decodable {
            let day: String
            let weight_kg: Double
        }
        let row = try await database.sql.raw(
            """
            SELECT day, weight_kg FROM daily_logs WHERE user_id = \(bind: userID) AND weight_kg IS NOT NULL \
            ORDER BY day DESC LIMIT 1
            """
        ).first(decoding: Row.self)
        return row.map { LoggedWeight(day: $0.day, kilograms: $0.weight_kg) }
    }

    // MARK: Messages

    public func appendMessage(_ message: CoachMessage) async throws {
        let toolCalls = try StoredJSON.encode(message.toolCalls)
        try await mapped("A message with id \(message.id)") {
            try await database.sql.raw(
                """
                INSERT INTO coach_messages (\(unsafeRaw: CoachMessageRow.columns.joined(separator: ", "))) VALUES (\(bind: message.id), \
                \(bind: message.userID), \(bind: message.conversationID), \(bind: message.role.rawValue), \(bind: message.content), \
                \(bind: message.model), \(bind: message.inputTokens), \(bind: message.outputTokens), \(bind: toolCalls), \
                \(bind: message.toolCallID), \(bind: message.isComplete), \(bind: message.incompleteReason), \
                \(bind: message.card), \(bind: message.conversationTitle), \(bind: message.createdAt.timeIntervalSince1970))
                """
            ).run()
        }
    }

    public func interruptUnfinishedReplies(reason: String) async throws -> Int {
        let rows = try await database.sql.raw(
            """
            UPDATE coach_messages SET incomplete_reason = \(bind: reason) \
            WHERE is_complete = \(bind: false) AND incomplete_reason = \(bind: ReplyInterruption.stillWriting) RETURNING id
            """
        ).all()
        return rows.count
    }

    public func updateMessage(_ message: CoachMessage) async throws {
        let toolCalls = try StoredJSON.encode(message.toolCalls)
        // RETURNING tells whether the row was there (both databases; SQLite since 3.35).
        let updated = try await database.sql.raw(
            """
            UPDATE coach_messages SET conversation_id = \(bind: message.conversationID), role = \(bind: message.role.rawValue), \
            content = \(bind: message.content), model = \(bind: message.model), input_tokens = \(bind: message.inputTokens), \
            output_tokens = \(bind: message.outputTokens), tool_calls = \(bind: toolCalls), tool_call_id = \(bind: message.toolCallID), \
            is_complete = \(bind: message.isComplete), incomplete_reason = \(bind: message.incompleteReason), \
            card = \(bind: message.card), conversation_title = \(bind: message.conversationTitle), created_at = \(bind: message.createdAt.timeIntervalSince1970) \
            WHERE id = \(bind: message.id) AND user_id = \(bind: message.userID) RETURNING id
            """
        ).first()
        guard updated != nil else { throw RepositoryError.notFound("Message \(message.id)") }
    }

    public func messages(conversationID: UUID, userID: UUID, last: Int?) async throws -> [CoachMessage] {
        let columns = CoachMessageRow.columns.joined(separator: ", ")
        if let last {
            let newest = try await database.sql.raw(
                """
                SELECT \(unsafeRaw: columns) FROM coach_messages WHERE conversation_id = \(bind: conversationID) \
                AND user_id = \(bind: userID) ORDER BY created_at DESC, id DESC LIMIT \(bind: max(0, last))
                """
            ).all().map(CoachMessageRow.decode)
            return newest.reversed()
        }
        return try await database.sql.raw(
            """
            SELECT \(unsafeRaw: columns) FROM coach_messages WHERE conversation_id = \(bind: conversationID) \
            AND user_id = \(bind: userID) ORDER BY created_at, id
            """
        ).all().map(CoachMessageRow.decode)
    }

    public func conversationBelongsToAnother(id: UUID, userID: UUID) async throws -> Bool {
        try await database.sql.raw(
            "SELECT id FROM coach_messages WHERE conversation_id = \(bind: id) AND user_id <> \(bind: userID) LIMIT 1"
        ).first() != nil
    }

    public func latestConversationID(userID: UUID) async throws -> UUID? {
        try await database.sql.raw(
            "SELECT conversation_id FROM coach_messages WHERE user_id = \(bind: userID) ORDER BY created_at DESC, id DESC LIMIT 1"
        ).first()?.decode(column: "conversation_id", as: UUID.self)
    }

    public func messages(userID: UUID, query: RecordQuery) async throws -> [CoachMessage] {
        // Bulk reads (export, history) go straight through SQLKit: the same rows as the model, a fraction of the cost.
        let direction: SQLDirection = query.newestFirst ? .descending : .ascending
        var select = database.sql.select().columns(CoachMessageRow.columns.map { SQLColumn($0) })
            .from(CoachMessageModel.schema).where(SQLColumn("user_id"), .equal, SQLBind(userID))
            .orderBy(SQLColumn("created_at"), direction).orderBy(SQLColumn("id"), direction)
        select = paged(select, query)
        return try await select.all().map(CoachMessageRow.decode)
    }

    public func conversations(userID: UUID) async throws -> [ConversationSummary] {
        // Reads only the columns needed, oldest first, and groups in memory.
        let rows = try await CoachMessageModel.query(on: database).filter(\.$userID == userID)
            .sort(\.$createdAt).sort(\.$id)
            .field(\.$id).field(\.$conversationID).field(\.$role).field(\.$content).field(\.$conversationTitle).field(\.$createdAt)
            .all()
        var order: [UUID] = []
        var summaries: [UUID: ConversationSummary] = [:]
        for row in rows {
            let when = Date(timeIntervalSince1970: row.createdAt)
            let isUser = row.role == MessageRole.user.rawValue
            if var summary = summaries[row.conversationID] {
                summary.messageCount += 1
                summary.lastMessageAt = when
                if summary.firstLine == ConversationTitle.untitled, isUser { summary.firstLine = ConversationTitle.firstLine(row.content) }
                summaries[row.conversationID] = summary
            } else {
                order.append(row.conversationID)
                summaries[row.conversationID] = ConversationSummary(
                    id: row.conversationID, firstLine: isUser ? ConversationTitle.firstLine(row.content) : ConversationTitle.untitled,
                    customTitle: row.conversationTitle, messageCount: 1, startedAt: when, lastMessageAt: when)
            }
        }
        return order.compactMap { summaries[$0] }.sorted { ($0.lastMessageAt, $0.id.uuidString) > ($1.lastMessageAt, $1.id.uuidString) }
    }

    public func renameConversation(id: UUID, userID: UUID, title: String?) async throws -> Bool {
        try await database.transaction { db in
            let first = try await CoachMessageModel.query(on: db).filter(\.$userID == userID).filter(\.$conversationID == id)
                .sort(\.$createdAt).sort(\.$id).field(\.$id).first()
            guard let firstID = first?.id else { return false }
            try await db.sql.raw(
                """
                UPDATE coach_messages SET conversation_title = CASE WHEN id = \(bind: firstID) THEN \(bind: title) ELSE NULL END \
                WHERE user_id = \(bind: userID) AND conversation_id = \(bind: id)
                """
            ).run()
            return true
        }
    }

    public func deleteConversation(id: UUID, userID: UUID) async throws -> Int {
        try await Self.deleteRows(CoachMessageModel.query(on: database).filter(\.$userID == userID).filter(\.$conversationID == id))
    }

    // MARK: Exports

    public func recordExport(_ export: DataExport) async throws {
        try await DataExportModel(export).create(on: database)
    }

    public func exports(userID: UUID) async throws -> [DataExport] {
        try await database.sql.raw(
            "SELECT id, user_id, date, size, format FROM data_exports WHERE user_id = \(bind: userID) ORDER BY date DESC, id DESC"
        ).all().map { row in
            DataExport(
                id: try row.decode(column: "id", as: UUID.self), userID: try row.decode(column: "user_id", as: UUID.self),
                date: Date(timeIntervalSince1970: try row.decode(column: "date", as: Double.self)),
                size: try row.decode(column: "size", as: Int64.self),
                format: try StoredJSON.enumValue(try row.decode(column: "format", as: String.self), column: "format"))
        }
    }

    // MARK: Helpers

    private func paged(_ select: SQLSelectBuilder, _ query: RecordQuery) -> SQLSelectBuilder {
        var select = select
        if let limit = query.limit {
            select = select.limit(max(0, limit))
        } else if query.offset > 0 {
            select = select.limit(Int(Int32.max))
        }
        if query.offset > 0 { select = select.offset(query.offset) }
        return select
    }

    private func page<M: Model>(_ builder: QueryBuilder<M>, _ query: RecordQuery) -> QueryBuilder<M> {
        var builder = builder
        if query.offset > 0 { builder = builder.offset(query.offset) }
        if let limit = query.limit {
            builder = builder.limit(max(0, limit))
        } else if query.offset > 0 {
            builder = builder.limit(Int(Int32.max))  // SQLite needs a LIMIT with an OFFSET.
        }
        return builder
    }

    private func delete<M: Model>(_ builder: QueryBuilder<M>) async throws -> Bool {
        try await Self.deleteRows(builder) > 0
    }
}
