public import AirFitCore
internal import Foundation
public import Logging

/// How AirFit sends email, read from the environment: SMTP when `AIRFIT_SMTP_URL` is set, otherwise files in
/// `<data dir>/outbox`.
public struct MailConfiguration: Sendable, Hashable {
    /// The variable holding the SMTP server's URL.
    public static let urlVariable = "AIRFIT_SMTP_URL"
    /// The variable holding the sender, `Name <address>` or a bare address.
    public static let fromVariable = "AIRFIT_MAIL_FROM"
    /// The sender used when `AIRFIT_MAIL_FROM` is unset and no SMTP server is configured.
    public static let defaultFrom = MailAddress("airfit@localhost", displayName: "AirFit")

    /// Where mail goes.
    public enum Transport: Sendable, Hashable {
        /// To this SMTP server.
        case smtp(SMTPServerConfiguration)
        /// Into `.eml` files in this folder.
        case outbox(directory: String)
    }

    /// Where mail goes.
    public var transport: Transport
    /// Who mail is from.
    public var from: MailAddress

    /// A configuration given in full.
    public init(transport: Transport, from: MailAddress) {
        self.transport = transport
        self.from = from
    }

    /// Reads `AIRFIT_SMTP_URL` and `AIRFIT_MAIL_FROM`; with no URL, the outbox under `dataDirectory`.
    /// - Throws: `MailError.invalidConfiguration` naming the variable, never repeating the password.
    public static func fromEnvironment(_ environment: [String: String], dataDirectory: String) throws(MailError) -> MailConfiguration {
        let url = environment[urlVariable].map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let fromValue = environment[fromVariable].map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let from: MailAddress
        if fromValue.isEmpty {
            guard url.isEmpty else {
                throw .invalidConfiguration(
                    variable: fromVariable, reason: "must be set when \(urlVariable) is (for example AirFit <coach@example.com>)")
            }
            from = defaultFrom
        } else {
            from = try parseMailbox(fromValue)
        }
        if url.isEmpty {
            return MailConfiguration(
                transport: .outbox(directory: (dataDirectory as NSString).appendingPathComponent("outbox")), from: from)
        }
        return MailConfiguration(transport: .smtp(try parseURL(url)), from: from)
    }

    /// The sender this configuration describes: an `SMTPClient` or a `FileOutbox`.
    public func makeSender(logger: Logger) -> any MailSending {
        switch transport {
        case .smtp(let server): SMTPClient(server: server, logger: logger)
        case .outbox(let directory): FileOutbox(directory: directory, logger: logger)
        }
    }

    /// `smtp://user:pass@host:587`, `smtps://user:pass@host:465`, `smtp://localhost:1025?tls=none`.
    public static func parseURL(_ value: String) throws(MailError) -> SMTPServerConfiguration {
        func invalid(_ reason: String) -> MailError { .invalidConfiguration(variable: urlVariable, reason: reason) }
        let lowered = value.lowercased()
        guard lowered.hasPrefix("smtp://") || lowered.hasPrefix("smtps://") else {
            throw invalid("must start with smtp:// or smtps://")
        }
        guard !value.contains(where: \.isWhitespace), let components = URLComponents(string: value) else {
            throw invalid("is not a valid URL (percent-encode special characters such as @, : or / in the user name and password)")
        }
        guard let host = components.host, !host.isEmpty else { throw invalid("has no host name") }
        let implicitTLS = components.scheme?.lowercased() == "smtps"
        if let port = components.port, !(1...65535).contains(port) { throw invalid("has a port outside 1 to 65535") }
        guard components.path.isEmpty || components.path == "/" else { throw invalid("must not have a path after the port") }
        let username = components.percentEncodedUser.map { $0.removingPercentEncoding ?? $0 }
        let password = components.percentEncodedPassword.map { $0.removingPercentEncoding ?? $0 }
        if (username ?? "").isEmpty != (password ?? "").isEmpty {
            throw invalid("has a user name without a password or a password without a user name")
        }
        let hasCredentials = !(username ?? "").isEmpty
        var security: SMTPServerConfiguration.Security = implicitTLS ? .implicitTLS : .startTLS(required: hasCredentials)
        for item in components.queryItems ?? [] {
            switch (item.name.lowercased(), item.value?.lowercased()) {
            case ("tls", "none"):
                guard !implicitTLS else { throw invalid("cannot combine smtps:// with tls=none") }
                security = .none
            case ("tls", "starttls"):
                guard !implicitTLS else { throw invalid("cannot combine smtps:// with tls=starttls") }
                security = .startTLS(required: true)
            case ("tls", _):
                throw invalid("has a tls option other than none or starttls")
            default:
                throw invalid("has an unknown option (only tls=none or tls=starttls are understood)")
            }
        }
        var server = SMTPServerConfiguration(
            host: host, port: components.port ?? (implicitTLS ? 465 : 587), security: security,
            username: hasCredentials ? username : nil, password: hasCredentials ? password : nil)
        if security == .none && !server.isLoopback {
            throw invalid("may use tls=none only for a server on this machine (localhost or 127.0.0.1)")
        }
        server.host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        return server
    }

    /// `AirFit <coach@example.com>` or `coach@example.com`.
    static func parseMailbox(_ value: String) throws(MailError) -> MailAddress {
        let invalid = MailError.invalidConfiguration(
            variable: fromVariable, reason: "is not an email address (write coach@example.com or AirFit <coach@example.com>)")
        let address: MailAddress
        if let open = value.lastIndex(of: "<"), value.hasSuffix(">") {
            var name = value[..<open].trimmingCharacters(in: .whitespaces)
            if name.hasPrefix("\""), name.hasSuffix("\""), name.count >= 2 { name = String(name.dropFirst().dropLast()) }
            address = MailAddress(
                String(value[value.index(after: open)..<value.index(before: value.endIndex)]), displayName: name.isEmpty ? nil : name)
        } else {
            address = MailAddress(value)
        }
        do {
            try MailRenderer.validate(address, field: "From", role: "sender")
        } catch {
            throw invalid
        }
        if let name = address.displayName, name.contains(where: { $0 == "\r" || $0 == "\n" }) { throw invalid }
        return address
    }
}
