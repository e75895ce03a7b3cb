import AirFitCore
import AirFitStore
import Foundation
import Testing

/// `airfit import`'s path: an export file read twice, checked first, then written batch by batch in one transaction.
extension RepositoryContractTests {
    /// An export of a user with hundreds of messages and workouts (several batches each), written to a file.
    struct ArchiveFile {
        var path: String
        var bytes: Data
        var userID: UUID
    }

    static func writeBulkExport(in directory: DataDirectory) async throws -> ArchiveFile {
        let scratch = InMemoryStore()
        let seeded = try await Fixture.seed(scratch)
        let conversation = UUID()
        for index in 0..<450 {
            try await scratch.appendMessage(
                Fixture.message(
                    userID: seeded.user.id, conversationID: conversation, content: "Message \(index + 1000)", at: 10_000 + Double(index)))
        }
        for index in 0..<420 {
            try await scratch.addWorkout(Fixture.workout(userID: seeded.user.id, at: 20_000 + Double(index)))
        }
        let sink = MemorySink()
        try await DataExporter(repository: scratch, pageSize: 100).export(
            userID: seeded.user.id, format: .json, to: sink, now: Fixture.at(90_000))
        let path = directory.file("export.json")
        let bytes = Data(sink.bytes)
        try bytes.write(to: URL(fileURLWithPath: path))
        return ArchiveFile(path: path, bytes: bytes, userID: seeded.user.id)
    }

    /// Runs `body` with a fresh folder for archive files.
    static func withArchiveFolder(_ body: (DataDirectory) async throws -> Void) async throws {
        let directory = try TestDirectory.make()
        defer { TestDirectory.remove(directory) }
        try await body(directory)
    }

    @Test(
        "A streamed import stores what importing the decoded archive stores, and exports the same bytes again", arguments: Backend.allCases)
    func streamedImportMatchesArchiveImport(backend: Backend) async throws {
        try await Self.withArchiveFolder { folder in
            let file = try await Self.writeBulkExport(in: folder)
            let source = try ArchiveFileSource(path: file.path)
            #expect(source.header.counts == ArchiveCounts(workouts: 423, foodEntries: 4, dailyLogs: 3, coachMessages: 455, dataExports: 2))
            #expect(source.header.recordCount == 1 + 1 + 423 + 4 + 3 + 455 + 2)
            let again = Fixture.at(95_000)
            var streamedBytes = Data()
            try await backend.withStore { store in
                try await store.repository.importArchive(source)
                streamedBytes = try await Self.exportJSON(store.repository, userID: file.userID, at: again).0
            }
            var decodedBytes = Data()
            try await backend.withStore { store in
                try await store.repository.importArchive(try DataExporter.decodeArchive(file.bytes))
                decodedBytes = try await Self.exportJSON(store.repository, userID: file.userID, at: again).0
            }
            #expect(streamedBytes == decodedBytes)
            let original = String(decoding: file.bytes, as: UTF8.self).replacingOccurrences(
                of: ISO8601.string(from: Fixture.at(90_000)), with: "EXPORTED-AT")
            let roundTrip = String(decoding: streamedBytes, as: UTF8.self).replacingOccurrences(
                of: ISO8601.string(from: again), with: "EXPORTED-AT")
            #expect(roundTrip == original)
        }
    }

    @Test("A file whose last workout belongs to someone else is refused by name before the store is touched")
    func lastRecordRefusedUpFront() async throws {
        try await Self.withArchiveFolder { folder in
            let file = try await Self.writeBulkExport(in: folder)
            var archive = try DataExporter.decodeArchive(file.bytes)
            archive.workouts[archive.workouts.count - 1].userID = UUID()
            try JSONCoding.encoder.encode(archive).write(to: URL(fileURLWithPath: file.path))
            #expect(throws: RepositoryError.invalid("workouts[422] belongs to another user than the archive's user.")) {
                try ArchiveFileSource(path: file.path)
            }
        }
    }

    /// Ways a checked file can differ by the time the store reads it.
    enum FileChange: String, CaseIterable, CustomTestStringConvertible {
        /// The last record of the last array now belongs to someone else.
        case lastRecordForeign
        /// The same length, still a valid archive, one letter different.
        case oneLetter
        /// Gone.
        case removed

        var testDescription: String { rawValue }

        func apply(to file: ArchiveFile) throws {
            switch self {
            case .lastRecordForeign:
                var archive = try DataExporter.decodeArchive(file.bytes)
                archive.workouts[archive.workouts.count - 1].userID = UUID()
                try JSONCoding.encoder.encode(archive).write(to: URL(fileURLWithPath: file.path))
            case .oneLetter:
                let text = String(decoding: file.bytes, as: UTF8.self).replacingOccurrences(of: "Message 1449", with: "Massage 1449")
                #expect(text.utf8.count == file.bytes.count)
                try Data(text.utf8).write(to: URL(fileURLWithPath: file.path))
            case .removed:
                try FileManager.default.removeItem(atPath: file.path)
            }
        }
    }

    @Test(
        "A file changed between its check and its import imports nothing, after batches were already written",
        arguments: Backend.allCases, FileChange.allCases)
    func fileChangedBetweenPasses(backend: Backend, change: FileChange) async throws {
        try await Self.withArchiveFolder { folder in
            let file = try await Self.writeBulkExport(in: folder)
            let source = CountingSource(wrapped: try ArchiveFileSource(path: file.path))
            try change.apply(to: file)
            try await backend.withStore { store in
                await #expect(throws: RepositoryError.invalid(ArchiveFileSource.changedMessage)) {
                    try await store.repository.importArchive(source)
                }
                if change != .removed { #expect(source.batches > 4, "the store wrote batches before the change showed") }
                try await Self.expectNothingStored(for: file.userID, in: store)
                #expect(try await store.repository.users().isEmpty)
            }
        }
    }
}

/// Passes batches through and counts them.
final class CountingSource<Wrapped: ArchiveSource>: ArchiveSource, @unchecked Sendable {
    let wrapped: Wrapped
    private let lock = NSLock()
    private var count = 0

    init(wrapped: Wrapped) { self.wrapped = wrapped }

    var header: ArchiveHeader { wrapped.header }

    /// Batches handed to the store so far.
    var batches: Int { lock.withLock { count } }

    nonisolated(nonsending) func forEachBatch(_ body: (ArchiveBatch) async throws -> Void) async throws {
        try await wrapped.forEachBatch { batch in
            lock.withLock { count += 1 }
            try await body(batch)
        }
    }
}
