import Foundation
import Testing

/// Opens a zip with Python's `zipfile` (an independent reader) and returns each entry's text.
public enum PythonZip {
    public struct Entry: Decodable, Equatable, Sendable {
        public var name: String
        public var text: String
        public var size: Int
        public var dateTime: [Int]
        /// The rows as Python's `csv` module reads them (for `.csv` entries).
        public var rows: [[String]]?
    }

    private static let script = """
        import csv, io, json, sys, zipfile
        z = zipfile.ZipFile(sys.argv[1])
        assert z.testzip() is None, "bad CRC"
        out = []
        for info in z.infolist():
            data = z.read(info)
            text = data.decode("utf-8")
            entry = {"name": info.filename, "text": text, "size": info.file_size, "dateTime": list(info.date_time)}
            if info.filename.endswith(".csv"):
                entry["rows"] = list(csv.reader(io.StringIO(text, newline="")))
            out.append(entry)
        print(json.dumps(out))
        """

    /// Reads the zip at `path`; records an issue with Python's message when it cannot.
    public static func read(path: String) throws -> [Entry] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, path]
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(
            process.terminationStatus == 0,
            "python3 zipfile could not read the archive: \(String(decoding: errors, as: UTF8.self))")
        return try JSONDecoder().decode([Entry].self, from: output)
    }

    /// Writes `bytes` to a temporary file, reads it, and removes the file.
    public static func read(bytes: [UInt8]) throws -> [Entry] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("airfit-zip-\(UUID().uuidString).zip").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return try read(path: path)
    }
}
