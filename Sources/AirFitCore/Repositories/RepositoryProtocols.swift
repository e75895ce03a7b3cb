public import Foundation

/// Reads and writes users.
public protocol UserRepository: Sendable {
    /// Inserts a new user. Throws `RepositoryError.conflict` if the id exists.
    func createUser(_ user: User) async throws
    /// The user with this id, if any.
    func user(id: UUID) async throws -> User?
    /// All users, oldest first.
    func users() async throws -> [User]
    /// Replaces a stored user. Throws `RepositoryError.notFound` if it does not exist.
    func updateUser(_ user: User) async throws
    /// Writes only what `edited` changed since `original` onto the stored row, atomically (see
    /// ``User/changes(since:appliedTo:)``); parallel saves of different settings both land.
    func updateUser(_ edited: User, from original: User) async throws
}

/// Reads and writes the onboarding result.
public protocol OnboardingProfileRepository: Sendable {
    /// The user's onboarding profile, if they finished onboarding.
    func onboardingProfile(userID: UUID) async throws -> OnboardingProfile?
    /// Saves the user and replaces their profile in one transaction: both land or neither.
    func saveOnboarding(_ profile: OnboardingProfile, user: User) async throws
    /// Whether the user finished onboarding (without reading the profile).
    func hasOnboardingProfile(userID: UUID) async throws -> Bool
}

extension OnboardingProfileRepository {
    /// Derived from ``onboardingProfile(userID:)``; a database answers it without reading the documents.
    public func hasOnboardingProfile(userID: UUID) async throws -> Bool {
        try await onboardingProfile(userID: userID) != nil
    }
}

/// Filters and pages a list of dated records.
public struct RecordQuery: Sendable, Equatable {
    /// Inclusive lower bound on the record's date.
    public var from: Date?
    /// Exclusive upper bound on the record's date.
    public var to: Date?
    /// Workout type or meal type to match exactly.
    public var kind: String?
    public var limit: Int?
    public var offset: Int
    /// Newest first (default) or oldest first; ties break on id so paging is stable.
    public var newestFirst: Bool

    /// Creates a query; the default returns everything, newest first.
    public init(from: Date? = nil, to: Date? = nil, kind: String? = nil, limit: Int? = nil, offset: Int = 0, newestFirst: Bool = true) {
        self.from = from
        self.to = to
        self.kind = kind
        self.limit = limit
        self.offset = offset
        self.newestFirst = newestFirst
    }

    /// Oldest-first page for bulk reads such as export.
    public static func page(offset: Int, limit: Int) -> RecordQuery {
        RecordQuery(limit: limit, offset: offset, newestFirst: false)
    }
}

/// Reads and writes workouts.
public protocol WorkoutRepository: Sendable {
    func addWorkout(_ workout: Workout) async throws
    /// Workouts ordered by `startedAt`; `kind` matches the workout type.
    func workouts(userID: UUID, query: RecordQuery) async throws -> [Workout]
    /// Deletes one workout; returns whether it existed.
    func deleteWorkout(id: UUID, userID: UUID) async throws -> Bool
    /// The user's workout with this id, if any.
    func workout(id: UUID, userID: UUID) async throws -> Workout?
    /// Replaces the user's stored workout with the same id. Throws `RepositoryError.notFound` if there is none.
    func updateWorkout(_ workout: Workout) async throws
    /// How many workouts the user has logged, counted by the store (one aggregate query, no rows read).
    func workoutCount(userID: UUID) async throws -> Int
}

/// Reads and writes meals.
public protocol FoodEntryRepository: Sendable {
    func addFoodEntry(_ entry: FoodEntry) async throws
    /// Entries ordered by `loggedAt`; `kind` matches the meal type.
    func foodEntries(userID: UUID, query: RecordQuery) async throws -> [FoodEntry]
    /// Deletes one entry; returns whether it existed.
    func deleteFoodEntry(id: UUID, userID: UUID) async throws -> Bool
    /// The user's meal with this id, if any.
    func foodEntry(id: UUID, userID: UUID) async throws -> FoodEntry?
    /// Replaces the user's stored meal with the same id. Throws `RepositoryError.notFound` if there is none.
    func updateFoodEntry(_ entry: FoodEntry) async throws
}

