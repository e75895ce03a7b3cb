import AirFitAI
public import AirFitCore
public import Foundation

/// The coach's conversation engine: builds the persona's system prompt, sends the recent history and the new
/// message to the person's provider, streams the reply, runs the tools the model calls (a bounded loop) and
/// stores every message — a reply cut short is stored marked incomplete with what arrived.
public struct CoachEngine: Sendable {
    /// Conversation turns (a person's message and everything after it) sent as history.
    public static let historyTurns = 20
    /// Tool rounds per reply; after this the model is asked to answer without tools.
    public static let maxToolRounds = 5
    /// The longest message a person may send, in characters.
    public static let maxMessageLength = ArchiveLimits.maximumMessageLength

    let repository: any AirFitRepository
    let vault: any SecretVault
    let streamer: any ChatStreaming
    let tools: ToolRegistry
    let weather: (any CoachWeatherSource)?
    let now: @Sendable () -> Date
    let partialReplies: PartialReplyPolicy
    let plan: PlanCoordinator?

    /// Creates an engine.
    /// - Parameters:
    ///   - partialReplies: how often a streaming reply's text so far is stored.
    ///   - plan: the training plan's loop the tools use (analysis after `logWorkout`, `proposePlanChange`).
    public init(
        repository: any AirFitRepository, vault: any SecretVault, streamer: any ChatStreaming, tools: ToolRegistry = .standard,
        weather: (any CoachWeatherSource)? = nil, now: @escaping @Sendable () -> Date = { Date() },
        partialReplies: PartialReplyPolicy = .standard, plan: PlanCoordinator? = nil
    ) {
        self.repository = repository
        self.vault = vault
        self.streamer = streamer
        self.tools = tools
        self.weather = weather
        self.now = now
        self.partialReplies = partialReplies
        self.plan = plan
    }

    /// Answers `text` in `conversationID` for `user`, as a stream of events.
    ///
    /// The provider is resolved first; when none is usable the stream throws ``CoachError`` before anything is
    /// stored. Cancelling the consumer cancels the upstream request and stores the partial reply as incomplete.
    public func reply(to text: String, conversationID: UUID, user: User) -> AsyncThrowingStream<CoachEvent, any Error> {
        Self.stream { emit in try await reply(to: text, conversationID: conversationID, user: user, emit: emit) }
    }

    /// Answers `text` in the calling task, handing each event to `emit`.
    ///
    /// Cancelling the calling task stops the reply; this returns only after the partial reply is stored, so a
    /// caller that cancels and then awaits the task knows the conversation is settled. The reason stored is the one
    /// `signal` was given before the cancel.
    public func reply(
        to text: String, conversationID: UUID, user: User, signal: ReplySignal = ReplySignal(),
        emit: @Sendable (CoachEvent) -> Void
    ) async throws {
        try await run(text, conversationID: conversationID, user: user, signal: signal, emit: emit)
    }

    /// Answers the conversation's last message again, after a reply broke off; nothing new is stored for the person.
    /// - Throws: ``CoachError/invalidMessage(_:)`` when the conversation does not end with the person's message.
    public func retry(conversationID: UUID, user: User) -> AsyncThrowingStream<CoachEvent, any Error> {
        Self.stream { emit in try await retry(conversationID: conversationID, user: user, emit: emit) }
    }

    /// Retries in the calling task, handing each event to `emit` (see ``reply(to:conversationID:user:signal:emit:)``).
    public func retry(
        conversationID: UUID, user: User, signal: ReplySignal = ReplySignal(), emit: @Sendable (CoachEvent) -> Void
    ) async throws {
        let history = try await repository.messages(conversationID: conversationID, userID: user.id, last: Self.historyTurns * 8)
        let conversation = CoachHistory.window(history, turns: Self.historyTurns)
        guard case .user = conversation.last else {
            throw CoachError.invalidMessage("There is no unanswered message to retry.")
        }
        let selection = try await CoachModelSelection.resolve(user: user, vault: vault)
        let clock = MessageClock(now: now, after: history.last?.createdAt)
        let asked = history.filter { $0.role == .user }.map(\.id)
        let reply = Reply(
            selection: selection, conversationID: conversationID, user: user, clock: clock, signal: signal,
            turn: ToolTurn(current: asked.last, earlier: Array(asked.dropLast())))
        try await respond(conversation, reply, emit: emit)
    }

