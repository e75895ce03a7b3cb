import AirFitCore
import AirFitTestSupport
import Foundation
import Testing

@Suite("ZipWriter")
struct ZipWriterTests {
    private static let stamp = ISO8601.date(from: "2024-05-17T13:45:30Z")!

    @Test("Python's zipfile opens the archive and reads back every name and content")
    func pythonReadsArchive() throws {
        let sink = MemorySink()
        let zip = ZipWriter(sink: sink, date: Self.stamp)
        try zip.startEntry(named: "hello.txt")
        try zip.write("hello, world\n")
        try zip.startEntry(named: "empty.csv")
        try zip.startEntry(named: "folder/ünïcødé.csv")
        try zip.write("a,b\r\n")
        try zip.write(Array("1,2\r\n".utf8))
        try zip.finish()

        let entries = try PythonZip.read(bytes: sink.bytes)
        #expect(entries.map(\.name) == ["hello.txt", "empty.csv", "folder/ünïcødé.csv"])
        #expect(entries.map(\.text) == ["hello, world\n", "", "a,b\r\n1,2\r\n"])
        #expect(entries.map(\.size) == [13, 0, 10])
        #expect(entries.allSatisfy { $0.dateTime == [2024, 5, 17, 13, 45, 30] })
        #expect(entries[2].rows == [["a", "b"], ["1", "2"]])
    }

    @Test("A large entry written in chunks through a file sink keeps its CRC and size")
    func largeEntryToFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("airfit-zip-\(UUID().uuidString).zip").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sink = try FileSink(path: path)
        let zip = ZipWriter(sink: sink, date: Self.stamp)
        try zip.startEntry(named: "big.txt")
        var expected = ""
        for index in 0..<20_000 {
            let line = "line \(index) of the big entry\n"
            expected += line
            try zip.write(line)
        }
        try zip.startEntry(named: "after.txt")
        try zip.write("tail")
        try zip.finish()
        try sink.close()

        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect((attributes[.size] as? NSNumber)?.int64Value == sink.bytesWritten)
        let entries = try PythonZip.read(path: path)
        #expect(entries.map(\.name) == ["big.txt", "after.txt"])
        #expect(entries.first?.text == expected)
        #expect(entries.first?.size == expected.utf8.count)
        #expect(entries.last?.text == "tail")
    }

    @Test("An archive with no entries is still a valid zip")
    func emptyArchive() throws {
        let sink = MemorySink()
        try ZipWriter(sink: sink, date: Self.stamp).finish()
        #expect(sink.bytes.count == 22)
        #expect(try PythonZip.read(bytes: sink.bytes).isEmpty)
    }

    @Test("Writing before any entry is started fails")
    func writeWithoutEntry() {
        let zip = ZipWriter(sink: MemorySink())
        #expect(throws: (any Error).self) { try zip.write("orphan") }
    }

    @Test("Dates before 1980 are clamped to the DOS epoch year")
    func oldDates() throws {
        let sink = MemorySink()
        let zip = ZipWriter(sink: sink, date: ISO8601.date(from: "1975-03-04T05:06:08Z")!)
        try zip.startEntry(named: "old.txt")
        try zip.finish()
        let entry = try #require(try PythonZip.read(bytes: sink.bytes).first)
        #expect(entry.dateTime == [1980, 3, 4, 5, 6, 8])
    }
}

@Suite("CRC32")
struct CRC32Tests {
    @Test("The check value of \"123456789\" is 0xCBF43926")
    func checkValue() {
        var crc = CRC32()
        crc.update(Array("123456789".utf8))
        #expect(crc.value == 0xCBF4_3926)
    }

    @Test("Nothing fed gives 0, and feeding in pieces equals feeding at once")
    func incremental() {
        #expect(CRC32().value == 0)
        let bytes = Array("The quick brown fox jumps over the lazy dog".utf8)
        var whole = CRC32()
        whole.update(bytes)
        #expect(whole.value == 0x414F_A339)
        for split in [0, 1, 10, bytes.count - 1, bytes.count] {
            var pieces = CRC32()
            pieces.update(Array(bytes[..<split]))
            pieces.update(Array(bytes[split...]))
            #expect(pieces.value == whole.value, "split at \(split)")
        }
    }
}
