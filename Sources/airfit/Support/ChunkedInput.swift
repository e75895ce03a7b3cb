#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file or standard input in fixed-size chunks, without loading it whole.
enum ChunkedInput {
    /// The chunk size: large enough for throughput, small enough to exercise incremental parsing.
    static let chunkSize = 16 * 1024

    /// Calls `body` with each chunk of `path` (standard input when `nil` or `-`).
    /// - Throws: ``InputError`` when the input cannot be opened or read, or what `body` throws.
    static func forEachChunk<Failure: Error>(
        of path: String?,
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Void
    ) throws {
        let descriptor: Int32
        if let path, path != "-" {
            descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { throw InputError(path: path, code: errno) }
        } else {
            descriptor = STDIN_FILENO
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, chunkSize) }
            if count < 0 {
                if errno == EINTR { continue }
                throw InputError(path: path ?? "-", code: errno)
            }
            if count == 0 { return }
            try buffer.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[0..<count])) }
        }
    }
}

/// The input could not be opened or read.
struct InputError: Error, CustomStringConvertible {
    let path: String
    let code: Int32

    var description: String {
        "cannot read '\(path)': \(String(cString: strerror(code)))"
    }
}
