import AirFitCore
import AirFitTestSupport
import Foundation
import Logging
import Testing

@testable import AirFitMail

@Suite("File outbox")
struct FileOutboxTests {
    @Test("A message becomes a 0600 file in a 0700 folder, listed back with its subject, content equal to the rendering")
    func writeAndList() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("airfit-outbox-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let directory = root + "/outbox"
        let renderer = MailRenderer(now: { Date(timeIntervalSince1970: 1_795_000_000) }, makeID: { "feedc0de" })
        let lines = Locked<[String]>([])
        let outbox = FileOutbox(directory: directory, renderer: renderer, logger: CapturingLogHandler.logger(lines))
        let message = MailMessage(
            from: MailAddress("coach@airfit.example"), to: MailAddress("ana@example.com"), subject: "Wöchentlicher Plan",
            text: "Your link: https://airfit.example/t/SECRET-TOKEN", html: "<a href=\"https://airfit.example/t/SECRET-TOKEN\">Sign in</a>")
        try await outbox.send(message)

        let attributes = try FileManager.default.attributesOfItem(atPath: directory)
        #expect((attributes[.posixPermissions] as? Int) == 0o700)
        let entries = try OutboxReader(directory: directory).list()
        let entry = try #require(entries.first)
        #expect(entries.count == 1)
        #expect(entry.fileName == "20261118T110640.000000Z-feedc0de.eml")
        #expect(entry.subject == "Wöchentlicher Plan")
        #expect(entry.to == "ana@example.com")
        let fileAttributes = try FileManager.default.attributesOfItem(atPath: entry.path)
        #expect((fileAttributes[.posixPermissions] as? Int) == 0o600)
        #expect(try OutboxReader(directory: directory).read(path: entry.path) == renderer.render(message).text)

        let log = lines.value.joined(separator: "\n")
        #expect(log.contains("example.com"))
        #expect(!log.contains("ana@"), "the log names the domain only")
        #expect(!log.contains("SECRET-TOKEN"))
    }

    @Test("An outbox folder that does not exist lists as empty")
    func emptyOutbox() throws {
        #expect(try OutboxReader(directory: "/nonexistent/airfit/outbox").list().isEmpty)
    }
}
