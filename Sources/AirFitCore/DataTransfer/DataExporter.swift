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

    /// Reads a JSON archive and restores it (validated first; written atomically).
    public static func decodeArchive(_ data: Data) throws -> ExportArchive {
        guard data.count <= ArchiveLimits.maximumBytes else {
            throw RepositoryError.invalid(
                "This file is larger than \(ArchiveLimits.maximumBytes / 1024 / 1024) MB, more than any AirFit export; it was not read.")
        }
        // The marker and version first, without building the whole document twice.
        struct Header: Decodable {
            var format: String?
            var version: Double?
        }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data)
        } catch DecodingError.dataCorrupted {
            throw RepositoryError.invalid("This file is not valid JSON, so it cannot be an AirFit export.")
        } catch {
            // Valid JSON of another shape (an array, a number as the format, …).
            header = Header(format: nil, version: nil)
        }
        guard header.format == ExportArchive.formatName else {
            throw RepositoryError.invalid("This file is not an AirFit export: it has no \"format\": \"airfit-export\" marker.")
        }
        if let version = header.version, version != Double(ExportArchive.currentVersion) {
            let shown = FiniteNumber.int(version).map(String.init) ?? "that is not a whole number"
            throw RepositoryError.invalid(
                "This export has version \(shown); this AirFit reads version \(ExportArchive.currentVersion).")
        }
        do {
            let archive = try JSONCoding.decoder.decode(ExportArchive.self, from: data)
            try ArchiveValidator.validate(archive)
            return archive
        } catch let error as DecodingError {
            throw RepositoryError.invalid("The export is damaged: \(error.readableDescription)")
        }
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
