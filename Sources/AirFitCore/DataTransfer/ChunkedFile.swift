import Foundation

/// A file read a chunk at a time, keeping the length and a hash of what was read.
final class ChunkedFile {
    /// What was read: equal fingerprints (in one process) mean the same bytes.
    struct Fingerprint: Equatable {
        var byteCount: Int
        var hash: Int
    }

    private let handle: FileHandle
    private var hasher = Hasher()
    private var byteCount = 0

    /// Opens `path` for reading.
    init(path: String) throws {
        handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    }

    /// The next chunk; nil at the end.
    /// - Throws: the read error, or `RepositoryError.invalid` once more than ``ArchiveLimits/maximumBytes`` were read.
    func next() throws -> Data? {
        guard let data = try handle.read(upToCount: ArchiveFileSource.chunkSize), !data.isEmpty else { return nil }
        byteCount += data.count
        guard byteCount <= ArchiveLimits.maximumBytes else { throw ArchiveReader.fileTooLarge }
        data.withUnsafeBytes { hasher.combine(bytes: $0) }
        return data
    }

    /// The length and hash of everything read so far.
    var fingerprint: Fingerprint {
        var copy = hasher
        copy.combine(byteCount)
        return Fingerprint(byteCount: byteCount, hash: copy.finalize())
    }

    /// Closes the file.
    func close() {
        try? handle.close()
    }
}
