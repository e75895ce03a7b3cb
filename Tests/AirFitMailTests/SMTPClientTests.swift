import AirFitCore
import AirFitTestSupport
import Foundation
import Logging
import Testing

@testable import AirFitMail

/// The client against a real SMTP server (aiosmtpd, `Tests/Mail/smtp_server.py`) on 127.0.0.1.
@Suite("SMTP client against aiosmtpd")
struct SMTPClientTests {
    static let password = "Pa55w0rd!hunter"
    static let token = "SECRET-TOKEN-8f3a"

    static let message = MailMessage(
        from: MailAddress("coach@airfit.example", displayName: "AirFit"), to: MailAddress("ana@example.com"),
        subject: "Anmeldung für AirFit", text: "Sign in: https://airfit.example/t/\(token)\n.a line with a leading dot\n",
        html: "<p><a href=\"https://airfit.example/t/\(token)\">Sign in</a></p>")

    static func renderer() -> MailRenderer {
        MailRenderer(now: { Date(timeIntervalSince1970: 1_795_000_000) }, makeID: { "cafe1234" })
    }

    static func client(_ server: SMTPServerConfiguration, lines: Locked<[String]> = Locked([])) -> SMTPClient {
        SMTPClient(server: server, renderer: renderer(), logger: CapturingLogHandler.logger(lines))
    }

    static func local(_ port: Int, security: SMTPServerConfiguration.Security = .none, password: String = SMTPClientTests.password)
        -> SMTPServerConfiguration
    {
        SMTPServerConfiguration(
            host: "127.0.0.1", port: port, security: security, username: "airfit", password: password, replyTimeout: .seconds(10))
    }

    @Test("AUTH over a local plain connection delivers the exact rendered message; logs name the domain only")
    func plainSendWithAuth() async throws {
        let server = try await SMTPTestServer.start(user: "airfit", password: Self.password)
        defer { server.stop() }
        let configuration = try MailConfiguration.parseURL("smtp://airfit:Pa55w0rd%21hunter@127.0.0.1:\(server.port)?tls=none")
        let lines = Locked<[String]>([])
        try await Self.client(configuration, lines: lines).send(Self.message)

        let received = try server.message(1)
        #expect(
            received.text == (try Self.renderer().render(Self.message).text), "dot-stuffing undone by the server gives the rendering back")
        #expect(received.text.contains("\r\n.a line with a leading dot\r\n"))
        #expect(received.envelope.mail_from == "coach@airfit.example")
        #expect(received.envelope.rcpt_tos == ["ana@example.com"])
        #expect(received.envelope.authenticated)
        #expect(!received.envelope.tls)

        let log = lines.value.joined(separator: "\n")
        #expect(log.contains("Mail sent") && log.contains("recipient_domain=example.com"))
        for secret in ["ana@", Self.password, Self.token, "Sign in"] { #expect(!log.contains(secret), "\(secret) in the log") }
    }

    @Test("A rejected recipient is a permanent error that names neither the address nor the body")
    func rejectedRecipient() async throws {
        let server = try await SMTPTestServer.start(user: "airfit", password: Self.password, reject: ["ana@example.com"])
        defer { server.stop() }
        let lines = Locked<[String]>([])
        let error = await #expect(throws: MailError.self) {
            try await Self.client(Self.local(server.port), lines: lines).send(Self.message)
        }
        guard case .rejected(let stage, let code, _)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(stage == "the recipient")
        #expect(code == 550)
        #expect(error?.isTransient == false)
        let text = (error?.fullMessage ?? "") + lines.value.joined(separator: "\n")
        for secret in ["ana@example.com", Self.password, Self.token] { #expect(!text.contains(secret), "\(secret) in \(text)") }
        #expect(server.count == 0)
    }

    @Test("A wrong password is an authentication error without the password in it")
    func wrongPassword() async throws {
        let server = try await SMTPTestServer.start(user: "airfit", password: Self.password)
        defer { server.stop() }
        let error = await #expect(throws: MailError.self) {
            try await Self.client(Self.local(server.port, password: "wrong-Secret-99")).send(Self.message)
        }
        guard case .authenticationFailed(_, let code, _)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(code == 535)
        #expect(error?.isTransient == false)
        let message = error?.fullMessage ?? ""
        #expect(!message.contains("wrong-Secret-99"))
    }

    @Test("STARTTLS with a self-signed certificate the client is told to trust: encrypted, authenticated, delivered")
    func startTLS() async throws {
        let certificate = try TestCertificate.make()
        let server = try await SMTPTestServer.start(
            user: "airfit", password: Self.password, certificate: (certificate.certPath, certificate.keyPath))
        defer { server.stop() }
        var configuration = try MailConfiguration.parseURL("smtp://airfit:Pa55w0rd%21hunter@127.0.0.1:\(server.port)")
        #expect(configuration.security == .startTLS(required: true))
        configuration.trustRoots = .pemCertificates(certificate.pem)
        try await Self.client(configuration).send(Self.message)

        let received = try server.message(1)
        #expect(received.envelope.tls)
        #expect(received.envelope.authenticated)
        #expect(received.text == (try Self.renderer().render(Self.message).text))
    }

    @Test("STARTTLS against an untrusted certificate fails before AUTH, and nothing is delivered")
    func untrustedCertificate() async throws {
        let certificate = try TestCertificate.make()
        let server = try await SMTPTestServer.start(
            user: "airfit", password: Self.password, certificate: (certificate.certPath, certificate.keyPath))
        defer { server.stop() }
        let error = await #expect(throws: MailError.self) {
            try await Self.client(Self.local(server.port, security: .startTLS(required: true))).send(Self.message)
        }
        guard case .tlsFailed? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(server.count == 0)
    }

    @Test("Credentials with a server that offers no STARTTLS: refused unless tls=none, so the password never goes in the clear")
    func noStartTLS() async throws {
        let server = try await SMTPTestServer.start(user: "airfit", password: Self.password)
        defer { server.stop() }
        let error = await #expect(throws: MailError.self) {
            try await Self.client(Self.local(server.port, security: .startTLS(required: true))).send(Self.message)
        }
        #expect(error == .tlsUnavailable(host: "127.0.0.1"))
        #expect(server.count == 0)
    }

    @Test("A closed port is a transient connection error")
    func refused() async throws {
        let closed = try ClosedPort()
        let error = await #expect(throws: MailError.self) { try await Self.client(Self.local(closed.port)).send(Self.message) }
        guard case .connectionFailed? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(error?.isTransient == true)
        withExtendedLifetime(closed) {}
    }
}

