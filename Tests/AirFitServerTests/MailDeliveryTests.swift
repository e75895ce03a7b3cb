import AirFitCore
import AirFitTestSupport
import Foundation
import Logging
import Testing

@testable import AirFitServer

/// The persisted queue behind `ServerDependencies.mail` and the service that empties it: a clock and a sleep that
/// the test owns, so six attempts over seven hours take no time.
@Suite("Mail delivery")
struct MailDeliveryTests {
    /// The clock the service reads; the fake sleep moves it by what was asked and notes the wait.
    final class FakeTime: Sendable {
        let now = Locked(Date(timeIntervalSince1970: 1_800_000_000))
        let sleeps = Locked<[Duration]>([])

        func sleep(_ duration: Duration) {
            sleeps.update { $0.append(duration) }
            let (seconds, attoseconds) = duration.components
            now.update { $0 = $0.addingTimeInterval(TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18) }
        }
    }

    /// A transport that fails its first `failures` sends, then accepts.
    actor FlakyTransport: MailSending {
        struct Refused: Error, LocalizedError {
            var errorDescription: String? { "The mail server refused the recipient (550 mailbox unavailable)." }
        }

        private var failuresLeft: Int
        private(set) var attempts = 0
        private(set) var delivered: [MailMessage] = []

        init(failures: Int) { failuresLeft = failures }

        func send(_ message: MailMessage) async throws {
            attempts += 1
            if failuresLeft > 0 {
                failuresLeft -= 1
                throw Refused()
            }
            delivered.append(message)
        }
    }

    static let link = "http://127.0.0.1:8080/email/confirm?token=Zq8secretTOKEN"
    static let message = MailMessage(
        from: MailAddress("airfit@localhost", displayName: "AirFit"), to: MailAddress("ana.muller@example.com", displayName: "Ana"),
        subject: "Confirm your new email address", text: "Open \(link) to confirm.")

    private static func service(
        queue: any MailQueueRepository, transport: any MailSending, time: FakeTime, logs: Locked<[String]> = Locked([]),
        check: @escaping @Sendable (MailMessage) throws -> Void = { _ in }
    ) -> MailDeliveryService {
        MailDeliveryService(
            queue: queue, transport: transport, check: check, now: { time.now.value }, sleep: { time.sleep($0) },
            logger: CapturingLogHandler.logger(logs))
    }

    /// Runs `service`, waits until `condition` holds, then stops it and waits for it to return.
    ///
    /// The fake clock makes this take milliseconds; the generous limit is for a full parallel suite on a busy machine,
    /// where CPU-bound tests (bcrypt) can keep this test's tasks waiting for a thread for many seconds.
    private static func running(
        _ service: MailDeliveryService, until condition: @escaping @Sendable () async -> Bool,
        sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void = {}
    ) async throws {
        let task = Task { try await service.run() }
        try await body()
        let deadline = ContinuousClock.now + .seconds(120)
        while await !condition(), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(await condition(), "the condition did not hold within 120 seconds", sourceLocation: sourceLocation)
        service.stop()
        try await task.value
    }

    @Test("A message sent by a feature is queued, delivered at once, and leaves the queue")
    func deliveredAtOnce() async throws {
        let queue = InMemoryMailQueue()
        let transport = InMemoryMailSender()
        let time = FakeTime()
        let service = Self.service(queue: queue, transport: transport, time: time)
        try await Self.running(
            service,
            until: {
                let empty = await queue.all.isEmpty
                return await transport.sent.count == 1 && empty
            }
        ) {
            try await service.sender.send(Self.message)
        }
        #expect(await transport.sent == [Self.message])
        #expect(time.sleeps.value.isEmpty)
    }

    @Test("Mail left in the queue by a previous run is sent when the service starts")
    func leftoversSentAtStart() async throws {
        let queue = InMemoryMailQueue()
        let time = FakeTime()
        _ = await queue.enqueueMail(Self.message, now: time.now.value.addingTimeInterval(-3600))
        let waiting = await queue.enqueueMail(Self.message, now: time.now.value.addingTimeInterval(-60))
        await queue.recordMailFailure(id: waiting.id, failedAttempts: 2, nextAttemptAt: time.now.value.addingTimeInterval(-1))
        let transport = InMemoryMailSender()
        try await Self.running(
            Self.service(queue: queue, transport: transport, time: time),
            until: {
                let empty = await queue.all.isEmpty
                return await transport.sent.count == 2 && empty
            })
    }

