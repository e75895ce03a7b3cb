import AirFitAI
import Foundation

@testable import AirFitCoach

/// A provider stand-in: each call plays the next script and records the request it got.
final class ScriptedStreamer: ChatStreaming, @unchecked Sendable {
    /// How one call answers.
    enum Script {
        /// Emits the events, then finishes.
        case events([StreamEvent])
        /// Emits the events, then fails with the error (a stream dropped mid-reply).
        case fail([StreamEvent], any Error)
        /// Emits the events, then waits until cancelled.
        case hang([StreamEvent])
        /// Plays the script made from the request (a model that reads what a tool answered).
        case reading(@Sendable (ChatRequest) -> Script)
    }

    private let lock = NSLock()
    private var scripts: [Script]
    private var recorded: [ChatRequest] = []
    private var recordedKeys: [String?] = []
    /// What is played when the scripts run out.
    let fallback: Script

    init(_ scripts: [Script], fallback: Script = .events([.textDelta("(no more scripts)"), .finish(.stop)])) {
        self.scripts = scripts
        self.fallback = fallback
    }

    var requests: [ChatRequest] { lock.withLock { recorded } }
    var keys: [String?] { lock.withLock { recordedKeys } }

    func stream(request: ChatRequest, provider: AIProviderID, key: String?, baseURL: String?) -> AsyncThrowingStream<StreamEvent, any Error>
    {
        var script: Script = lock.withLock {
            recorded.append(request)
            recordedKeys.append(key)
            return scripts.isEmpty ? fallback : scripts.removeFirst()
        }
        while case .reading(let make) = script { script = make(request) }
        let played = script
        return AsyncThrowingStream { continuation in
            let task = Task {
                switch played {
                case .events(let events):
                    for event in events { continuation.yield(event) }
                    continuation.finish()
                case .fail(let events, let error):
                    for event in events { continuation.yield(event) }
                    continuation.finish(throwing: error)
                case .hang(let events):
                    for event in events { continuation.yield(event) }
                    do {
                        try await Task.sleep(for: .seconds(3600))
                    } catch {
                        continuation.finish(throwing: ServiceError.cancelled)
                    }
                case .reading:
                    continuation.finish()
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// A reply that is plain text with usage.
    static func text(_ text: String, input: Int = 10, output: Int = 5) -> Script {
        .events([.textDelta(text), .usage(inputTokens: input, outputTokens: output), .finish(.stop)])
    }

    /// A reply that calls one tool.
    static func tool(_ name: String, id: String, arguments: String, text: String = "") -> Script {
        var events: [StreamEvent] = text.isEmpty ? [] : [.textDelta(text)]
        events += [
            .toolCallStart(index: 0, id: id, name: name), .toolCallArgumentsDelta(index: 0, fragment: arguments),
            .toolCallComplete(index: 0, id: id, name: name, argumentsJSON: arguments), .finish(.toolCalls),
        ]
        return .events(events)
    }
}