    /// Runs `body` in a task whose events form the returned stream; ending the stream cancels the task.
    private static func stream(
        _ body: @escaping @Sendable (@escaping @Sendable (CoachEvent) -> Void) async throws -> Void
    ) -> AsyncThrowingStream<CoachEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: CoachEvent.self)
        let task = Task {
            do {
                try await body { continuation.yield($0) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// The system prompt the coach would use for `user` now.
    public func systemPrompt(for user: User) async throws -> SystemPrompt {
        let persona = try await repository.onboardingProfile(userID: user.id)?.persona() ?? CoachDefaults.persona
        let context = await CoachContextBuilder(repository: repository, weather: weather).context(
            for: user, now: now(), tools: tools.promptDescriptions)
        return try SystemPromptBuilder().build(user: user, persona: persona, context: context)
    }

    /// A person's message as it is stored: control characters removed, trimmed.
    /// - Throws: ``CoachError/invalidMessage(_:)`` when it is empty or longer than ``maxMessageLength``.
    public static func checkedMessage(_ text: String) throws(CoachError) -> String {
        let trimmed = TextInput.clean(text).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw CoachError.invalidMessage("Write a message first.") }
        guard trimmed.count <= maxMessageLength else {
            throw CoachError.invalidMessage("That message is too long; keep it under \(maxMessageLength) characters.")
        }
        return trimmed
    }

    private func run(
        _ text: String, conversationID: UUID, user: User, signal: ReplySignal, emit: @Sendable (CoachEvent) -> Void
    ) async throws {
        let trimmed = try Self.checkedMessage(text)
        let selection = try await CoachModelSelection.resolve(user: user, vault: vault)
        let history = try await repository.messages(conversationID: conversationID, userID: user.id, last: Self.historyTurns * 8)
        let clock = MessageClock(now: now, after: history.last?.createdAt)
        let userMessage = CoachMessage(
            userID: user.id, conversationID: conversationID, role: .user, content: trimmed, createdAt: clock.next())
        try await repository.appendMessage(userMessage)
        emit(.userMessage(userMessage))
        let conversation = CoachHistory.window(history, turns: Self.historyTurns - 1) + [.user(trimmed)]
        let turn = ToolTurn(current: userMessage.id, earlier: history.filter { $0.role == .user }.map(\.id))
        let reply = Reply(selection: selection, conversationID: conversationID, user: user, clock: clock, signal: signal, turn: turn)
        try await respond(conversation, reply, emit: emit)
    }

    /// What one reply runs with.
    private struct Reply {
        let selection: CoachModelSelection
        let conversationID: UUID
        let user: User
        let clock: MessageClock
        let signal: ReplySignal
        let turn: ToolTurn
    }

    /// Runs the model and tool loop on `conversation` (which ends with the person's message).
    private func respond(_ conversation: [ChatMessage], _ reply: Reply, emit: @Sendable (CoachEvent) -> Void) async throws {
        let (selection, conversationID, user, clock) = (reply.selection, reply.conversationID, reply.user, reply.clock)
        var conversation = conversation
        let prompt = try await systemPrompt(for: user)
        // Tools that read what the person keeps out of requests are not offered.
        let withheld = CoachContextPolicy(user: user).withheldTools
        let definitions = try tools.definitions.filter { !withheld.contains($0.name) }.map(ToolDefinitionBridge.definition)
        let context = ToolContext(user: user, repository: repository, weather: weather, now: now(), turn: reply.turn, plan: plan)
        for round in 0...Self.maxToolRounds {
            let offerTools = round < Self.maxToolRounds
            let request = selection.request(
                systemPrompt: prompt.text, messages: conversation, tools: offerTools ? definitions : [])
            let step = try await stream(request, reply, createdAt: clock.next(), emit: emit)
            guard case .toolCalls(let message, let calls) = step else { return }
            conversation.append(.assistant(text: message.content, toolCalls: calls))
            for call in calls {
                emit(.toolStarted(callID: call.id, name: call.name))
                let outcome = await tools.dispatch(name: call.name, argumentsJSON: call.argumentsJSON, context: context)
                try await repository.appendMessage(
                    CoachMessage(
                        userID: user.id, conversationID: conversationID, role: .tool, content: outcome.resultJSON,
                        toolCallID: call.id, card: outcome.card, createdAt: clock.next()))
                emit(
                    .toolFinished(
                        callID: call.id, name: call.name, card: outcome.card, isError: outcome.isError, resultJSON: outcome.resultJSON))
                conversation.append(.toolResult(callID: call.id, name: call.name, content: outcome.resultJSON))
            }
        }
    }

    /// How one model call ended.
    private enum Step {
        case answered
        case toolCalls(CoachMessage, [ToolCall])
    }

    /// Streams one model call into a stored assistant message.
    ///
    /// The message is stored first as incomplete ("still being written"), so even a crash leaves an honest record;
    /// the text so far is stored as it arrives (``PartialReplyPolicy``), and the message updated once the stream ends.
    private func stream(
        _ request: ChatRequest, _ reply: Reply, createdAt: Date, emit: @Sendable (CoachEvent) -> Void
    ) async throws -> Step {
        let selection = reply.selection
        var message = CoachMessage(
            userID: reply.user.id, conversationID: reply.conversationID, role: .assistant, content: "",
            model: selection.resolvedModel, isComplete: false, incompleteReason: ReplyInterruption.stillWriting, createdAt: createdAt)
        try await repository.appendMessage(message)
        var summary = StreamSummary()
        var failure: String?
        var received = 0
        var progress = PartialReplyProgress(policy: partialReplies, now: now())
        do {
            let routed = try await selection.open(request, through: streamer, purpose: .chat, log: repository, now: now())
            message.model = routed.served.model
            if routed.served.attempt > 1 { emit(.servedBy(routed.served)) }
            while let event = try await routed.next() {
                if case .textDelta(let piece) = event {
                    // A reply is stored up to a bound far below the stream limit; past it the request is cancelled
                    // (leaving the loop ends the stream) and the reply kept, marked cut.
                    received += piece.utf8.count
                    if received > StoredReply.maximumBytes {
                        failure = StoredReply.cutReason
                        break
                    }
                    emit(.textDelta(piece))
                }
                summary.add(event)
                if case .textDelta(let piece) = event, progress.arrived(piece.utf8.count, now: now()) {
                    message.content = summary.text
                    // Best effort: a failed intermediate write must not end the reply; the final write follows.
                    try? await repository.updateMessage(message)
                }
            }
            if failure == nil { try Task.checkCancellation() }
        } catch {
            failure = Self.reason(for: error, selection: selection, signal: reply.signal)
        }
        if failure == nil, let streamError = summary.error {
            failure = "\(Self.providerName(selection)) reported an error: \(streamError.message)"
        }
        let calls = failure == nil ? Self.toolCalls(summary) : []
        message.content = summary.text.isEmpty ? (summary.refusal ?? "") : summary.text
        message.inputTokens = summary.inputTokens
        message.outputTokens = summary.outputTokens
        message.toolCalls = calls.map { ToolCallRecord(id: $0.id, name: $0.name, argumentsJSON: $0.argumentsJSON) }
        message.isComplete = failure == nil
        message.incompleteReason = failure
        // The update must land even when the consumer went away (the stop button cancels this task).
        try await Task { [repository, message] in try await repository.updateMessage(message) }.value
        if let failure {
            emit(.incomplete(message, reason: failure))
            return .answered
        }
        if calls.isEmpty {
            emit(.finished(message))
            return .answered
        }
        return .toolCalls(message, calls)
    }

    private static func toolCalls(_ summary: StreamSummary) -> [ToolCall] {
        summary.toolCalls.enumerated().map { position, call in
            ToolCall(id: call.id ?? "call_\(position)", name: call.name, argumentsJSON: call.argumentsJSON)
        }
    }

    /// Why a stream to `selection`'s provider ended early, for the person: a cancel with the reason `signal` was
    /// given; an unreachable, slow or failing provider named with its host and what to check.
    static func reason(for error: any Error, selection: CoachModelSelection, signal: ReplySignal) -> String {
        if error is CancellationError { return signal.interruption.reason }
        guard let error = error as? ServiceError else { return reason(for: error) }
        let name = providerName(selection)
        switch error {
        case .cancelled: return signal.interruption.reason
        case .networkUnavailable:
            return "\(name) could not be reached. Check that the base URL in Settings → AI provider is right and that the "
                + "server is running and reachable from this one, then retry."
        case .timeout:
            return "\(name) did not answer in time. Retry; if it keeps happening, check that the server is not overloaded."
        case .providerError(_, let message): return "\(name) reported an error: \(message)"
        case .streamingError(let detail): return "The connection to \(name) broke during the reply (\(detail)). Retry."
        case .authenticationFailed(let detail):
            return "\(name) refused the API key (\(detail)). Check the key in Settings → AI provider."
        default: return reason(for: error)
        }
    }

    /// "OpenAI (api.openai.com)": the provider's name and the host its requests go to.
    static func providerName(_ selection: CoachModelSelection) -> String {
        let info = AIProviderCatalog.info(selection.provider)
        let address = selection.baseURL ?? info.baseURL
        let host = URLComponents(string: address)?.host.map { host in
            URLComponents(string: address)?.port.map { "\(host):\($0)" } ?? host
        }
        return host.map { "\(info.displayName) (\($0))" } ?? info.displayName
    }

    /// Why a stream ended early, for the person.
    public static func reason(for error: any Error) -> String {
        if error is CancellationError { return "You stopped the reply." }
        if let error = error as? ServiceError {
            if case .cancelled = error { return "You stopped the reply." }
            return error.errorDescription ?? "The connection to the AI provider failed."
        }
        return (error as? any LocalizedError)?.errorDescription ?? "The connection to the AI provider failed."
    }
}