/// Reads and writes daily logs (one per user and day).
public protocol DailyLogRepository: Sendable {
    /// Inserts the log, or replaces the one for the same user and day (keeping its id).
    func saveDailyLog(_ log: DailyLog) async throws
    func dailyLog(userID: UUID, day: String) async throws -> DailyLog?
    /// The user's daily log with this id, if any.
    func dailyLog(id: UUID, userID: UUID) async throws -> DailyLog?
    /// Logs ordered by day; `from`/`to` in the query are ignored, use the day bounds (inclusive).
    func dailyLogs(userID: UUID, fromDay: String?, toDay: String?, query: RecordQuery) async throws -> [DailyLog]
    /// The newest day the person logged a weight, with that weight.
    func latestWeight(userID: UUID) async throws -> LoggedWeight?
}

/// A weight the person logged, and the day (`yyyy-MM-dd`, their time zone) it was for.
public struct LoggedWeight: Sendable, Equatable {
    public var day: String
    public var kilograms: Double

    /// Creates a logged weight.
    public init(day: String, kilograms: Double) {
        self.day = day
        self.kilograms = kilograms
    }
}

extension DailyLogRepository {
    /// Derived from ``dailyLogs(userID:fromDay:toDay:query:)``, newest first, a page at a time; a database answers
    /// it with one indexed row instead.
    public func latestWeight(userID: UUID) async throws -> LoggedWeight? {
        var offset = 0
        while true {
            let logs = try await dailyLogs(
                userID: userID, fromDay: nil, toDay: nil, query: RecordQuery(limit: 100, offset: offset, newestFirst: true))
            if let log = logs.first(where: { $0.weightKg != nil }), let kilograms = log.weightKg {
                return LoggedWeight(day: log.day, kilograms: kilograms)
            }
            guard logs.count == 100 else { return nil }
            offset += 100
        }
    }
}

/// A conversation in the list of chats.
public struct ConversationSummary: Sendable, Equatable, Identifiable {
    public var id: UUID
    /// The first line of the person's first message (``ConversationTitle/firstLine(_:)``).
    public var firstLine: String
    /// The name the person gave it, if any.
    public var customTitle: String?
    public var messageCount: Int
    public var startedAt: Date
    public var lastMessageAt: Date

    /// Creates a summary.
    public init(
        id: UUID, firstLine: String, customTitle: String? = nil, messageCount: Int, startedAt: Date, lastMessageAt: Date
    ) {
        self.id = id
        self.firstLine = firstLine
        self.customTitle = customTitle
        self.messageCount = messageCount
        self.startedAt = startedAt
        self.lastMessageAt = lastMessageAt
    }

    /// What the list calls it: the person's name for it, or its first line.
    public var title: String { customTitle ?? firstLine }

    /// Reads a conversation's messages, oldest first, into its summary.
    public init?(id: UUID, messages: [CoachMessage]) {
        guard let first = messages.first, let last = messages.last else { return nil }
        self.init(
            id: id,
            firstLine: messages.first { $0.role == .user }.map { ConversationTitle.firstLine($0.content) } ?? ConversationTitle.untitled,
            customTitle: first.conversationTitle, messageCount: messages.count, startedAt: first.createdAt,
            lastMessageAt: last.createdAt)
    }
}

