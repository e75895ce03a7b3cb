public import AirFitCore
import Foundation
import Synchronization

/// Says why a running reply is being cancelled, before it is cancelled, so the engine stores the true reason with
/// the partial reply: the person's Stop, the page going away, or the server stopping.
///
/// The first reason given wins; a reply cancelled without one gets `fallback`.
public final class ReplySignal: Sendable {
    private let given = Mutex<ReplyInterruption?>(nil)
    private let fallback: ReplyInterruption

    /// A signal whose reply, if cancelled without a reason, was stopped for `fallback` (the terminal's Ctrl-C is the
    /// person's own stop; a page's request cancelled by the server means the page went away).
    public init(ifCancelled fallback: ReplyInterruption = .stoppedByYou) {
        self.fallback = fallback
    }

    /// Records why the reply is about to be cancelled (ignored when a reason was already given).
    public func interrupt(_ reason: ReplyInterruption) {
        given.withLock { if $0 == nil { $0 = reason } }
    }

    /// Why the reply was cancelled.
    public var interruption: ReplyInterruption {
        given.withLock { $0 } ?? fallback
    }
}

/// When a reply's text so far is written to the store while it streams, so a crash or kill loses at most this
/// much: after `bytes` more UTF-8 bytes or `interval` seconds (by the engine's clock), whichever comes first.
public struct PartialReplyPolicy: Sendable, Equatable {
    /// Bytes of new text that trigger a write.
    public var bytes: Int
    /// Seconds since the last write that trigger one (checked as text arrives).
    public var interval: Double

    /// A policy.
    public init(bytes: Int, interval: Double) {
        self.bytes = bytes
        self.interval = interval
    }

    /// 2 KB or 1 second.
    public static let standard = PartialReplyPolicy(bytes: 2048, interval: 1)
}

/// Counts text since the last store of a streaming reply and says when the next one is due.
struct PartialReplyProgress {
    let policy: PartialReplyPolicy
    private var pending = 0
    private var last: Date

    init(policy: PartialReplyPolicy, now: Date) {
        self.policy = policy
        last = now
    }

    /// Adds `bytes` of new text at `now`; true when the text so far should be stored now.
    mutating func arrived(_ bytes: Int, now: Date) -> Bool {
        pending += bytes
        guard pending >= policy.bytes || now.timeIntervalSince(last) >= policy.interval else { return false }
        pending = 0
        last = now
        return true
    }
}
