public import AirFitCore
internal import Foundation
public import Logging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Delivers mail into a folder instead of a server: `<folder>/<timestamp>-<id>.eml`, the folder 0700, each file 0600,
/// so a person without SMTP can still read what AirFit would have sent (`airfit mail outbox`).
public struct FileOutbox: MailSending {
    /// The folder the `.eml` files go into.
    public let directory: String
    private let renderer: MailRenderer
    private let logger: Logger

    /// An outbox writing into `directory` (created on first use).
    public init(directory: String, renderer: MailRenderer = MailRenderer(), logger: Logger) {
        self.directory = directory
        self.renderer = renderer
        self.logger = logger
    }

    public func send(_ message: MailMessage) async throws {
        do throws(MailError) {
            try store(message)
        } catch {
            logger.warning(
                "Mail not written to the outbox",
                metadata: ["recipient_domain": .string(message.to.domain), "error": .string(error.errorDescription ?? "\(error)")])
            throw error
        }
    }

    /// Renders `message` and writes it; returns the file's path.
    @discardableResult
    public func store(_ message: MailMessage) throws(MailError) -> String {
        let rendered = try renderer.render(message)
        try prepareDirectory()
        // The file is named after the message: <timestamp>-<the Message-ID's unique part>.eml.
        let id = rendered.messageID.dropFirst().prefix { $0 != "@" }.filter { $0.isLetter || $0.isNumber || $0 == "-" }
        let name = Self.timestamp(rendered.date) + "-" + id.prefix(32) + ".eml"
        let path = (directory as NSString).appendingPathComponent(name)
        try Self.writeNew(path: path, bytes: Array(rendered.text.utf8))
        logger.info(
            "Mail written to the outbox",
            metadata: ["recipient_domain": .string(message.to.domain), "file": .string(name), "message_id": .string(rendered.loggedID)])
        return path
    }

    private func prepareDirectory() throws(MailError) {
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory)
        } catch {
            throw .outboxFailed(path: directory, reason: "the folder could not be created (\(error.localizedDescription))")
        }
    }

    /// Creates `path` with mode 0600 from the start (no moment where others could read it) and writes `bytes`.
    private static func writeNew(path: String, bytes: [UInt8]) throws(MailError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw .outboxFailed(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else { throw .outboxFailed(path: path, reason: String(cString: strerror(errno))) }
            offset += written
        }
    }

    /// `20261123T103000.123456Z`: sorts as time does, messages written in the same second included.
    static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let seconds = date.timeIntervalSince1970
        let micros = Int(((seconds - seconds.rounded(.down)) * 1_000_000).rounded(.down)) % 1_000_000
        return String(
            format: "%04d%02d%02dT%02d%02d%02d.%06dZ", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0,
            c.second ?? 0, micros)
    }
}
