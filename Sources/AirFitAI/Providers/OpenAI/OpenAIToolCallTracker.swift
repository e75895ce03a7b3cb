/// Accumulates OpenAI-style tool-call fragments keyed by their `index`.
///
/// The first fragment of a call carries its id and name; later ones carry argument text. Indices may
/// start above 0 and calls may interleave (parallel tool calls). A fragment without an index
/// continues the last call unless it brings a new id.
struct OpenAIToolCallTracker: Sendable {
    private struct Call: Sendable {
        var index: Int
        var id: String?
        var name: String
        var arguments: String
        var isComplete = false
    }

    private var calls: [Call] = []
    private var positions: [Int: Int] = [:]

    /// Whether any tool call was seen.
    var isEmpty: Bool { calls.isEmpty }

    mutating func apply(_ delta: OpenAIChunk.ToolCallDelta, into events: inout [StreamEvent]) {
        let index = resolveIndex(delta)
        let fragment = delta.arguments ?? ""
        if let position = positions[index] {
            if let id = delta.id, !id.isEmpty, calls[position].id == nil { calls[position].id = id }
            if let name = delta.name, !name.isEmpty, calls[position].name.isEmpty { calls[position].name = name }
            calls[position].arguments += fragment
            if !fragment.isEmpty { calls[position].isComplete = false }
        } else {
            let id = delta.id.flatMap { $0.isEmpty ? nil : $0 }
            positions[index] = calls.count
            calls.append(Call(index: index, id: id, name: delta.name ?? "", arguments: fragment))
            events.append(.toolCallStart(index: index, id: id, name: delta.name ?? ""))
        }
        if !fragment.isEmpty {
            events.append(.toolCallArgumentsDelta(index: index, fragment: fragment))
        }
    }

    /// Emits ``StreamEvent/toolCallComplete(index:id:name:argumentsJSON:)`` for every open call.
    mutating func completeAll(into events: inout [StreamEvent]) {
        for position in calls.indices where !calls[position].isComplete {
            calls[position].isComplete = true
            let call = calls[position]
            events.append(
                .toolCallComplete(index: call.index, id: call.id, name: call.name, argumentsJSON: call.arguments))
        }
    }

    private func resolveIndex(_ delta: OpenAIChunk.ToolCallDelta) -> Int {
        if let index = delta.index { return index }
        guard let last = calls.last else { return 0 }
        if let id = delta.id, !id.isEmpty, id != last.id {
            return (calls.map(\.index).max() ?? -1) + 1
        }
        return last.index
    }
}
