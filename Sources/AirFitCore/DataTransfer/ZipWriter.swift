public import Foundation

/// Writes a zip archive (stored entries, streamed with data descriptors) to a sink.
///
/// Entries are not compressed: Foundation on Linux exposes no deflate, and exports are small
/// next to what a spreadsheet opens. Each entry's CRC and size follow its data, so an entry
/// is written as it is produced and memory stays flat.
public final class ZipWriter {
    private let sink: any ByteSink
    private var central: [UInt8] = []
    private var entryCount = 0
    private var current: (name: [UInt8], offset: UInt32, crc: CRC32, size: UInt32)?
    private let dosTime: UInt16
    private let dosDate: UInt16

    /// Creates a writer; entries are stamped with `date` (UTC).
    public init(sink: any ByteSink, date: Date = Date()) {
        self.sink = sink
        let parts = ISO8601.string(from: date).split(whereSeparator: { "-T:.Z".contains($0) }).compactMap { Int($0) }
        let (year, month, day, hour, minute, second) = (parts[0], parts[1], parts[2], parts[3], parts[4], parts[5])
        dosTime = UInt16(hour << 11 | minute << 5 | second / 2)
        dosDate = UInt16(max(0, year - 1980) << 9 | month << 5 | day)
    }

    /// Starts a new entry, finishing the previous one.
    public func startEntry(named name: String) throws {
        try finishEntry()
        let nameBytes = Array(name.utf8)
        var header: [UInt8] = []
        header.append(le32: 0x0403_4b50)
        header.append(le16: 20)  // version needed
        header.append(le16: 0x0808)  // data descriptor + UTF-8 names
        header.append(le16: 0)  // stored
        header.append(le16: dosTime)
        header.append(le16: dosDate)
        header.append(le32: 0)
        header.append(le32: 0)
        header.append(le32: 0)
        header.append(le16: UInt16(nameBytes.count))
        header.append(le16: 0)
        header += nameBytes
        current = (nameBytes, UInt32(sink.bytesWritten), CRC32(), 0)
        try sink.write(header)
    }

    /// Appends bytes to the current entry.
    public func write(_ bytes: [UInt8]) throws {
        guard current != nil else { throw CocoaError(.fileWriteUnknown) }
        current!.crc.update(bytes)
        current!.size &+= UInt32(truncatingIfNeeded: bytes.count)
        try sink.write(bytes)
    }

    /// Appends UTF-8 text to the current entry.
    public func write(_ text: String) throws { try write(Array(text.utf8)) }

    private func finishEntry() throws {
        guard let entry = current else { return }
        current = nil
        var descriptor: [UInt8] = []
        descriptor.append(le32: 0x0807_4b50)
        descriptor.append(le32: entry.crc.value)
        descriptor.append(le32: entry.size)
        descriptor.append(le32: entry.size)
        try sink.write(descriptor)

        central.append(le32: 0x0201_4b50)
        central.append(le16: 0x031E)  // made by: Unix, spec 3.0
        central.append(le16: 20)
        central.append(le16: 0x0808)
        central.append(le16: 0)
        central.append(le16: dosTime)
        central.append(le16: dosDate)
        central.append(le32: entry.crc.value)
        central.append(le32: entry.size)
        central.append(le32: entry.size)
        central.append(le16: UInt16(entry.name.count))
        central.append(le16: 0)
        central.append(le16: 0)
        central.append(le16: 0)
        central.append(le16: 0)
        central.append(le32: 0o100600 << 16)  // regular file, rw-------
        central.append(le32: entry.offset)
        central += entry.name
        entryCount += 1
    }

    /// Finishes the last entry and writes the central directory.
    public func finish() throws {
        try finishEntry()
        let offset = UInt32(sink.bytesWritten)
        try sink.write(central)
        var end: [UInt8] = []
        end.append(le32: 0x0605_4b50)
        end.append(le16: 0)
        end.append(le16: 0)
        end.append(le16: UInt16(entryCount))
        end.append(le16: UInt16(entryCount))
        end.append(le32: UInt32(central.count))
        end.append(le32: offset)
        end.append(le16: 0)
        try sink.write(end)
    }
}

/// CRC-32 (IEEE 802.3), as zip uses.
public struct CRC32: Sendable {
    private static let table: [UInt32] = (0..<256).map { index in
        var crc = UInt32(index)
        for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        return crc
    }
    private var crc: UInt32 = 0xFFFF_FFFF

    /// Starts a checksum.
    public init() {}

    /// Feeds bytes.
    public mutating func update(_ bytes: [UInt8]) {
        var crc = self.crc
        Self.table.withUnsafeBufferPointer { table in
            for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        }
        self.crc = crc
    }

    /// The checksum of everything fed so far.
    public var value: UInt32 { crc ^ 0xFFFF_FFFF }
}

extension [UInt8] {
    fileprivate mutating func append(le16 value: UInt16) {
        append(UInt8(value & 0xFF))
        append(UInt8(value >> 8))
    }

    fileprivate mutating func append(le32 value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8((value >> UInt32(shift)) & 0xFF)) }
    }
}