    @Test("A failing send is tried again after 30 s, 2 min, 10 min, 1 h and 6 h, then given up on and logged by domain only")
    func backoffThenGiveUp() async throws {
        let queue = InMemoryMailQueue()
        let transport = FlakyTransport(failures: .max)
        let time = FakeTime()
        let logs = Locked<[String]>([])
        let service = Self.service(queue: queue, transport: transport, time: time, logs: logs)
        try await Self.running(
            service,
            until: {
                let empty = await queue.all.isEmpty
                return await transport.attempts == 6 && empty
            }
        ) {
            try await service.sender.send(Self.message)
        }
        #expect(time.sleeps.value == [.seconds(30), .seconds(120), .seconds(600), .seconds(3600), .seconds(21_600)])
        let lines = logs.value
        #expect(lines.filter { $0.contains("trying again later") }.count == 5)
        #expect(lines.contains { $0.contains("given up on after 6 failed attempts") && $0.contains("recipient_domain=example.com") })
        #expect(lines.contains { $0.contains("550 mailbox unavailable") })
        for line in lines {
            #expect(!line.contains("ana.muller") && !line.contains("TOKEN") && !line.contains("Confirm your"), "\(line)")
        }
    }

    @Test("A message refused twice arrives on the third attempt, after waits of 30 s and 2 min")
    func deliveredAfterRetries() async throws {
        let queue = InMemoryMailQueue()
        let transport = FlakyTransport(failures: 2)
        let time = FakeTime()
        let service = Self.service(queue: queue, transport: transport, time: time)
        try await Self.running(
            service,
            until: {
                let empty = await queue.all.isEmpty
                return await transport.delivered.count == 1 && empty
            }
        ) {
            try await service.sender.send(Self.message)
        }
        #expect(await transport.attempts == 3)
        #expect(time.sleeps.value == [.seconds(30), .seconds(120)])
    }

    @Test("A message that could never be sent is refused at send, in front of the feature, and never queued")
    func refusedAtSend() async throws {
        struct Unusable: Error {}
        let queue = InMemoryMailQueue()
        let service = Self.service(queue: queue, transport: InMemoryMailSender(), time: FakeTime(), check: { _ in throw Unusable() })
        await #expect(throws: Unusable.self) { try await service.sender.send(Self.message) }
        #expect(await queue.all.isEmpty)
    }

    @Test("The retry policy waits 30 s, 2 min, 10 min, 1 h, 6 h and makes six attempts in all")
    func standardPolicy() {
        let policy = MailRetryPolicy.standard
        #expect(policy.maximumAttempts == 6)
        #expect(
            (1...5).map { policy.delay(afterFailures: $0) } == [
                .seconds(30), .seconds(120), .seconds(600), .seconds(3600), .seconds(21_600),
            ])
        #expect(policy.delay(afterFailures: 6) == nil)
        #expect(policy.delay(afterFailures: 0) == nil)
    }
}

@Suite("Public URL")
struct PublicURLTests {
    @Test("Without AIRFIT_PUBLIC_URL, links start at the address the server listens on")
    func defaultOrigin() throws {
        #expect(try ServerConfiguration.fromEnvironment([:]).publicOrigin.absoluteString == "http://127.0.0.1:8080")
        let configuration = try ServerConfiguration.fromEnvironment(["AIRFIT_HOST": "0.0.0.0", "AIRFIT_PORT": "9000"])
        #expect(configuration.publicOrigin.absoluteString == "http://127.0.0.1:9000")
        #expect(ServerConfiguration(host: "fit.local", port: 80).publicOrigin.absoluteString == "http://fit.local:80")
    }

    @Test("AIRFIT_PUBLIC_URL is an http or https origin; a trailing slash is dropped and the host lowercased")
    func validOrigins() throws {
        func origin(_ text: String) throws -> String {
            try #require(try ServerConfiguration.fromEnvironment(["AIRFIT_PUBLIC_URL": text]).publicURL).absoluteString
        }
        #expect(try origin("https://Fit.Example.com/") == "https://fit.example.com")
        #expect(try origin("http://192.168.1.20:8080") == "http://192.168.1.20:8080")
        #expect(
            try ServerConfiguration.fromEnvironment(["AIRFIT_PUBLIC_URL": "https://fit.example.com"]).publicOrigin.absoluteString
                == "https://fit.example.com")
    }

    @Test(
        "An AIRFIT_PUBLIC_URL that is not an origin is refused, saying why",
        arguments: [
            ("ftp://fit.example.com", "http:// or https://"), ("fit.example.com", "http:// or https://"),
            ("https://fit.example.com/airfit", "without a path"), ("https://fit.example.com/?a=1", "query"),
            ("https://user:pw@fit.example.com", "user name or password"), ("https://", "no host"), ("https://fit example.com", "not a URL"),
        ])
    func invalidOrigins(text: String, reason: String) {
        #expect {
            _ = try ServerConfiguration.fromEnvironment(["AIRFIT_PUBLIC_URL": text])
        } throws: { error in
            let message = (error as? ServerConfigurationError)?.errorDescription ?? ""
            return message.contains("AIRFIT_PUBLIC_URL") && message.contains(reason) && !message.contains("pw@")
        }
    }
}
