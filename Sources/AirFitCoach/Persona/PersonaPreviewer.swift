import AirFitAI
public import AirFitCore
public import Foundation

/// "Generate new preview": a short message in the persona's voice, streamed from the person's provider.
public struct PersonaPreviewer: Sendable {
    let streamer: any ChatStreaming
    let log: (any ProviderRequestLog)?

    /// Creates a previewer; `log` keeps each request's body for the person (Settings → Privacy).
    public init(streamer: any ChatStreaming, log: (any ProviderRequestLog)? = nil) {
        self.streamer = streamer
        self.log = log
    }

    /// Streams a two-to-three sentence greeting by the coach `persona` describes, as text pieces.
    public func preview(persona: PersonaProfile, user: User, selection: CoachModelSelection, now: Date = Date()) async throws
        -> AsyncThrowingStream<String, any Error>
    {
        let prompt = try SystemPromptBuilder().build(user: user, persona: persona, context: PromptContext(now: now))
        let request = selection.request(
            systemPrompt: prompt.text,
            messages: [
                .user(
                    "Introduce yourself to me in two or three sentences, in your coaching voice: how you will coach me toward my goal "
                        + "this week. No lists, no headings.")
            ], maxTokens: 300)
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: String.self)
        let task = Task {
            do {
                let events = try await selection.stream(request, through: streamer, purpose: .personaPreview, log: log, now: now)
                for try await event in events {
                    switch event {
                    case .textDelta(let piece): continuation.yield(piece)
                    case .error(_, let message): throw ServiceError.streamingError(message)
                    default: break
                    }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
