public import Foundation

/// Why an email could not be rendered, configured or delivered, worded for the person who has to act on it.
///
/// No case ever carries the SMTP password, a message body, a link or a full recipient address: server replies are
/// redacted (see `SMTPReply.redacted`) before they get here.
public enum MailError: Error, LocalizedError, Sendable, Hashable {
    /// An environment variable holds something unusable; `reason` never repeats the value.
    case invalidConfiguration(variable: String, reason: String)
    /// The sender's or recipient's address cannot be used (`role` is "sender" or "recipient").
    case invalidAddress(role: String)
    /// A header value contains a line break, which would let it add headers of its own.
    case headerInjection(field: String)
    /// The server could not be reached: refused, unresolvable, reset.
    case connectionFailed(host: String, reason: String)
    /// The server did not answer in time.
    case timedOut(host: String, stage: String)
    /// Credentials are configured but the server does not offer STARTTLS, so they would travel in the clear.
    case tlsUnavailable(host: String)
    /// The TLS handshake failed (often a certificate that does not match the host or is not trusted).
    case tlsFailed(host: String, reason: String)
    /// Credentials are configured but the server offers neither AUTH PLAIN nor AUTH LOGIN.
    case authenticationUnsupported(host: String)
    /// The server turned the user name and password down.
    case authenticationFailed(host: String, code: Int, reply: String)
    /// The server answered a command with an error reply (`code` 4xx: try later; 5xx: it will not work as is).
    case rejected(stage: String, code: Int, reply: String)
    /// The server broke the protocol (an unreadable or oversized reply, data where none belongs).
    case protocolViolation(host: String, detail: String)
    /// The file outbox could not be written or read.
    case outboxFailed(path: String, reason: String)

    /// Whether trying the same message again later may work: connection problems, time-outs and 4xx replies.
    public var isTransient: Bool {
        switch self {
        case .connectionFailed, .timedOut: true
        case .rejected(_, let code, _), .authenticationFailed(_, let code, _): (400..<500).contains(code)
        default: false
        }
    }

    public var errorDescription: String? {
        switch self {
        case .invalidConfiguration(let variable, let reason):
            "\(variable) \(reason)."
        case .invalidAddress(let role):
            "The \(role) address is not a usable email address (it needs one @, a domain, and no spaces or special characters)."
        case .headerInjection(let field):
            "The \(field) of the email contains a line break, which is not allowed in a header."
        case .connectionFailed(let host, let reason):
            "Could not connect to the mail server \(host): \(reason)."
        case .timedOut(let host, let stage):
            "The mail server \(host) did not answer in time (\(stage))."
        case .tlsUnavailable(let host):
            "The mail server \(host) does not offer STARTTLS, so the password would be sent unencrypted; the email was not sent."
        case .tlsFailed(let host, let reason):
            "Could not set up an encrypted connection to the mail server \(host): \(reason)."
        case .authenticationUnsupported(let host):
            "The mail server \(host) offers no sign-in method AirFit supports (AUTH PLAIN or LOGIN)."
        case .authenticationFailed(let host, let code, let reply):
            "The mail server \(host) did not accept the user name and password (\(code) \(reply))."
        case .rejected(let stage, let code, let reply):
            "The mail server refused \(stage) (\(code) \(reply))."
        case .protocolViolation(let host, let detail):
            "The mail server \(host) sent something AirFit could not understand (\(detail))."
        case .outboxFailed(let path, let reason):
            "Could not use the mail outbox at \(path): \(reason)."
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .invalidConfiguration(let variable, _):
            "Fix \(variable) (for example smtps://user:password@smtp.example.com:465, with special characters in the user "
                + "name or password percent-encoded), or unset it to write emails to the outbox folder instead."
        case .invalidAddress, .headerInjection:
            "Check the address or text the email was built from."
        case .connectionFailed, .timedOut:
            "Check the host and port in AIRFIT_SMTP_URL and the network; the email can be sent again later."
        case .tlsUnavailable:
            "Use smtps:// (port 465) or a server that offers STARTTLS on port 587."
        case .tlsFailed:
            "Check that the host in AIRFIT_SMTP_URL is the name on the server's certificate and that the certificate is valid."
        case .authenticationUnsupported, .authenticationFailed:
            "Check the user name and password in AIRFIT_SMTP_URL (percent-encode special characters)."
        case .rejected(_, let code, _):
            (400..<500).contains(code)
                ? "The server asked to try again later."
                : "Check the sender (AIRFIT_MAIL_FROM) and the recipient address; the server will not accept this message as it is."
        case .protocolViolation:
            "Check that AIRFIT_SMTP_URL points at an SMTP server (smtps:// for port 465, smtp:// for 587 or 25)."
        case .outboxFailed:
            "Check that the data folder exists and is writable by the user running AirFit."
        }
    }

    /// The description and the suggestion together, for one-line outputs such as the CLI.
    public var fullMessage: String {
        [errorDescription, recoverySuggestion].compactMap { $0 }.joined(separator: " ")
    }
}
