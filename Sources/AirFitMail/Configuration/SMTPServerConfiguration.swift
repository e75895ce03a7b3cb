internal import Foundation

/// Where and how to reach the SMTP server: from `AIRFIT_SMTP_URL`, or built by tests.
///
/// Its description never shows the password.
public struct SMTPServerConfiguration: Sendable, Hashable, CustomStringConvertible {
    /// How the connection is encrypted.
    public enum Security: Sendable, Hashable {
        /// TLS from the first byte (`smtps://`, port 465).
        case implicitTLS
        /// STARTTLS when the server offers it; `required` refuses to go on without it.
        case startTLS(required: Bool)
        /// No encryption at all: only for a server on this machine (`smtp://localhost...?tls=none`).
        case none
    }

    /// Which certificates the TLS connection trusts.
    public enum TrustRoots: Sendable, Hashable {
        /// The system's certificate authorities: what production uses.
        case system
        /// Only these PEM certificates (tests with a self-signed server certificate).
        case pemCertificates(String)
    }

    /// The server's host name or IP address.
    public var host: String
    /// The server's port.
    public var port: Int
    /// How the connection is encrypted.
    public var security: Security
    /// The user name for AUTH, if any.
    public var username: String?
    /// The password for AUTH, if any: never logged, never in an error.
    public var password: String?
    /// Which certificates TLS trusts; `.system` unless a test says otherwise.
    public var trustRoots: TrustRoots
    /// How long connecting may take.
    public var connectTimeout: Duration
    /// How long to wait for each reply (RFC 5321 suggests minutes; 60 s fails sooner and is plenty for one message).
    public var replyTimeout: Duration
    /// The name the client gives in EHLO/HELO.
    public var clientName: String

    /// A server configuration; `trustRoots` other than `.system` are for tests.
    public init(
        host: String, port: Int, security: Security, username: String? = nil, password: String? = nil,
        trustRoots: TrustRoots = .system, connectTimeout: Duration = .seconds(10), replyTimeout: Duration = .seconds(60),
        clientName: String = SMTPServerConfiguration.defaultClientName()
    ) {
        self.host = host
        self.port = port
        self.security = security
        self.username = username
        self.password = password
        self.trustRoots = trustRoots
        self.connectTimeout = connectTimeout
        self.replyTimeout = replyTimeout
        self.clientName = clientName
    }

    /// Whether `host` is this machine (the only place `?tls=none` may point).
    public var isLoopback: Bool {
        ["localhost", "127.0.0.1", "::1", "[::1]"].contains(host.lowercased())
    }

    public var description: String {
        let scheme = security == .implicitTLS ? "smtps" : "smtp"
        let user = username.map { "\($0):***@" } ?? ""
        return "\(scheme)://\(user)\(host):\(port)"
    }

    /// This machine's name when it looks like a domain, otherwise `localhost`.
    public static func defaultClientName() -> String {
        let name = ProcessInfo.processInfo.hostName
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.".utf8)
        return name.contains(".") && name.utf8.allSatisfy(allowed.contains) ? name : "localhost"
    }
}
