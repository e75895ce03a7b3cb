/// Turns ``StreamEvent``s into OpenAI `chat.completion.chunk` server-sent event frames, as OpenAI streams them.
///
/// Each returned element is one complete frame, `data: {json}\n\n`. The first frame's delta carries
/// `"role":"assistant"`. Text becomes `delta.content`, refusals `delta.refusal`, tool calls `delta.tool_calls`
/// (a first fragment with `id`, `type`, `function.name` and empty `arguments`, then argument fragments), with
/// indexes renumbered 0, 1, 2… in the order calls were opened, whatever the provider's indexes were. Calls the
/// provider delivered whole (Gemini, Ollama) go out as one fragment carrying all the arguments; calls without a
/// provider id get `call_…` ids.
///
/// Reasoning deltas are not written: `reasoning_content` is not part of OpenAI's format and some clients reject
/// unknown delta fields, so the relay stays safe for the official SDKs. An ``StreamEvent/error(code:message:)`` and
/// ``FinishReason/error`` write nothing: the caller sends ``OpenAIErrorBody/streamFrame(message:type:param:code:)``.
///
/// Frames are written with `JSONWriter` around a prefix encoded once, so one event costs a few small allocations.
public struct OpenAIChunkWriter: Sendable {
    private struct Call: Sendable {
        var output: Int
        var sentArguments: Bool
    }

    /// `data: {"id":…,"object":"chat.completion.chunk","created":…,"model":…,"choices":[{"index":0,"delta":`
    private let prefix: String
    /// What closes a frame whose `finish_reason` is null.
    private let openSuffix: String
    /// `data: {"id":…,"object":"chat.completion.chunk","created":…,"model":…,"choices":[],"usage":`
    private let usagePrefix: String
    private let includeUsage: Bool
    private let callStem: String
    private var sentRole = false
    private var finished = false
    private var ended = false
    private var calls: [Int: Call] = [:]
    private var callCount = 0
    private var inputTokens: Int?
    private var outputTokens: Int?

