import AirFitAI
import AirFitCore
import Foundation
import Testing

@testable import AirFitCoach

/// A provider per id: each answers with its script and records that it was asked.
private final class RouteStreamer: ChatStreaming, @unchecked Sendable {
    enum Answer {
        case events([StreamEvent])
        case failFirst(ServiceError)
        case failAfter([StreamEvent], ServiceError)
    }

    private let lock = NSLock()
    private var answers: [AIProviderID: Answer]
    private var asked: [AIProviderID] = []
    let usage: UsageMeter?

    init(_ answers: [AIProviderID: Answer], usage: UsageMeter?) {
        self.answers = answers
        self.usage = usage
    }

    var calls: [AIProviderID] { lock.withLock { asked } }

    func stream(request: ChatRequest, provider: AIProviderID, key: String?, baseURL: String?) -> AsyncThrowingStream<StreamEvent, any Error>
    {
        let answer = lock.withLock {
            asked.append(provider)
            return answers[provider] ?? .events([.textDelta("?"), .finish(.stop)])
        }
        return AsyncThrowingStream { continuation in
            switch answer {
            case .events(let events):
                for event in events { continuation.yield(event) }
                continuation.finish()
            case .failFirst(let error):
                continuation.finish(throwing: error)
            case .failAfter(let events, let error):
                for event in events { continuation.yield(event) }
                continuation.finish(throwing: error)
            }
        }
    }
}

@Suite("Model routing: fallbacks, budgets and the usage ledger")
struct ModelRoutingTests {
    static let userID = UUID()
    static let answer: [StreamEvent] = [
        .textDelta("Lift "), .textDelta("today."), .usage(inputTokens: 40, outputTokens: 10),
        .usageDetails(cachedInputTokens: 30, reasoningTokens: 4), .finish(.stop),
    ]

    static func selection() -> CoachModelSelection {
        var primary = CoachModelSelection(provider: .openai, model: "gpt-test", key: "sk-one")
        primary.userID = userID
        primary.timeZone = TimeZone(identifier: "Europe/Berlin")
        var fallback = CoachModelSelection(provider: .anthropic, model: "claude-test", key: "sk-two")
        fallback.userID = userID
        primary.fallbacks = [fallback]
        return primary
    }

    static func meter(_ store: InMemoryStore, now: Date = Date(timeIntervalSince1970: 1_790_000_000)) -> UsageMeter {
        UsageMeter(ledger: store, plans: store, prices: .shipped, now: { now })
    }

    /// The member's ledger rows once `count` are written (they are written off the stream's path).
    static func records(_ store: InMemoryStore, count: Int) async throws -> [UsageRecord] {
        let month = UsageMonth.containing(Date(timeIntervalSince1970: 1_790_000_000), timeZone: TimeZone(identifier: "Europe/Berlin")!)
        for _ in 0..<400 {
            let rows = try await store.usageRecords(userID: userID, month: month, limit: 100)
            if rows.count >= count { return rows }
            try await Task.sleep(for: .milliseconds(5))
        }
        return try await store.usageRecords(userID: userID, month: month, limit: 100)
    }

    static func drain(_ routed: RoutedStream) async throws -> String {
        var text = ""
        while let event = try await routed.next() { if case .textDelta(let piece) = event { text += piece } }
        return text
    }

    static let request = ChatRequest(messages: [.user("What today?")])

    @Test(
        "A provider that is rate limited, failing or unreachable before its first byte hands the call to the next; both attempts are in the ledger",
        arguments: [
            ServiceError.rateLimitExceeded(retryAfter: nil), .providerError(code: "503", message: "overloaded"), .networkUnavailable,
            .timeout,
        ])
    func fallsBack(error: ServiceError) async throws {
        let store = InMemoryStore()
        let streamer = RouteStreamer([.openai: .failFirst(error), .anthropic: .events(Self.answer)], usage: Self.meter(store))
        let routed = try await Self.selection().open(Self.request, through: streamer, purpose: .chat)
        #expect(routed.served.provider == .anthropic && routed.served.attempt == 2 && routed.served.header == "anthropic/claude-test")
        #expect(routed.served.note?.hasPrefix("Answered by Anthropic") == true)
        #expect(try await Self.drain(routed) == "Lift today.")
        #expect(streamer.calls == [.openai, .anthropic])
        let rows = try await Self.records(store, count: 2).sorted { $0.attempt < $1.attempt }
        #expect(rows.map(\.outcome) == [.failed, .completed] && rows.map(\.provider) == ["openai", "anthropic"])
        #expect(rows[0].tokens.total == 0 && rows[1].tokens.input == 40 && rows[1].tokens.output == 10 && !rows[1].tokens.estimated)
        #expect(rows[1].tokens.cachedInput == 30 && rows[1].tokens.reasoning == 4, "\(rows[1].tokens)")
        #expect(rows.allSatisfy { $0.purpose == .chat })
    }

