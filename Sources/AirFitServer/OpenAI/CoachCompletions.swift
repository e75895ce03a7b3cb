import AirFitAI
import AirFitCoach
import AirFitCore
import Crypto
import Foundation
import Hummingbird

/// The `airfit-coach` model of the OpenAI-compatible endpoint: the member's own coach — persona system prompt, their
/// context, and the coach's tools run here on the server (a workout the client mentions is logged) — behind any
/// OpenAI client.
///
/// The coach keeps its conversations: each thread a client sends (recognised by the token and its first message) is
/// one conversation in the member's history, visible in the web app. The last message must be the member's; earlier
/// messages come from the stored conversation, and tools the client offers are ignored (the coach brings its own).
struct CoachCompletions: Sendable {
    /// The model id clients ask for.
    static let model = "airfit-coach"

    let engine: CoachEngine
    let meter: UsageMeter
    let now: @Sendable () -> Date

    /// The conversation a client's thread maps to: the same for every request of one thread.
    static func conversation(tokenID: UUID, firstMessage: String) -> UUID {
        var bytes = Array(SHA256.hash(data: Data((tokenID.uuidString + "\u{0}" + firstMessage).utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0f) | 0x50  // a name-based UUID (version 5 layout)
        bytes[8] = (bytes[8] & 0x3f) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9], bytes[10], bytes[11],
                bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    /// The coach's reply to `request`'s last message.
    func reply(_ request: OpenAIChatCompletionRequest, context: APIRequestContext) async throws -> Response {
        let users = request.chatRequest.messages.compactMap { message -> String? in
            if case .user(let text) = message { return text }
            return nil
        }
        guard case .user(let text)? = request.chatRequest.messages.last, let first = users.first else {
            throw OpenAIError(
                status: .badRequest, message: "The last message must be the member's (role user): the coach answers it.",
                param: "messages")
        }
        try await checkBudget(context.user)
        let conversation = Self.conversation(tokenID: context.token?.id ?? context.account.id, firstMessage: first)
        let events = engine.reply(to: text, conversationID: conversation, user: context.user)
        var iterator = events.makeAsyncIterator()
        // The member's message is stored first; a missing provider or a bad message fails before that.
        do {
            _ = try await iterator.next()
        } catch {
            throw Self.failure(error)
        }
        let id = OpenAIController.completionID()
        let created = Int(now().timeIntervalSince1970)
        let rest = CoachEventsBox(iterator: iterator)
        if request.stream {
            let chunks = OpenAIChunkWriter(id: id, model: Self.model, created: created, includeUsage: request.includeUsage)
            return ReplyStream.eventStream(
                ResponseBody { output in
                    var writer = chunks
                    var tail: [String]?
                    do {
                        while let event = try await rest.next() {
                            switch Self.translate(event) {
                            case .events(let streamEvents):
                                let frames = streamEvents.flatMap { writer.frames(for: $0) }
                                if !frames.isEmpty { try await output.write(ByteBuffer(string: frames.joined())) }
                            case .failed(let reason):
                                tail = [
                                    OpenAIError(status: .badGateway, message: reason, type: "api_error", code: "coach_incomplete")
                                        .streamFrame
                                ]
                            }
                            if tail != nil { break }
                        }
                    } catch {
                        tail = [Self.failure(error).streamFrame]
                    }
                    try await output.write(ByteBuffer(string: (tail ?? writer.end()).joined()))
                    try await output.finish(nil)
                })
        }
        var builder = OpenAICompletionBuilder(id: id, model: Self.model, created: created)
        do {
            while let event = try await rest.next() {
                switch Self.translate(event) {
                case .events(let streamEvents): streamEvents.forEach { builder.add($0) }
                case .failed(let reason):
                    throw OpenAIError(status: .badGateway, message: reason, type: "api_error", code: "coach_incomplete")
                }
            }
        } catch let error as OpenAIError {
            throw error
        } catch {
            throw Self.failure(error)
        }
        return Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: builder.response())))
    }

    /// Refuses at once, with 429 and `Retry-After`, when the member's budget is spent (the coach would only store an
    /// incomplete reply saying so).
    private func checkBudget(_ user: User) async throws {
        let zone = TimeZone(identifier: user.timeZone) ?? .gmt
        do {
            try await meter.release(try await meter.admit(userID: user.id, timeZone: zone, estimatedTokens: 1))
        } catch let error as UsageBudgetError {
            throw OpenAIError.budget(error, now: now())
        }
    }

    /// What a coach event means for the client.
    enum Translation {
        case events([StreamEvent])
        case failed(String)
    }

    static func translate(_ event: CoachEvent) -> Translation {
        switch event {
        case .textDelta(let text): return .events([.textDelta(text)])
        case .finished(let message):
            return .events([.usage(inputTokens: message.inputTokens, outputTokens: message.outputTokens), .finish(.stop)])
        case .incomplete(_, let reason): return .failed(reason)
        case .userMessage, .toolStarted, .toolFinished, .servedBy: return .events([])
        }
    }

    static func failure(_ error: any Error) -> OpenAIError {
        switch error {
        case let error as OpenAIError: return error
        case let error as CoachError:
            if case .invalidMessage(let message) = error { return OpenAIError(status: .badRequest, message: message, param: "messages") }
            return OpenAIError.noProvider(error)
        default: return OpenAIError(status: .badGateway, message: CoachEngine.reason(for: error), type: "api_error")
        }
    }
}

/// The coach's events after the first, read by the response body (one consumer at a time).
final class CoachEventsBox: @unchecked Sendable {
    private var iterator: AsyncThrowingStream<CoachEvent, any Error>.AsyncIterator

    init(iterator: AsyncThrowingStream<CoachEvent, any Error>.AsyncIterator) { self.iterator = iterator }

    func next() async throws -> CoachEvent? { try await iterator.next() }
}
