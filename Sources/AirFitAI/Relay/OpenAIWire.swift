/// Small pieces of OpenAI's response format shared by the stream writer and the completion builder.
enum OpenAIWire {
    /// OpenAI's `finish_reason` for ours: a refusal ends as `stop`, and `stop` after tool calls as `tool_calls`
    /// (some providers report `stop` there, and OpenAI clients loop on `tool_calls`); `nil` (no reason seen) is
    /// `tool_calls` after tool calls, else `stop`. ``FinishReason/error`` is the caller's to report; it reads `stop`.
    static func finishReason(_ reason: FinishReason?, hasToolCalls: Bool) -> String {
        switch reason {
        case .length: "length"
        case .contentFilter: "content_filter"
        case .toolCalls: "tool_calls"
        case .stop, .refusal, .error, nil: hasToolCalls ? "tool_calls" : "stop"
        }
    }

    /// The id for a tool call whose provider sent none (Gemini, Ollama): `call_<stem>_<n>`, unique per response and,
    /// through the completion id's stem, across the turns of a conversation.
    static func toolCallID(stem: String, index: Int) -> String {
        stem.isEmpty ? "call_\(index)" : "call_\(stem)_\(index)"
    }

    /// The letters and digits of a completion id after its `chatcmpl-` prefix, at most 24 of them.
    static func toolCallStem(completionID: String) -> String {
        let body = completionID.hasPrefix("chatcmpl-") ? completionID.dropFirst(9) : Substring(completionID)
        let kept = body.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
        return String(String.UnicodeScalarView(kept.suffix(24)))
    }

    /// Token counts as OpenAI reports them: unknown counts are 0, negative ones too, and the total saturates.
    static func usage(input: Int?, output: Int?) -> (prompt: Int, completion: Int, total: Int) {
        let prompt = max(0, input ?? 0)
        let completion = max(0, output ?? 0)
        let (total, overflow) = prompt.addingReportingOverflow(completion)
        return (prompt, completion, overflow ? Int.max : total)
    }
}

extension JSONWriter {
    /// Appends `text` as it is. `.number` writes its text verbatim, which is what a pre-encoded JSON fragment needs.
    mutating func raw(_ text: String) {
        write(.number(text))
    }

    /// Appends an integer.
    mutating func integer(_ value: Int) {
        write(.number(String(value)))
    }
}
