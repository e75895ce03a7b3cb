public import AirFitCore
public import FluentKit
import Foundation
import SQLKit

extension FluentStore {
    /// Deletes the user's rows from every table, vault entries and the onboarding draft included, in one transaction.
    public func deleteAllData(userID: UUID) async throws -> [String: Int] {
        try await users.writing(userID) { try await eraseAll(userID: userID) }
    }

    private func eraseAll(userID: UUID) async throws -> [String: Int] {
        try await database.transaction { db in try await Self.eraseRows(userID: userID, on: db) }
    }

    /// Deletes the account, every row of its person in every table, their vault entries, sessions, links, security
    /// log and mail still queued for their address in one transaction. When it was the last account, the installation starts over (the next visit is setup).
    public func eraseAccount(_ account: Account) async throws -> [String: Int] {
        try await users.writing(account.userID) {
            try await database.transaction { db in
                var counts = try await Self.eraseRows(userID: account.userID, on: db)
                counts[WebSessionModel.schema] = try await Self.deleteRows(
                    WebSessionModel.query(on: db).filter(\.$accountID == account.id))
                counts[AddMembers.linksSchema] = try await db.sql.raw(
                    "DELETE FROM one_time_links WHERE account_id = \(bind: account.id) RETURNING id"
                ).all().count
                counts[AddMembers.eventsSchema] = try await db.sql.raw(
                    "DELETE FROM security_events WHERE account_id = \(bind: account.id) RETURNING id"
                ).all().count
                for table in [
                    AddSignInMethods.identitiesSchema, AddSignInMethods.passkeysSchema, AddSignInMethods.challengesSchema,
                    AddAPIAccess.schema,
                ] {
                    counts[table] = try await db.sql.raw(
                        "DELETE FROM \(ident: table) WHERE account_id = \(bind: account.id) RETURNING id"
                    ).all().count
                }
                // Mail still waiting for the address (a reset link, a notice) goes with the account.
                counts[CreateMailQueue.schema] = try await db.sql.raw(
                    "DELETE FROM mail_queue WHERE recipient = \(bind: account.email) RETURNING id"
                ).all().count
                counts[AccountModel.schema] = try await Self.deleteRows(AccountModel.query(on: db).filter(\.$id == account.id))
                if try await AccountModel.query(on: db).count() == 0 {
                    try await db.sql.delete(from: CreateInstallationOwner.schema).run()
                }
                return counts
            }
        }
    }

    /// Every row of `userID` in every table (not the account), on `db` (inside the caller's transaction).
    static func eraseRows(userID: UUID, on db: any Database) async throws -> [String: Int] {
        var counts: [String: Int] = [:]
        counts[VaultEntryModel.schema] = try await Self.deleteRows(VaultEntryModel.query(on: db).filter(\.$userID == userID))
        counts[DataExportModel.schema] = try await Self.deleteRows(DataExportModel.query(on: db).filter(\.$userID == userID))
        counts[CoachMessageModel.schema] = try await Self.deleteRows(CoachMessageModel.query(on: db).filter(\.$userID == userID))
        counts[DailyLogModel.schema] = try await Self.deleteRows(DailyLogModel.query(on: db).filter(\.$userID == userID))
        counts[FoodEntryModel.schema] = try await Self.deleteRows(FoodEntryModel.query(on: db).filter(\.$userID == userID))
        counts[WorkoutModel.schema] = try await Self.deleteRows(WorkoutModel.query(on: db).filter(\.$userID == userID))
        counts[OnboardingDraftModel.schema] = try await Self.deleteRows(OnboardingDraftModel.query(on: db).filter(\.$userID == userID))
        counts[OnboardingProfileModel.schema] = try await Self.deleteRows(
            OnboardingProfileModel.query(on: db).filter(\.$userID == userID))
        let requests = try await db.sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n")
            .from(AddPrivacyControls.requestsSchema).where("user_id", .equal, SQLBind(userID)).first()
        counts[AddPrivacyControls.requestsSchema] = try requests?.decode(column: "n", as: Int.self) ?? 0
        try await db.sql.delete(from: AddPrivacyControls.requestsSchema).where("user_id", .equal, SQLBind(userID)).run()
        counts[AddDeletedEntries.schema] = try await Self.deleteKeptEntries(userID: userID, on: db)
        counts[AddTrainingPlans.recommendationsSchema] = try await db.sql.raw(
            "DELETE FROM recommendations WHERE user_id = \(bind: userID) RETURNING id"
        ).all().count
        counts[AddTrainingPlans.plansSchema] = try await db.sql.raw(
            "DELETE FROM training_plans WHERE user_id = \(bind: userID) RETURNING user_id"
        ).all().count
        for table in AddUsageLedger.memberTables {
            counts[table] = try await db.sql.raw("DELETE FROM \(ident: table) WHERE user_id = \(bind: userID) RETURNING user_id").all()
                .count
        }
        for table in [AddNotifications.schema, AddNotifications.devicesSchema] {
            counts[table] = try await db.sql.raw("DELETE FROM \(ident: table) WHERE user_id = \(bind: userID) RETURNING id").all().count
        }
        counts[UserModel.schema] = try await Self.deleteRows(UserModel.query(on: db).filter(\.$id == userID))
        return counts
    }

