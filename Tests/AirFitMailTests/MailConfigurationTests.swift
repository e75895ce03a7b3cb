import AirFitCore
import AirFitMail
import Foundation
import Logging
import Testing

@Suite("Mail configuration")
struct MailConfigurationTests {
    struct Good: Sendable, CustomStringConvertible {
        let url: String
        let host: String
        let port: Int
        let security: SMTPServerConfiguration.Security
        let username: String?
        let password: String?
        var description: String { url }
    }

    static let good: [Good] = [
        Good(
            url: "smtp://user:pass@smtp.example.com:587", host: "smtp.example.com", port: 587, security: .startTLS(required: true),
            username: "user", password: "pass"),
        Good(
            url: "smtps://user:pass@smtp.example.com:465", host: "smtp.example.com", port: 465, security: .implicitTLS, username: "user",
            password: "pass"),
        Good(
            url: "smtps://user:pass@smtp.example.com", host: "smtp.example.com", port: 465, security: .implicitTLS, username: "user",
            password: "pass"),
        Good(
            url: "smtp://smtp.example.com", host: "smtp.example.com", port: 587, security: .startTLS(required: false), username: nil,
            password: nil),
        Good(
            url: "SMTP://relay.example.com:25", host: "relay.example.com", port: 25, security: .startTLS(required: false), username: nil,
            password: nil),
        Good(
            url: "smtp://me%40example.com:p%40ss%3Aw%2Fd%25@smtp.example.com:587", host: "smtp.example.com", port: 587,
            security: .startTLS(required: true), username: "me@example.com", password: "p@ss:w/d%"),
        Good(
            url: "smtp://u:local-pw@localhost:1025?tls=none", host: "localhost", port: 1025, security: .none, username: "u",
            password: "local-pw"),
        Good(url: "smtp://127.0.0.1:1025?tls=none", host: "127.0.0.1", port: 1025, security: .none, username: nil, password: nil),
        Good(
            url: "smtp://relay.example.com?tls=starttls", host: "relay.example.com", port: 587, security: .startTLS(required: true),
            username: nil, password: nil),
    ]

    @Test("Good AIRFIT_SMTP_URLs parse into host, port, TLS mode and decoded credentials", arguments: good)
    func goodURLs(_ good: Good) throws {
        let server = try MailConfiguration.parseURL(good.url)
        #expect(server.host == good.host)
        #expect(server.port == good.port)
        #expect(server.security == good.security)
        #expect(server.username == good.username)
        #expect(server.password == good.password)
        #expect(server.trustRoots == .system, "production verifies certificates against the system's roots")
        if let password = good.password { #expect(!"\(server)".contains(password)) }
    }

    static let bad: [(url: String, reason: String)] = [
        ("http://user:s3cretPW@smtp.example.com", "must start with smtp:// or smtps://"),
        ("user:s3cretPW@smtp.example.com", "must start with smtp:// or smtps://"),
        ("smtp://user:s3cretPW@", "has no host name"),
        ("smtp://user:s3cretPW@smtp.example.com:99999", "has a port outside 1 to 65535"),
        ("smtp://user:s3cretPW@smtp.example.com:port", "is not a valid URL"),
        ("smtp://user:s3cret PW@smtp.example.com", "is not a valid URL"),
        ("smtp://user:s3cretPW@smtp.example.com/path", "must not have a path"),
        ("smtp://user@smtp.example.com", "has a user name without a password"),
        ("smtp://user:s3cretPW@smtp.example.com?tls=none", "may use tls=none only for a server on this machine"),
        ("smtps://user:s3cretPW@localhost?tls=none", "cannot combine smtps:// with tls=none"),
        ("smtp://user:s3cretPW@smtp.example.com?tls=maybe", "has a tls option other than none or starttls"),
        ("smtp://user:s3cretPW@smtp.example.com?s3cretPW=1", "has an unknown option"),
    ]

    @Test("Bad AIRFIT_SMTP_URLs give a message naming the variable and never the password", arguments: bad)
    func badURLs(url: String, reason: String) {
        do {
            _ = try MailConfiguration.fromEnvironment(
                ["AIRFIT_SMTP_URL": url, "AIRFIT_MAIL_FROM": "coach@example.com"], dataDirectory: "/tmp/airfit")
            Issue.record("\(reason): accepted")
        } catch {
            let message = error.fullMessage
            #expect(message.hasPrefix("AIRFIT_SMTP_URL "))
            #expect(message.contains(reason), "\(message)")
            #expect(!message.contains("s3cret"), "\(message)")
            #expect(!String(describing: error).contains("s3cret"))
        }
    }

    @Test("Nothing configured: the file outbox in the data folder, from AirFit <airfit@localhost>")
    func outboxByDefault() throws {
        let configuration = try MailConfiguration.fromEnvironment([:], dataDirectory: "/data/airfit")
        #expect(configuration.transport == .outbox(directory: "/data/airfit/outbox"))
        #expect(configuration.from == MailConfiguration.defaultFrom)
    }

    @Test("AIRFIT_MAIL_FROM takes a bare address or a name with an address; SMTP needs it")
    func from() throws {
        let named = try MailConfiguration.fromEnvironment(
            ["AIRFIT_SMTP_URL": "smtps://u:p@smtp.example.com", "AIRFIT_MAIL_FROM": "\"AirFit Coach\" <coach@example.com>"],
            dataDirectory: "/d")
        #expect(named.from == MailAddress("coach@example.com", displayName: "AirFit Coach"))
        #expect(
            try MailConfiguration.fromEnvironment(["AIRFIT_MAIL_FROM": "coach@example.com"], dataDirectory: "/d").from
                == MailAddress("coach@example.com"))
        #expect(throws: MailError.self) {
            try MailConfiguration.fromEnvironment(["AIRFIT_SMTP_URL": "smtps://u:p@smtp.example.com"], dataDirectory: "/d")
        }
        #expect(throws: MailError.self) {
            try MailConfiguration.fromEnvironment(["AIRFIT_MAIL_FROM": "not an address"], dataDirectory: "/d")
        }
    }

    @Test("The configuration makes the sender it describes")
    func makeSender() throws {
        let logger = Logger(label: "test")
        let outbox = try MailConfiguration.fromEnvironment([:], dataDirectory: "/data/airfit").makeSender(logger: logger)
        #expect((outbox as? FileOutbox)?.directory == "/data/airfit/outbox")
        let smtp = try MailConfiguration.fromEnvironment(
            ["AIRFIT_SMTP_URL": "smtps://u:p@smtp.example.com", "AIRFIT_MAIL_FROM": "coach@example.com"], dataDirectory: "/d")
        #expect(smtp.makeSender(logger: logger) is SMTPClient)
    }
}
