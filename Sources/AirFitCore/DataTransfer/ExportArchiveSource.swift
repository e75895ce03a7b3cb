import Foundation

/// An ``ArchiveSource`` over an archive already in memory, checked by ``ArchiveValidator`` when it is made.
///
/// Batches come in the order stores have always written them: workouts, meals, daily logs, messages, export history.
public struct ExportArchiveSource: ArchiveSource {
    /// The archive.
    public let archive: ExportArchive
    public let header: ArchiveHeader

    /// Validates `archive`.
    /// - Throws: `RepositoryError.invalid` naming the first problem.
    public init(_ archive: ExportArchive) throws {
        try ArchiveValidator.validate(archive)
        self.archive = archive
        header = ArchiveHeader(
            exportedAt: archive.exportedAt, user: archive.user, onboardingProfile: archive.onboardingProfile,
            counts: ArchiveCounts(
                workouts: archive.workouts.count, foodEntries: archive.foodEntries.count, dailyLogs: archive.dailyLogs.count,
                coachMessages: archive.coachMessages.count, dataExports: archive.dataExports.count))
    }

    public nonisolated(nonsending) func forEachBatch(_ body: (ArchiveBatch) async throws -> Void) async throws {
        try await Self.batches(archive.workouts, ArchiveBatch.workouts, body)
        try await Self.batches(archive.foodEntries, ArchiveBatch.foodEntries, body)
        try await Self.batches(archive.dailyLogs, ArchiveBatch.dailyLogs, body)
        try await Self.batches(archive.coachMessages, ArchiveBatch.coachMessages, body)
        try await Self.batches(archive.dataExports, ArchiveBatch.dataExports, body)
    }

    private nonisolated(nonsending) static func batches<T>(
        _ records: [T], _ make: ([T]) -> ArchiveBatch, _ body: (ArchiveBatch) async throws -> Void
    ) async throws {
        var start = 0
        while start < records.count {
            let end = min(records.count, start + ArchiveBatch.maximumCount)
            try await body(make(Array(records[start..<end])))
            start = end
        }
    }
}
