import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Small files only the owner may read (mode 0600), replaced atomically.
enum PrivateFile {
    /// Writes `data` to a temporary file created with mode 0600, then renames it over `path`, so a reader
    /// never sees half a file and nobody else can read it at any moment.
    /// - Throws: ``CLIError`` naming the path when it cannot be written.
    static func save(_ data: Data, to path: String) throws {
        let temporary = path + ".partial"
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure(path) }
        var offset = 0
        let written = data.withUnsafeBytes { bytes -> Bool in
            while offset < bytes.count {
                let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += count
            }
            return true
        }
        guard written, fsync(descriptor) == 0 else {
            let error = failure(path)
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let error = failure(path)
            unlink(temporary)
            throw error
        }
    }

    /// Deletes `path` if it exists.
    static func remove(_ path: String) throws {
        guard unlink(path) == 0 || errno == ENOENT else { throw failure(path) }
    }

    private static func failure(_ path: String) -> CLIError {
        CLIError("Could not write \(path): \(String(cString: strerror(errno))).")
    }
}
