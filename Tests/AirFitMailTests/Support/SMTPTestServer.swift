import AirFitTestSupport
import Foundation
import Testing

/// A setup problem that must fail a test rather than skip it.
struct MailTestSetupError: Error, CustomStringConvertible {
    let description: String
}

/// A real SMTP server for the tests: `Tests/Mail/smtp_server.py` (aiosmtpd) on 127.0.0.1, a free port, every
/// accepted message stored as `<n>.eml` and `<n>.json` in a folder of its own.
final class SMTPTestServer: @unchecked Sendable {
    static let pythonVariable = PythonServer.pythonVariable

    let folder: URL
    private let server: PythonServer
    var port: Int { server.port }

    /// What the server stored of one message.
    struct Received: Decodable {
        let mail_from: String
        let rcpt_tos: [String]
        let authenticated: Bool
        let tls: Bool
    }

    /// The Python with aiosmtpd named by `AIRFIT_TEST_PYTHON`; without it a skipped case, or a failed one under `CI=true`.
    static func python(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        try PythonServer.python(for: "SMTP server", with: "aiosmtpd", environment: environment)
    }

    /// Starts the server; `user`/`password` turn on AUTH, `certificate` (PEM paths) turns on required STARTTLS.
    static func start(
        user: String? = nil, password: String? = nil, certificate: (cert: String, key: String)? = nil, reject: [String] = [],
        options: [String] = []
    ) async throws -> SMTPTestServer {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("airfit-smtp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Mail/smtp_server.py")
        var arguments = ["--out", folder.path]
        if let user, let password { arguments += ["--user", user, "--password", password] }
        if let certificate { arguments += ["--tls-cert", certificate.cert, "--tls-key", certificate.key] }
        if !reject.isEmpty { arguments += ["--reject"] + reject }
        arguments += options
        let server = try await PythonServer.start(python: try python(), script: script, arguments: arguments, name: "SMTP test server")
        return SMTPTestServer(server: server, folder: folder)
    }

    private init(server: PythonServer, folder: URL) {
        self.server = server
        self.folder = folder
    }

    /// Stops the server and removes its folder.
    func stop() {
        server.stop { [folder] in try? FileManager.default.removeItem(at: folder) }
    }

    /// The raw bytes of the `n`th message accepted (1-based) and its envelope.
    func message(_ n: Int) throws -> (text: String, envelope: Received) {
        let eml = folder.appendingPathComponent("\(n).eml")
        let json = folder.appendingPathComponent("\(n).json")
        // The server writes the JSON last, before answering 250; both are there once send() returned.
        let text = String(decoding: try Data(contentsOf: eml), as: UTF8.self)
        return (text, try JSONDecoder().decode(Received.self, from: Data(contentsOf: json)))
    }

    /// How many messages were accepted.
    var count: Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".eml") }.count
    }
}

/// A self-signed certificate for 127.0.0.1 and localhost, made by `openssl req -x509` in a temporary folder.
struct TestCertificate {
    let certPath: String
    let keyPath: String
    let pem: String

    static func make() throws -> TestCertificate {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("airfit-cert-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let cert = folder.appendingPathComponent("cert.pem").path
        let key = folder.appendingPathComponent("key.pem").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
            "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-keyout", key, "-out", cert,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw MailTestSetupError(description: "openssl req -x509 failed (status \(process.terminationStatus)); is openssl installed?")
        }
        return TestCertificate(certPath: cert, keyPath: key, pem: try String(contentsOfFile: cert, encoding: .utf8))
    }
}
