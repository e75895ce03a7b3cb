public import Foundation

/// A message waiting in the send queue, with how often sending it has failed so far.
public struct QueuedMail: Sendable, Hashable, Identifiable {
    /// The queue's own id for this message.
    public let id: UUID
    /// The message itself.
    public let message: MailMessage
    /// When it was put in the queue.
    public let enqueuedAt: Date
    /// How many attempts to send it have failed.
    public var failedAttempts: Int
    /// The earliest time the next attempt may be made.
    public var nextAttemptAt: Date

    /// A queued message, as stored.
    public init(id: UUID = UUID(), message: MailMessage, enqueuedAt: Date, failedAttempts: Int = 0, nextAttemptAt: Date) {
        self.id = id
        self.message = message
        self.enqueuedAt = enqueuedAt
        self.failedAttempts = failedAttempts
        self.nextAttemptAt = nextAttemptAt
    }
}

/// The persisted send queue: a message is stored before anyone is told it was sent, so a crash never loses it.
///
/// A row lives only until the message is delivered or given up on: it holds links and tokens, so nothing keeps it
/// longer, and no export contains it.
public protocol MailQueueRepository: Sendable {
    /// Stores `message`, due at once (`now`), and returns it as queued.
    func enqueueMail(_ message: MailMessage, now: Date) async throws -> QueuedMail
    /// The messages whose next attempt is at or before `now`, the longest waiting first, at most `limit`.
    func dueMail(now: Date, limit: Int) async throws -> [QueuedMail]
    /// The earliest next-attempt time of any queued message, or `nil` when the queue is empty.
    func nextMailAttempt() async throws -> Date?
    /// Records a failed attempt: the message now has `failedAttempts` failures and waits until `nextAttemptAt`.
    func recordMailFailure(id: UUID, failedAttempts: Int, nextAttemptAt: Date) async throws
    /// Removes the message (sent, or given up on); removing one that is not there does nothing.
    func removeMail(id: UUID) async throws
    /// Removes every message still waiting for `address` (compared without case); returns how many there were.
    /// For deleting a person: mail not yet sent to them is not sent afterwards.
    func removeMail(to address: String) async throws -> Int
}

/// When to try again after a failed send, and when to stop trying.
public struct MailRetryPolicy: Sendable, Hashable {
    /// The waits after the first, second, … failure; after one more failure than there are waits, the message is
    /// given up on.
    public var delays: [Duration]

    /// 30 s, 2 min, 10 min, 1 h, 6 h: six attempts over about seven and a half hours.
    public static let standard = MailRetryPolicy(delays: [.seconds(30), .seconds(120), .seconds(600), .seconds(3600), .seconds(21_600)])

    /// A policy with these waits.
    public init(delays: [Duration]) {
        self.delays = delays
    }

    /// How many attempts are made in all before giving up.
    public var maximumAttempts: Int { delays.count + 1 }

    /// The wait after the `failedAttempts`-th failure, or `nil` when that failure was the last attempt.
    public func delay(afterFailures failedAttempts: Int) -> Duration? {
        guard failedAttempts >= 1, failedAttempts <= delays.count else { return nil }
        return delays[failedAttempts - 1]
    }
}

/// A send queue in memory, for tests (messages do not survive the process).
public actor InMemoryMailQueue: MailQueueRepository {
    private var queued: [UUID: QueuedMail] = [:]
    private var order: [UUID] = []

    /// An empty queue.
    public init() {}

    /// Every queued message, oldest first.
    public var all: [QueuedMail] { order.compactMap { queued[$0] } }

    public func enqueueMail(_ message: MailMessage, now: Date) -> QueuedMail {
        let mail = QueuedMail(message: message, enqueuedAt: now, nextAttemptAt: now)
        queued[mail.id] = mail
        order.append(mail.id)
        return mail
    }

    public func dueMail(now: Date, limit: Int) -> [QueuedMail] {
        Array(all.filter { $0.nextAttemptAt <= now }.prefix(max(0, limit)))
    }

    public func nextMailAttempt() -> Date? {
        queued.values.map(\.nextAttemptAt).min()
    }

    public func recordMailFailure(id: UUID, failedAttempts: Int, nextAttemptAt: Date) {
        queued[id]?.failedAttempts = failedAttempts
        queued[id]?.nextAttemptAt = nextAttemptAt
    }

    public func removeMail(id: UUID) {
        queued[id] = nil
        order.removeAll { $0 == id }
    }

    public func removeMail(to address: String) -> Int {
        let recipient = address.trimmingCharacters(in: .whitespaces).lowercased()
        let gone = all.filter { $0.message.to.address.lowercased() == recipient }.map(\.id)
        for id in gone { removeMail(id: id) }
        return gone.count
    }
}
