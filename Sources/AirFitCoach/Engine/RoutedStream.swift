public import AirFitAI
public import AirFitCore
import Foundation
import Synchronization

/// A model call on its way: which provider answered (``ServedRoute``) and its events, read one at a time by one
/// consumer. When the call ends — finished, failed, or abandoned by its consumer — its usage is recorded in the
/// member's ledger by a separate task, so no event ever waits for the ledger.
public final class RoutedStream: @unchecked Sendable {
    /// Who answered.
    public let served: ServedRoute
    private var pending: StreamEvent?
    private var iterator: AsyncThrowingStream<StreamEvent, any Error>.AsyncIterator
    private var accounting: UsageAccounting?
    private var inputTokens: Int?
    private var outputTokens: Int?
    private var cachedInputTokens = 0
    private var reasoningTokens = 0
    private var outputCharacters = 0
    private var sawError = false
    private var settled = false

    init(
        served: ServedRoute, first: StreamEvent?, iterator: AsyncThrowingStream<StreamEvent, any Error>.AsyncIterator,
        accounting: UsageAccounting?
    ) {
        self.served = served
        self.iterator = iterator
        self.accounting = accounting
        ModelMetrics.started(served.provider)
        if let first {
            pending = first
        } else {
            settle(.completed)
        }
    }

    /// The next event, or nil at the end.
    /// - Throws: the provider's ``ServiceError`` (or cancellation) when the stream breaks off.
    public func next() async throws -> StreamEvent? {
        if let event = pending {
            pending = nil
            observe(event)
            return event
        }
        do {
            guard let event = try await iterator.next() else {
                settle(sawError ? .interrupted : .completed)
                return nil
            }
            observe(event)
            return event
        } catch {
            settle(Task.isCancelled || error is CancellationError ? .cancelled : .interrupted)
            throw error
        }
    }

    /// The events as a stream (for consumers that iterate with `for try await`); ending it early stops the call.
    public func events() -> AsyncThrowingStream<StreamEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: StreamEvent.self)
        let task = Task {
            do {
                while let event = try await self.next() { continuation.yield(event) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    deinit {
        // A consumer that stopped reading (a person who left, a reply cut at its limit) ends the call.
        if !settled { settle(.cancelled) }
    }

    private func observe(_ event: StreamEvent) {
        switch event {
        case .textDelta(let text), .refusalDelta(let text), .reasoningDelta(let text): outputCharacters += text.utf8.count
        case .toolCallArgumentsDelta(_, let fragment): outputCharacters += fragment.utf8.count
        case .usage(let input, let output):
            inputTokens = input ?? inputTokens
            outputTokens = output ?? outputTokens
        case .usageDetails(let cached, let reasoning):
            cachedInputTokens = cached ?? cachedInputTokens
            reasoningTokens = reasoning ?? reasoningTokens
        case .error: sawError = true
        default: break
        }
    }

    /// Records the call once, off the consumer's path.
    private func settle(_ outcome: UsageOutcome) {
        guard !settled else { return }
        settled = true
        ModelMetrics.ended(served.provider, input: inputTokens ?? 0, output: outputTokens ?? 0)
        guard let accounting else { return }
        self.accounting = nil
        let tokens: TokenCounts
        if let inputTokens, let outputTokens {
            tokens = TokenCounts(input: inputTokens, output: outputTokens, cachedInput: cachedInputTokens, reasoning: reasoningTokens)
        } else {
            let estimate = TokenCounts.estimate(inputCharacters: accounting.inputCharacters, outputCharacters: outputCharacters)
            tokens = TokenCounts(
                input: inputTokens ?? estimate.input, output: outputTokens ?? estimate.output, estimated: true)
        }
        accounting.record(provider: served.provider, model: served.model, attempt: served.attempt, tokens: tokens, outcome: outcome)
    }
}

/// What one model call records, and where: the member, the meter, the purpose, its reservation and its start.
struct UsageAccounting: Sendable {
    let meter: UsageMeter
    let userID: UUID
    let timeZone: TimeZone
    let purpose: UsagePurpose
    let reservation: UsageReservation?
    let inputCharacters: Int
    private(set) var started: ContinuousClock.Instant

    /// The same accounting for an attempt that began at `instant` (its latency is measured from there).
    func started(at instant: ContinuousClock.Instant) -> UsageAccounting {
        var copy = self
        copy.started = instant
        return copy
    }

    /// Writes one ledger row in a task of its own (settling the reservation when `settles`); a failed write is dropped,
    /// it never fails the call.
    func record(
        provider: AIProviderID, model: String, attempt: Int, tokens: TokenCounts, outcome: UsageOutcome, settles: Bool = true
    ) {
        let elapsed = ContinuousClock.now - started
        let milliseconds = Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
        let (meter, userID, timeZone, purpose, reservation) = (meter, userID, timeZone, purpose, settles ? reservation : nil)
        UsageWrites.shared.start {
            _ = try? await meter.record(
                userID: userID, timeZone: timeZone, purpose: purpose, provider: provider.rawValue, model: model, tokens: tokens,
                latencyMilliseconds: milliseconds, outcome: outcome, attempt: attempt, settling: reservation)
        }
    }
}

/// Ledger writes still under way, so a process about to exit (a CLI command) can let them land first.
public final class UsageWrites: Sendable {
    /// The process's writes.
    public static let shared = UsageWrites()
    private let pending = Mutex<[UUID: Task<Void, Never>]>([:])

    /// Runs `write` in a task of its own, kept until it ends.
    func start(_ write: @escaping @Sendable () async -> Void) {
        let id = UUID()
        // Inserted under the lock before the task can finish and remove itself.
        pending.withLock { tasks in
            tasks[id] = Task.detached {
                await write()
                self.pending.withLock { _ = $0.removeValue(forKey: id) }
            }
        }
    }

    /// Waits for every write started so far.
    public func drain() async {
        for task in pending.withLock({ Array($0.values) }) { await task.value }
    }
}
