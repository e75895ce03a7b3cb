public import Foundation

/// Writes everything of one user (never secrets) as a JSON archive or a zip of CSV tables.
///
/// Records are read page by page, so memory stays flat however much a person has logged.
public struct DataExporter: Sendable {
    let repository: any AirFitRepository
    private let pageSize: Int

    /// Creates an exporter reading from `repository`, `pageSize` records at a time.
    public init(repository: any AirFitRepository, pageSize: Int = 1000) {
        self.repository = repository
        self.pageSize = pageSize
    }

    /// Writes the export to `sink` and records it in the export history.
    /// - Returns: the history record (size = bytes written).
    @discardableResult
    public func export(userID: UUID, format: ExportFormat, to sink: any ByteSink, now: Date = Date()) async throws -> DataExport {
        guard let user = try await repository.user(id: userID) else { throw RepositoryError.notFound("User \(userID)") }
        switch format {
        case .json: try await writeJSON(user: user, to: sink, now: now)
        case .csv: try await writeCSV(user: user, to: sink, now: now)
        }
        let record = DataExport(userID: userID, date: now, size: sink.bytesWritten, format: format)
        try await repository.recordExport(record)
        return record
    }

    /// Reads a JSON archive held in memory and checks it (``ArchiveFileSource`` reads a file without holding it).
    /// - Throws: `RepositoryError.invalid` naming the first problem: too large, not JSON, not an AirFit export, another
    ///   version, a field that does not decode (with its path), or a rule of ``ArchiveValidator``.
    public static func decodeArchive(_ data: Data) throws -> ExportArchive {
        guard data.count <= ArchiveLimits.maximumBytes else { throw ArchiveReader.fileTooLarge }
        var reader = ArchiveReader(keepsRecords: true)
        var records = ArchiveRecords()
        func collect(_ batches: [ArchiveBatch]) { batches.forEach { records.add($0) } }
        try data.withUnsafeBytes { bytes in
            var start = 0
            repeat {
                let end = min(bytes.count, start + ArchiveFileSource.chunkSize)
                try reader.read(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                collect(reader.takeBatches())
                start = end
            } while start < bytes.count
        }
        let header = try reader.finish()
        collect(reader.takeBatches())
        return ExportArchive(
            exportedAt: header.exportedAt, user: header.user, onboardingProfile: header.onboardingProfile,
            workouts: records.workouts, foodEntries: records.foodEntries, dailyLogs: records.dailyLogs,
            coachMessages: records.coachMessages, dataExports: records.dataExports)
    }

    // MARK: Paging

    func forEachPage<T>(_ fetch: (RecordQuery) async throws -> [T], _ body: ([T]) throws -> Void) async throws {
        var offset = 0
        while true {
            let page = try await fetch(.page(offset: offset, limit: pageSize))
            if page.isEmpty { return }
            try body(page)
            if page.count < pageSize { return }
            offset += page.count
        }
    }

    // MARK: JSON

    private func writeJSON(user: User, to sink: any ByteSink, now: Date) async throws {
        let encoder = JSONCoding.encoder
        let id = user.id
        func encode<T: Encodable>(_ value: T) throws -> [UInt8] { Array(try encoder.encode(value)) }
        var writer = ExportJSONWriter()
        func array<T>(_ key: String, _ fetch: (RecordQuery) async throws -> [T], _ write: (inout ExportJSONWriter, T) throws -> Void)
            async throws
        {
            try sink.write("\"\(key)\":[")
            var first = true
            try await forEachPage(fetch) { page in
                writer.reset()
                for record in page {
                    if !first { writer.append(",") }
                    writer.append("\n")
                    try write(&writer, record)
                    first = false
                }
                try sink.write(writer.bytes)
            }
            try sink.write(first ? "]" : "\n]")
        }
        // Keys in sorted order, as JSONCoding writes them.
        try sink.write("{")
        try await array("coachMessages", { try await repository.messages(userID: id, query: $0) }) { try $0.write($1) }
        try sink.write(",")
        try await array("dailyLogs", { try await repository.dailyLogs(userID: id, fromDay: nil, toDay: nil, query: $0) }) {
            try $0.write($1)
        }
        try sink.write(",\"dataExports\":[")
        let history = try await repository.exports(userID: id).sorted { ($0.date, $0.id.uuidString) < ($1.date, $1.id.uuidString) }
        for (index, export) in history.enumerated() {
            try sink.write(index == 0 ? "\n" : ",\n")
            try sink.write(try encode(export))
        }
        try sink.write(history.isEmpty ? "]" : "\n]")
        try sink.write(",\"exportedAt\":")
        try sink.write(try encode(now))
        try sink.write(",")
        try await array("foodEntries", { try await repository.foodEntries(userID: id, query: $0) }) { try $0.write($1) }
        try sink.write(",\"format\":\"\(ExportArchive.formatName)\",\n\"onboardingProfile\":")
        if let profile = try await repository.onboardingProfile(userID: id) {
            try sink.write(try encode(ExportedOnboardingProfile(profile)))
        } else {
            try sink.write("null")
        }
        try sink.write(",\n\"user\":")
        try sink.write(try encode(user))
        try sink.write(",\"version\":\(ExportArchive.currentVersion),\n")
        try await array("workouts", { try await repository.workouts(userID: id, query: $0) }) { try $0.write($1) }
        try sink.write("}\n")
    }
}
