import Foundation

/// Timestamps for the messages of one reply, strictly increasing by at least a millisecond, so a conversation
/// read back "oldest first" is always in the order it happened, even when several messages land in the same instant.
final class MessageClock: @unchecked Sendable {
    private let lock = NSLock()
    private let now: @Sendable () -> Date
    private var last: Date?

    /// Creates a clock; `after` is the newest timestamp already stored in the conversation.
    init(now: @escaping @Sendable () -> Date, after: Date? = nil) {
        self.now = now
        self.last = after
    }

    /// The next timestamp: now, or a millisecond after the previous one when the clock has not moved on.
    func next() -> Date {
        lock.withLock {
            var date = now()
            if let last, date <= last { date = last.addingTimeInterval(0.001) }
            last = date
            return date
        }
    }
}