@Suite("SMTP test server setup")
struct SMTPTestServerSetupTests {
    /// The one place that says out loud when the SMTP server cases are skipped (a skipped case prints nothing).
    @Test("The SMTP server cases are configured")
    func configured() async throws {
        let environment = ProcessInfo.processInfo.environment
        guard environment[SMTPTestServer.pythonVariable]?.isEmpty == false else {
            if environment["CI"] != "true" {
                Issue.record(
                    Comment(
                        rawValue: "\(SMTPTestServer.pythonVariable) is not set: every SMTP server case is skipped. "
                            + "Export \(SMTPTestServer.pythonVariable)=.venv/bin/python (with aiosmtpd) to run them."),
                    severity: .warning)
            }
            _ = try SMTPTestServer.python(environment)
            return
        }
        let server = try await SMTPTestServer.start()
        server.stop()
        #expect(server.port > 0)
    }

    @Test("Without AIRFIT_TEST_PYTHON, CI=true turns the skip into a failure")
    func ciRequiresServer() {
        #expect(throws: PythonServerError.self) { try SMTPTestServer.python(["CI": "true"]) }
        #expect(throws: Never.self) { try SMTPTestServer.python(["AIRFIT_TEST_PYTHON": "/usr/bin/python3"]) }
    }
}

/// The other ways servers behave: implicit TLS, LOGIN only, HELO only, silence.
@Suite("SMTP client variants against aiosmtpd")
struct SMTPClientVariantTests {
    @Test("smtps:// (TLS from the first byte) with a trusted self-signed certificate delivers")
    func implicitTLS() async throws {
        let certificate = try TestCertificate.make()
        let server = try await SMTPTestServer.start(
            user: "airfit", password: SMTPClientTests.password, certificate: (certificate.certPath, certificate.keyPath),
            options: ["--implicit-tls"])
        defer { server.stop() }
        var configuration = try MailConfiguration.parseURL("smtps://airfit:Pa55w0rd%21hunter@127.0.0.1:\(server.port)")
        configuration.trustRoots = .pemCertificates(certificate.pem)
        try await SMTPClientTests.client(configuration).send(SMTPClientTests.message)
        let received = try server.message(1)
        #expect(received.envelope.tls)
        #expect(received.envelope.authenticated)
    }

    @Test("A server offering AUTH LOGIN only gets the LOGIN exchange")
    func authLogin() async throws {
        let server = try await SMTPTestServer.start(user: "airfit", password: SMTPClientTests.password, options: ["--only-login"])
        defer { server.stop() }
        try await SMTPClientTests.client(SMTPClientTests.local(server.port)).send(SMTPClientTests.message)
        #expect(try server.message(1).envelope.authenticated)
    }

    @Test("A server that refuses EHLO gets HELO, and the message still goes through (no AUTH needed)")
    func heloFallback() async throws {
        let server = try await SMTPTestServer.start(options: ["--no-ehlo"])
        defer { server.stop() }
        let configuration = SMTPServerConfiguration(host: "127.0.0.1", port: server.port, security: .startTLS(required: false))
        try await SMTPClientTests.client(configuration).send(SMTPClientTests.message)
        let received = try server.message(1)
        #expect(!received.envelope.authenticated)
        #expect(received.envelope.rcpt_tos == ["ana@example.com"])
    }

    @Test("A server that never greets times out: a transient error naming the stage")
    func silentServer() async throws {
        let server = try await SMTPTestServer.start(options: ["--silent"])
        defer { server.stop() }
        var configuration = SMTPClientTests.local(server.port)
        configuration.replyTimeout = .milliseconds(300)
        let started = ContinuousClock.now
        let error = await #expect(throws: MailError.self) { try await SMTPClientTests.client(configuration).send(SMTPClientTests.message) }
        #expect(error == .timedOut(host: "127.0.0.1", stage: "the greeting"))
        #expect(error?.isTransient == true)
        #expect(ContinuousClock.now - started < .seconds(5))
    }
}

@Suite("SMTP client and STARTTLS injection")
struct SMTPStartTLSInjectionTests {
    @Test("Plaintext sent right behind the STARTTLS reply is refused, and no credentials or mail follow")
    func injection() async throws {
        let server = try await SMTPTestServer.start(options: ["--inject-after-starttls"])
        defer { server.stop() }
        let error = await #expect(throws: MailError.self) {
            try await SMTPClientTests.client(SMTPClientTests.local(server.port, security: .startTLS(required: true)))
                .send(SMTPClientTests.message)
        }
        // One write on loopback arrives as one read: the forged reply sits behind the 220 in the parser's buffer.
        #expect(error == .protocolViolation(host: "127.0.0.1", detail: "data arrived after the STARTTLS reply"))
        let leaked = FileManager.default.fileExists(atPath: server.folder.appendingPathComponent("plaintext-after-starttls").path)
        #expect(!leaked, "the client sent AUTH or MAIL in the clear")
    }
}
