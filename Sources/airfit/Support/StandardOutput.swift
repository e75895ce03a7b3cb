#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Buffered writes to standard output or standard error.
struct StandardOutput {
    private let descriptor: Int32
    private var buffer: [UInt8] = []

    /// A writer for standard output, or another descriptor.
    init(descriptor: Int32 = STDOUT_FILENO) {
        self.descriptor = descriptor
    }

    /// Appends `line` and a newline, flushing once 64 KiB are buffered.
    mutating func writeLine(_ line: String) {
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
        if buffer.count >= 64 * 1024 { flush() }
    }

    /// Appends `text` without a newline.
    mutating func writeText(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }

    /// Writes everything buffered.
    mutating func flush() {
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { bytes -> Int in
                guard let base = bytes.baseAddress else { return 0 }
                return write(descriptor, base + offset, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                break
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
