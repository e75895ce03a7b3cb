import Foundation

/// A JSON export file restored by streaming: read once to check it, then again, batch by batch, while a store writes.
///
/// Memory is bounded by one batch of records (plus the ids and days the uniqueness rules keep), not by the file. The
/// second reading checks every record again before handing it on, and must find the same header and the same bytes —
/// the same length and the same hash, keyed per process (Swift's SipHash `Hasher`: Core imports Foundation only, so no
/// SHA-256 here); otherwise ``forEachBatch(_:)`` throws, after its last batch at the latest, and the store rolls back.
public struct ArchiveFileSource: ArchiveSource {
    /// Bytes read at a time.
    public static let chunkSize = 64 * 1024
    /// The message when the file is not the one that was checked by the time it is written.
    public static let changedMessage =
        "The file changed while it was being imported, so nothing was imported. Import it again once nothing else is writing to it."

    /// The file.
    public let path: String
    public let header: ArchiveHeader
    private let fingerprint: ChunkedFile.Fingerprint

    /// Reads the whole file and checks it, keeping no records.
    /// - Throws: `RepositoryError.invalid` naming the first problem (the messages of ``DataExporter/decodeArchive(_:)``),
    ///   or the error of opening or reading the file.
    public init(path: String) throws {
        var reader = ArchiveReader(keepsRecords: false)
        let file = try ChunkedFile(path: path)
        defer { file.close() }
        while let chunk = try file.next() {
            try chunk.withUnsafeBytes { try reader.read($0) }
        }
        header = try reader.finish()
        fingerprint = file.fingerprint
        self.path = path
    }

    public nonisolated(nonsending) func forEachBatch(_ body: (ArchiveBatch) async throws -> Void) async throws {
        let changed = RepositoryError.invalid(Self.changedMessage)
        var reader = ArchiveReader(keepsRecords: true, owner: header.user.id)
        let file: ChunkedFile
        do {
            file = try ChunkedFile(path: path)
        } catch {
            throw changed
        }
        defer { file.close() }
        var done = false
        while !done {
            // Any problem the first reading did not find means the bytes are not the ones checked.
            do {
                if let chunk = try file.next() {
                    try chunk.withUnsafeBytes { try reader.read($0) }
                } else {
                    guard try reader.finish() == header else { throw changed }
                    done = true
                }
            } catch {
                throw changed
            }
            for batch in reader.takeBatches() {
                try await body(batch)
            }
        }
        guard file.fingerprint == fingerprint else { throw changed }
    }
}