    /// Creates a writer for one response.
    /// - Parameters:
    ///   - id: the completion id every chunk carries (`chatcmpl-…`).
    ///   - model: the model name every chunk carries.
    ///   - created: the Unix time in seconds every chunk carries.
    ///   - includeUsage: whether ``end()`` writes the usage chunk and every chunk carries `"usage":null`.
    public init(id: String, model: String, created: Int, includeUsage: Bool) {
        var head = JSONWriter()
        head.raw(#"{"id":"#)
        head.writeString(id)
        head.raw(#","object":"chat.completion.chunk","created":"#)
        head.integer(created)
        head.raw(#","model":"#)
        head.writeString(model)
        head.raw(#","choices":["#)
        let common = head.string
        prefix = "data: " + common + #"{"index":0,"delta":"#
        usagePrefix = "data: " + common + #"],"usage":"#
        openSuffix = #","logprobs":null,"finish_reason":null}]"# + (includeUsage ? #","usage":null}"# : "}") + "\n\n"
        self.includeUsage = includeUsage
        callStem = OpenAIWire.toolCallStem(completionID: id)
    }

    /// The frames for one event (often one, sometimes none).
    public mutating func frames(for event: StreamEvent) -> [String] {
        switch event {
        case .textDelta(let text):
            guard !text.isEmpty else { return [] }
            return [
                delta { writer in
                    writer.raw(#""content":"#)
                    writer.writeString(text)
                }
            ]
        case .refusalDelta(let text):
            guard !text.isEmpty else { return [] }
            return [
                delta { writer in
                    writer.raw(#""refusal":"#)
                    writer.writeString(text)
                }
            ]
        case .reasoningDelta, .error:
            return []
        case .toolCallStart(let index, let id, let name):
            guard calls[index] == nil else { return [] }
            return [open(index, id: id, name: name, arguments: "")]
        case .toolCallArgumentsDelta(let index, let fragment):
            guard !fragment.isEmpty else { return [] }
            var out: [String] = []
            if calls[index] == nil { out.append(open(index, id: nil, name: "", arguments: "")) }
            calls[index]?.sentArguments = true
            out.append(arguments(index, fragment))
            return out
        case .toolCallComplete(let index, let id, let name, let argumentsJSON):
            guard let call = calls[index] else { return [open(index, id: id, name: name, arguments: argumentsJSON)] }
            guard !call.sentArguments, !argumentsJSON.isEmpty else { return [] }
            calls[index]?.sentArguments = true
            return [arguments(index, argumentsJSON)]
        case .usage(let input, let output):
            if let input { inputTokens = input }
            if let output { outputTokens = output }
            return []
        case .usageDetails:
            // The usage chunk carries the totals; the parts are AirFit's ledger's business.
            return []
        case .finish(let reason):
            guard reason != .error, !finished else { return [] }
            return finish(reason)
        }
    }

    /// The closing frames: a finish frame if no finish was seen, the usage chunk when asked for, then `[DONE]`.
    /// Later calls return nothing.
    public mutating func end() -> [String] {
        guard !ended else { return [] }
        ended = true
        var out = finished ? [] : finish(nil)
        if includeUsage {
            let usage = OpenAIWire.usage(input: inputTokens, output: outputTokens)
            var writer = JSONWriter()
            writer.raw(usagePrefix)
            writer.raw(#"{"prompt_tokens":"#)
            writer.integer(usage.prompt)
            writer.raw(#","completion_tokens":"#)
            writer.integer(usage.completion)
            writer.raw(#","total_tokens":"#)
            writer.integer(usage.total)
            writer.raw("}}\n\n")
            out.append(writer.string)
        }
        out.append("data: [DONE]\n\n")
        return out
    }

    private mutating func finish(_ reason: FinishReason?) -> [String] {
        finished = true
        var out: [String] = []
        if !sentRole { out.append(delta { $0.raw(#""content":"""#) }) }
        var writer = JSONWriter()
        writer.raw(prefix)
        writer.raw(#"{},"logprobs":null,"finish_reason":""#)
        writer.raw(OpenAIWire.finishReason(reason, hasToolCalls: callCount > 0))
        writer.raw(includeUsage ? #""}],"usage":null}"# : #""}]}"#)
        writer.raw("\n\n")
        out.append(writer.string)
        return out
    }

    /// Opens a tool call: its first fragment, with id, type, name and `arguments`.
    private mutating func open(_ index: Int, id: String?, name: String, arguments: String) -> String {
        let output = callCount
        callCount += 1
        calls[index] = Call(output: output, sentArguments: !arguments.isEmpty)
        let callID = id.flatMap { $0.isEmpty ? nil : $0 } ?? OpenAIWire.toolCallID(stem: callStem, index: output)
        return delta(contentNull: true) { writer in
            writer.raw(#""tool_calls":[{"index":"#)
            writer.integer(output)
            writer.raw(#","id":"#)
            writer.writeString(callID)
            writer.raw(#","type":"function","function":{"name":"#)
            writer.writeString(name)
            writer.raw(#","arguments":"#)
            writer.writeString(arguments)
            writer.raw("}}]")
        }
    }

    private mutating func arguments(_ index: Int, _ fragment: String) -> String {
        let output = calls[index]?.output ?? 0
        return delta { writer in
            writer.raw(#""tool_calls":[{"index":"#)
            writer.integer(output)
            writer.raw(#","function":{"arguments":"#)
            writer.writeString(fragment)
            writer.raw("}}]")
        }
    }

    /// One frame whose delta holds what `body` writes, led by the role on the first frame.
    private mutating func delta(contentNull: Bool = false, _ body: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        writer.raw(prefix)
        if sentRole {
            writer.raw("{")
        } else {
            sentRole = true
            writer.raw(contentNull ? #"{"role":"assistant","content":null,"# : #"{"role":"assistant","#)
        }
        body(&writer)
        writer.raw("}")
        writer.raw(openSuffix)
        return writer.string
    }
}
