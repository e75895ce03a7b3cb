internal import Foundation

/// One message in the file outbox, as listed by `OutboxReader`.
public struct OutboxEntry: Sendable, Hashable {
    /// The file's name, `<timestamp>-<id>.eml`.
    public let fileName: String
    /// The file's full path.
    public let path: String
    /// The `Subject` header, decoded.
    public let subject: String
    /// The `To` header, decoded (`Ana Müller <ana@example.com>`).
    public let to: String
    /// The `Date` header as written.
    public let date: String
}

/// Lists and reads the messages `FileOutbox` wrote, oldest first (for `airfit mail outbox [--open N]`).
public struct OutboxReader: Sendable {
    /// The outbox folder.
    public let directory: String

    /// A reader of `directory`; a folder that does not exist is an empty outbox.
    public init(directory: String) {
        self.directory = directory
    }

    /// Every `.eml` file, oldest first (the names start with their time).
    public func list() throws(MailError) -> [OutboxEntry] {
        guard FileManager.default.fileExists(atPath: directory) else { return [] }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw .outboxFailed(path: directory, reason: "the folder could not be listed (\(error.localizedDescription))")
        }
        var entries: [OutboxEntry] = []
        for name in names.filter({ $0.hasSuffix(".eml") }).sorted() {
            let path = (directory as NSString).appendingPathComponent(name)
            let headers = Self.headers(of: try read(path: path))
            entries.append(
                OutboxEntry(
                    fileName: name, path: path, subject: EncodedWord.decode(headers["subject"] ?? ""),
                    to: EncodedWord.decode(headers["to"] ?? ""),
                    date: headers["date"] ?? ""))
        }
        return entries
    }

    /// The whole message in `path`, as written.
    public func read(path: String) throws(MailError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .outboxFailed(path: path, reason: "the message could not be read")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The headers of a message, names lowercased, folded lines joined.
    static func headers(of message: String) -> [String: String] {
        var headers: [String: String] = [:]
        var last: String?
        for line in message.components(separatedBy: "\r\n") {
            if line.isEmpty { break }
            if line.hasPrefix(" ") || line.hasPrefix("\t"), let last {
                headers[last, default: ""] += " " + line.trimmingCharacters(in: .whitespaces)
            } else if let colon = line.firstIndex(of: ":") {
                let name = line[..<colon].lowercased()
                headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                last = name
            }
        }
        return headers
    }
}
