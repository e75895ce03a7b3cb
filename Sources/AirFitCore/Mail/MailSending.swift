/// Delivers email: by SMTP, into a file outbox, or into memory for tests.
///
/// Rules for every implementation: `send` returns only once the message is accepted (by the server, the file
/// system, the array); errors and logs never contain the body, a password or a link, and name the recipient
/// by domain only.
public protocol MailSending: Sendable {
    /// Delivers `message`, or throws why it could not.
    func send(_ message: MailMessage) async throws
}

/// Keeps every message sent, for tests of features that send mail.
public actor InMemoryMailSender: MailSending {
    /// The messages sent so far, oldest first.
    public private(set) var sent: [MailMessage] = []
    private var failure: (any Error)?

    /// An empty outbox that accepts everything.
    public init() {}

    public func send(_ message: MailMessage) async throws {
        if let failure { throw failure }
        sent.append(message)
    }

    /// Makes every later `send` throw `error` (or accept again when `nil`), to test how a feature copes.
    public func failSends(with error: (any Error)?) {
        failure = error
    }

    /// The messages sent to `address` (compared without case), oldest first.
    public func messages(to address: String) -> [MailMessage] {
        sent.filter { $0.to.address.lowercased() == address.lowercased() }
    }
}
