public import Foundation

/// An archive to restore: its checked header up front, its records in batches, so a store can write a large export
/// without holding it.
///
/// Every implementation keeps these rules:
/// - The header and every record have passed ``ArchiveValidator``'s rules before a store sees them.
/// - ``forEachBatch(_:)`` yields each record once, at most ``ArchiveBatch/maximumCount`` per batch, all of the
///   archive's user.
/// - When the records turn out not to be the ones checked (a file changed on disk), ``forEachBatch(_:)`` throws —
///   possibly after its last batch — and the store must then discard everything it wrote.
public protocol ArchiveSource: Sendable {
    /// The archive's user, onboarding profile and record counts.
    var header: ArchiveHeader { get }

    /// Calls `body` with the records, a batch at a time, on the caller's executor.
    /// - Throws: what `body` throws, or `RepositoryError.invalid` when the records are not the ones checked.
    nonisolated(nonsending) func forEachBatch(_ body: (ArchiveBatch) async throws -> Void) async throws
}

/// What an archive holds besides its record arrays, and how many records those hold.
public struct ArchiveHeader: Sendable, Equatable {
    /// When the export was written.
    public var exportedAt: Date
    /// The person the archive belongs to.
    public var user: User
    /// Their onboarding result, if they finished onboarding.
    public var onboardingProfile: ExportedOnboardingProfile?
    /// Records per array.
    public var counts: ArchiveCounts

    /// Creates a header.
    public init(exportedAt: Date, user: User, onboardingProfile: ExportedOnboardingProfile?, counts: ArchiveCounts) {
        self.exportedAt = exportedAt
        self.user = user
        self.onboardingProfile = onboardingProfile
        self.counts = counts
    }

    /// Number of records of every kind (user and profile included), as ``ExportArchive/recordCount``.
    public var recordCount: Int {
        1 + (onboardingProfile == nil ? 0 : 1) + counts.workouts + counts.foodEntries + counts.dailyLogs + counts.coachMessages
            + counts.dataExports
    }
}

/// How many records each array of an archive holds.
public struct ArchiveCounts: Sendable, Equatable {
    public var workouts: Int
    public var foodEntries: Int
    public var dailyLogs: Int
    public var coachMessages: Int
    public var dataExports: Int

    /// Creates counts.
    public init(workouts: Int = 0, foodEntries: Int = 0, dailyLogs: Int = 0, coachMessages: Int = 0, dataExports: Int = 0) {
        self.workouts = workouts
        self.foodEntries = foodEntries
        self.dailyLogs = dailyLogs
        self.coachMessages = coachMessages
        self.dataExports = dataExports
    }
}

/// Records of one kind from an archive, at most ``maximumCount`` of them.
public enum ArchiveBatch: Sendable, Equatable {
    case workouts([Workout])
    case foodEntries([FoodEntry])
    case dailyLogs([DailyLog])
    case coachMessages([CoachMessage])
    case dataExports([DataExport])

    /// The most records one batch holds: small enough for SQLite's bound-parameter limit in one insert.
    public static let maximumCount = 200

    /// How many records the batch holds.
    public var count: Int {
        switch self {
        case .workouts(let records): records.count
        case .foodEntries(let records): records.count
        case .dailyLogs(let records): records.count
        case .coachMessages(let records): records.count
        case .dataExports(let records): records.count
        }
    }
}

/// Every record of an archive gathered from its batches, for archives small enough to hold whole (in memory).
public struct ArchiveRecords: Sendable, Equatable {
    public var workouts: [Workout] = []
    public var foodEntries: [FoodEntry] = []
    public var dailyLogs: [DailyLog] = []
    public var coachMessages: [CoachMessage] = []
    public var dataExports: [DataExport] = []

    /// No records yet.
    public init() {}

    /// Adds a batch's records to their array.
    public mutating func add(_ batch: ArchiveBatch) {
        switch batch {
        case .workouts(let records): workouts += records
        case .foodEntries(let records): foodEntries += records
        case .dailyLogs(let records): dailyLogs += records
        case .coachMessages(let records): coachMessages += records
        case .dataExports(let records): dataExports += records
        }
    }

    /// Every record's id, array by array.
    public var ids: [UUID] {
        workouts.map(\.id) + foodEntries.map(\.id) + dailyLogs.map(\.id) + coachMessages.map(\.id) + dataExports.map(\.id)
    }
}
