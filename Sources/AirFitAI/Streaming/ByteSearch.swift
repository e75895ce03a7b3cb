#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Vectorised byte search over raw buffers (libc `memchr`), used by the line scanners.
enum ByteSearch {
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let colon: UInt8 = 0x3A
    static let space: UInt8 = 0x20

    /// Offset of the first `byte` in `base[from..<to]`, or `to` when there is none.
    @inline(__always)
    static func first(_ byte: UInt8, in base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int {
        guard from < to, let hit = memchr(base + from, Int32(byte), to - from) else { return to }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
    }

    /// Whether `buffer` contains `byte`.
    @inline(__always)
    static func contains(_ byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = buffer.baseAddress else { return false }
        return first(byte, in: base, from: 0, to: buffer.count) < buffer.count
    }

    /// Whether `buffer` holds exactly the bytes of `literal`.
    @inline(__always)
    static func equals(_ buffer: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard buffer.count == count else { return false }
        let other = literal.utf8Start
        var index = 0
        while index < count {
            if buffer[index] != other[index] { return false }
            index += 1
        }
        return true
    }
}
