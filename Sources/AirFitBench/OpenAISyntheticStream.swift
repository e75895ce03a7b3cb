/// Writes an OpenAI chat-completions stream.
struct OpenAISyntheticStream: SyntheticStreamWriter {
    private let prefix =
        "data: {\"id\":\"chatcmpl-ABfw031mOJeYCSHe4yI2ZjOA6kMJL\",\"object\":\"chat.completion.chunk\","
        + "\"created\":1727346168,\"model\":\"gpt-4o-2024-08-06\",\"system_fingerprint\":\"fp_5050236cbd\","
        + "\"choices\":["
    private var nextIndex = 0
    private var deltas = 0

    mutating func writeStart(into body: inout [UInt8]) {
        line(
            "{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\",\"refusal\":null},"
                + "\"logprobs\":null,\"finish_reason\":null}]}", into: &body)
    }

    mutating func writeText(_ text: String, into body: inout [UInt8]) {
        deltas += 1
        line(
            "{\"index\":0,\"delta\":{\"content\":\"\(SyntheticText.escaped(text))\"},"
                + "\"logprobs\":null,\"finish_reason\":null}]}", into: &body)
    }

    mutating func writeToolCalls(
        _ calls: [(name: String, arguments: String)], turn: Int, using random: inout SplitMix64,
        into body: inout [UInt8]
    ) {
        for call in calls {
            let index = nextIndex
            nextIndex += 1
            line(
                "{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":\(index),\"id\":\"call_\(turn)_\(index)\","
                    + "\"type\":\"function\",\"function\":{\"name\":\"\(call.name)\",\"arguments\":\"\"}}]},"
                    + "\"logprobs\":null,\"finish_reason\":null}]}", into: &body)
            for fragment in SyntheticText.fragments(of: call.arguments, using: &random) {
                deltas += 1
                line(
                    "{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":\(index),\"function\":{\"arguments\":"
                        + "\"\(SyntheticText.escaped(fragment))\"}}]},\"logprobs\":null,\"finish_reason\":null}]}",
                    into: &body)
            }
        }
    }

    mutating func writeEnd(into body: inout [UInt8]) {
        line("{\"index\":0,\"delta\":{},\"logprobs\":null,\"finish_reason\":\"tool_calls\"}]}", into: &body)
        line(
            "],\"usage\":{\"prompt_tokens\":1200,\"completion_tokens\":\(deltas),\"total_tokens\":\(deltas + 1200)}}",
            into: &body)
        body.append(contentsOf: "data: [DONE]\n\n".utf8)
    }

    private func line(_ rest: String, into body: inout [UInt8]) {
        body.append(contentsOf: prefix.utf8)
        body.append(contentsOf: rest.utf8)
        body.append(contentsOf: "\n\n".utf8)
    }
}