    @Test("After the first byte there is no fallback: the break reaches the caller, recorded as interrupted")
    func noFallbackAfterFirstByte() async throws {
        let store = InMemoryStore()
        let streamer = RouteStreamer(
            [.openai: .failAfter([.textDelta("Half")], .providerError(code: "503", message: "gone"))], usage: Self.meter(store))
        let routed = try await Self.selection().open(Self.request, through: streamer, purpose: .openAI)
        #expect(routed.served.attempt == 1 && routed.served.note == nil)
        await #expect(throws: ServiceError.self) { _ = try await Self.drain(routed) }
        #expect(streamer.calls == [.openai])
        let rows = try await Self.records(store, count: 1)
        #expect(rows.map(\.outcome) == [.interrupted] && rows[0].tokens.estimated && rows[0].purpose == .openAI)
    }

    @Test("A rejected key is the member's to fix: no fallback, the error is theirs")
    func noFallbackForKeys() async throws {
        let streamer = RouteStreamer([.openai: .failFirst(.authenticationFailed("bad key"))], usage: nil)
        await #expect(throws: ServiceError.self) { _ = try await Self.selection().open(Self.request, through: streamer, purpose: .chat) }
        #expect(streamer.calls == [.openai])
    }

    @Test("Over the month's budget a call is refused before any provider is asked, saying when it resets")
    func budgetRefuses() async throws {
        let store = InMemoryStore()
        let plan = UsagePlan(name: "Small", monthlyTokenBudget: 1_000, createdAt: Date(timeIntervalSince1970: 0))
        try await store.saveUsagePlan(plan)
        try await store.assignUsagePlan(plan.id, userID: Self.userID)
        let meter = Self.meter(store)
        _ = try await meter.record(
            userID: Self.userID, timeZone: TimeZone(identifier: "Europe/Berlin")!, purpose: .chat, provider: "openai", model: "gpt-test",
            tokens: TokenCounts(input: 900, output: 100), latencyMilliseconds: 5, outcome: .completed, settling: nil)
        let streamer = RouteStreamer([:], usage: meter)
        await #expect(throws: UsageBudgetError.self) {
            _ = try await Self.selection().open(Self.request, through: streamer, purpose: .chat)
        }
        #expect(streamer.calls.isEmpty)
    }

    @Test("Parallel calls at the edge of the budget never spend more than one reply past it")
    func parallelBudget() async throws {
        let store = InMemoryStore()
        let plan = UsagePlan(name: "Edge", monthlyTokenBudget: 5_000, createdAt: Date(timeIntervalSince1970: 0))
        try await store.saveUsagePlan(plan)
        try await store.assignUsagePlan(plan.id, userID: Self.userID)
        // Each reply reports 40 + 500 tokens and asks for at most 500 output tokens.
        let reply: [StreamEvent] = [.textDelta("ok"), .usage(inputTokens: 40, outputTokens: 500), .finish(.stop)]
        let streamer = RouteStreamer([.openai: .events(reply)], usage: Self.meter(store))
        let selection = {
            var only = Self.selection()
            only.fallbacks = []
            return only
        }()
        let request = ChatRequest(messages: [.user("go")], maxTokens: 500)
        let admitted = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<30 {
                group.addTask {
                    guard let routed = try? await selection.open(request, through: streamer, purpose: .openAI) else { return false }
                    _ = try? await Self.drain(routed)
                    return true
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        let rows = try await Self.records(store, count: admitted)
        let spent = rows.reduce(0) { $0 + $1.tokens.total }
        #expect(admitted >= 1 && admitted < 30)
        #expect(spent <= 5_000 + 540, "spent \(spent) with \(admitted) admitted")
    }
}
