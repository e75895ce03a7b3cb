import Foundation

/// Where an export's bytes go.
public protocol ByteSink: AnyObject {
    /// Appends bytes.
    func write(_ bytes: [UInt8]) throws
    /// Bytes written so far.
    var bytesWritten: Int64 { get }
}

extension ByteSink {
    /// Appends a string as UTF-8.
    public func write(_ text: String) throws { try write(Array(text.utf8)) }
}

/// Collects bytes in memory (tests, small exports).
public final class MemorySink: ByteSink {
    public private(set) var bytes: [UInt8] = []
    public var bytesWritten: Int64 { Int64(bytes.count) }

    /// Creates an empty sink.
    public init() {}

    public func write(_ bytes: [UInt8]) throws { self.bytes.append(contentsOf: bytes) }
}

/// Writes to a file through a 256 KiB buffer; call `close()` when done.
public final class FileSink: ByteSink {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private let capacity = 256 * 1024
    public private(set) var bytesWritten: Int64 = 0

    /// Creates (or truncates) the file at `path` with mode 0600.
    public init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        buffer.reserveCapacity(capacity)
    }

    public func write(_ bytes: [UInt8]) throws {
        buffer.append(contentsOf: bytes)
        bytesWritten += Int64(bytes.count)
        if buffer.count >= capacity { try flush() }
    }

    /// Writes buffered bytes to the file.
    public func flush() throws {
        guard !buffer.isEmpty else { return }
        try handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes and closes the file.
    public func close() throws {
        try flush()
        try handle.close()
    }
}
