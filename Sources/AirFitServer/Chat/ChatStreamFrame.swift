import AirFitCoach
import AirFitCore
import Foundation

/// Server-sent event frames for the chat page: `event: <name>` and one `data:` line of JSON.
enum ChatStreamFrame {
    /// The frame for one coach event.
    static func frame(_ event: CoachEvent) -> String {
        switch event {
        case .userMessage(let message):
            return frame("user", ["id": message.id.uuidString, "content": message.content])
        case .servedBy(let route):
            return frame("note", ["text": route.note ?? "", "provider": route.header])
        case .textDelta(let text):
            return frame("delta", ["text": text])
        case .toolStarted(let id, let name):
            return frame("tool_start", ["id": id, "name": name, "label": ToolRegistry.standard.cardLabels(for: name).running])
        case .toolFinished(let id, let name, let card, let isError, let resultJSON):
            var fields = [
                "id": id, "name": name, "card": card ?? ToolRegistry.standard.cardLabels(for: name).finished(isError: isError),
                "error": isError ? "1" : "0",
            ]
            if !isError, let entry = ToolOutcome.entry(inResult: resultJSON) { fields["href"] = EntryPaths.entry(entry) }
            return frame("tool", fields)
        case .finished(let message):
            return frame("done", ["id": message.id.uuidString])
        case .incomplete(let message, let reason):
            return frame("incomplete", ["id": message.id.uuidString, "reason": reason])
        }
    }

    /// An error frame with a message a person can act on.
    static func error(_ message: String) -> String {
        frame("error", ["message": message])
    }

    private static func frame(_ name: String, _ fields: [String: String]) -> String {
        let data = (try? JSONCoding.encoder.encode(fields)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return "event: \(name)\ndata: \(data)\n\n"
    }
}