    /// Every table, children before the rows they point to: what ``eraseInstallation()`` empties.
    static let installationTables = [
        WebSessionModel.schema, "sign_in_attempts", CreateMailQueue.schema, OnboardingDraftModel.schema, VaultEntryModel.schema,
        DataExportModel.schema,
        CoachMessageModel.schema, DailyLogModel.schema, FoodEntryModel.schema, WorkoutModel.schema, OnboardingProfileModel.schema,
        AddPrivacyControls.requestsSchema, AddDeletedEntries.schema, AddMembers.linksSchema, AddMembers.eventsSchema,
        AddSignInMethods.identitiesSchema, AddSignInMethods.passkeysSchema, AddSignInMethods.challengesSchema, AddAPIAccess.schema,
        AccountModel.schema,
        CreateInstallationOwner.schema, AddTrainingPlans.recommendationsSchema, AddTrainingPlans.plansSchema,
        AddUsageLedger.recordsSchema, AddUsageLedger.monthsSchema, AddUsageLedger.reservationsSchema, AddUsageLedger.assignmentsSchema,
        AddUsageLedger.plansSchema, AddNotifications.schema, AddNotifications.devicesSchema, UserModel.schema,
    ]

    /// Empties every table in one transaction: every person's records, settings, conversations and keys, the accounts
    /// and their sessions, drafts and sign-in counters. The next visit starts with account setup. Returns the rows
    /// deleted per table.
    public func eraseInstallation() async throws -> [String: Int] {
        defer { users.forgetAll() }
        return try await database.transaction { db in
            var counts: [String: Int] = [:]
            for table in Self.installationTables {
                let rows = try await db.sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from(table).first()
                counts[table] = try rows?.decode(column: "n", as: Int.self) ?? 0
                try await db.sql.delete(from: table).run()
            }
            return counts
        }
    }

    /// Deletes what `builder` matches; returns how many rows that was.
    static func deleteRows<M: Model>(_ builder: QueryBuilder<M>) async throws -> Int {
        let count = try await builder.copy().count()
        if count > 0 { try await builder.delete() }
        return count
    }

    /// Inserts the source's user and profile, then each batch as it arrives, all in one transaction: a clash, or the
    /// source throwing (the file changed under it), rolls everything back.
    public func importArchive(_ source: some ArchiveSource) async throws {
        let header = source.header
        let user = try UserModel(header.user)
        let profile = try header.onboardingProfile.map { OnboardingProfileModel(try $0.profile()) }
        try await mapped("A record from the archive") {
            try await database.transaction { db in
                if try await UserModel.find(header.user.id, on: db) != nil {
                    throw RepositoryError.conflict("User \(header.user.id) (from the archive)")
                }
                try await user.create(on: db)
                try await profile?.create(on: db)
                try await source.forEachBatch { batch in
                    switch batch {
                    case .workouts(let records): try await Self.insert(try records.map(WorkoutModel.init), on: db)
                    case .foodEntries(let records): try await Self.insert(try records.map(FoodEntryModel.init), on: db)
                    case .dailyLogs(let records): try await Self.insert(records.map(DailyLogModel.init), on: db)
                    case .coachMessages(let records): try await Self.insert(try records.map(CoachMessageModel.init), on: db)
                    case .dataExports(let records): try await Self.insert(records.map(DataExportModel.init), on: db)
                    }
                }
            }
        }
    }

    /// Inserts in batches small enough for SQLite's bound-parameter limit.
    static func insert<M: Model>(_ models: [M], on db: any Database, batch: Int = ArchiveBatch.maximumCount) async throws {
        var start = 0
        while start < models.count {
            let end = min(models.count, start + batch)
            try await Array(models[start..<end]).create(on: db)
            start = end
        }
    }
}

extension FluentStore: AccountErasing {}