/// Reads and writes coach messages.
public protocol CoachMessageRepository: Sendable {
    func appendMessage(_ message: CoachMessage) async throws
    /// Replaces a stored message (e.g. to finish a streamed reply).
    func updateMessage(_ message: CoachMessage) async throws
    /// A conversation's messages, oldest first (ties on time break on id); with `last`, only the last N.
    func messages(conversationID: UUID, userID: UUID, last: Int?) async throws -> [CoachMessage]
    /// All of a user's messages ordered by creation, paged by the query's offset/limit.
    func messages(userID: UUID, query: RecordQuery) async throws -> [CoachMessage]
    /// The user's conversations, most recent first.
    func conversations(userID: UUID) async throws -> [ConversationSummary]
    /// Names the user's conversation (nil: named after its first line again); returns whether it exists.
    func renameConversation(id: UUID, userID: UUID, title: String?) async throws -> Bool
    /// Deletes the user's conversation with all its messages; returns how many messages went.
    func deleteConversation(id: UUID, userID: UUID) async throws -> Int
    /// The conversation of the user's newest message, if any (the chat page opens it).
    func latestConversationID(userID: UUID) async throws -> UUID?
    /// Whether another person already has messages under conversation `id` (a conversation belongs to one person:
    /// a form naming someone else's is refused rather than mixed in).
    func conversationBelongsToAnother(id: UUID, userID: UUID) async throws -> Bool
    /// Marks every reply still "being written" (``ReplyInterruption/stillWriting``) as interrupted with `reason`,
    /// keeping the text stored so far; for a server starting after one that ended mid-reply. Returns how many.
    func interruptUnfinishedReplies(reason: String) async throws -> Int
}

extension CoachMessageRepository {
    /// Derived from ``conversations(userID:)``; a database answers it with one indexed row instead.
    public func latestConversationID(userID: UUID) async throws -> UUID? {
        try await conversations(userID: userID).first?.id
    }
}

/// Deletes logged entries so they can be put back for a short while (the undo after a delete).
public protocol DeletedEntryRepository: Sendable {
    /// Deletes the user's entry and keeps a copy, stamped `at`, in one transaction; nil when there is no such entry.
    func deleteEntry(_ reference: EntryReference, userID: UUID, at: Date) async throws -> LoggedEntry?
    /// Puts back the user's entry deleted at or after `deletedSince` and drops its copy, in one transaction; nil when no
    /// such copy is kept (never deleted, deleted earlier, or already put back). Throws `RepositoryError.conflict` when a
    /// check-in for the same day was saved since.
    func restoreEntry(id: UUID, userID: UUID, deletedSince: Date) async throws -> LoggedEntry?
    /// Drops every copy deleted before `date`; returns how many.
    func purgeDeletedEntries(before date: Date) async throws -> Int
}

extension DeletedEntryRepository where Self: WorkoutRepository & FoodEntryRepository & DailyLogRepository {
    /// The entry `reference` names, read through the kind's own repository.
    public func entry(_ reference: EntryReference, userID: UUID) async throws -> LoggedEntry? {
        switch reference.kind {
        case .workout: try await workout(id: reference.id, userID: userID).map(LoggedEntry.workout)
        case .meal: try await foodEntry(id: reference.id, userID: userID).map(LoggedEntry.meal)
        case .checkin: try await dailyLog(id: reference.id, userID: userID).map(LoggedEntry.checkin)
        }
    }
}

/// Records data exports.
public protocol DataExportRepository: Sendable {
    func recordExport(_ export: DataExport) async throws
    /// Export history, newest first.
    func exports(userID: UUID) async throws -> [DataExport]
}

/// Removes everything stored for a user.
public protocol UserDataEraser: Sendable {
    /// Deletes every row of the user in every table (and their stored secrets) in one transaction.
    /// - Returns: rows deleted per table.
    func deleteAllData(userID: UUID) async throws -> [String: Int]
}

/// Restores an archive atomically.
public protocol ArchiveImporting: Sendable {
    /// Writes the source's user, profile and every batch of records in one transaction; on any error — a clash, or the
    /// source throwing after its last batch — nothing is written.
    func importArchive(_ source: some ArchiveSource) async throws
}

extension ArchiveImporting {
    /// Validates `archive` (``ArchiveValidator``) and writes it in one transaction; on any error nothing is written.
    public func importArchive(_ archive: ExportArchive) async throws {
        try await importArchive(ExportArchiveSource(archive))
    }
}

/// Everything the app stores, as one dependency.
public typealias AirFitRepository = UserRepository & OnboardingProfileRepository & WorkoutRepository
    & FoodEntryRepository & DailyLogRepository & CoachMessageRepository & DataExportRepository
    & UserDataEraser & ArchiveImporting & ProviderRequestLog & DeletedEntryRepository & TrainingPlanRepository
    & UsageLedger & UsagePlanRepository & SettingsHubReading & NotificationRepository
    & PushDeviceRepository
