/// Writes an Anthropic Messages stream.
struct AnthropicSyntheticStream: SyntheticStreamWriter {
    private var block = 0
    private var textOpen = false
    private var deltas = 0

    mutating func writeStart(into body: inout [UInt8]) {
        event(
            "message_start",
            "{\"type\":\"message_start\",\"message\":{\"id\":\"msg_019Q1hrJbZG26Fb9BQhrkHEr\",\"type\":\"message\","
                + "\"role\":\"assistant\",\"model\":\"claude-sonnet-4-20250514\",\"content\":[],\"stop_reason\":null,"
                + "\"stop_sequence\":null,\"usage\":{\"input_tokens\":1200,\"output_tokens\":1}}}", into: &body)
    }

    mutating func writeText(_ text: String, into body: inout [UInt8]) {
        if !textOpen {
            textOpen = true
            event(
                "content_block_start",
                "{\"type\":\"content_block_start\",\"index\":\(block),\"content_block\":{\"type\":\"text\",\"text\":\"\"}}",
                into: &body)
            event("ping", "{\"type\": \"ping\"}", into: &body)
        }
        deltas += 1
        event(
            "content_block_delta",
            "{\"type\":\"content_block_delta\",\"index\":\(block),\"delta\":{\"type\":\"text_delta\",\"text\":\""
                + SyntheticText.escaped(text) + "\"}}", into: &body)
    }

    mutating func writeToolCalls(
        _ calls: [(name: String, arguments: String)], turn: Int, using random: inout SplitMix64,
        into body: inout [UInt8]
    ) {
        closeText(into: &body)
        for call in calls {
            event(
                "content_block_start",
                "{\"type\":\"content_block_start\",\"index\":\(block),\"content_block\":{\"type\":\"tool_use\","
                    + "\"id\":\"toolu_\(turn)_\(block)\",\"name\":\"\(call.name)\",\"input\":{}}}", into: &body)
            for fragment in [""] + SyntheticText.fragments(of: call.arguments, using: &random) {
                deltas += 1
                event(
                    "content_block_delta",
                    "{\"type\":\"content_block_delta\",\"index\":\(block),\"delta\":{\"type\":\"input_json_delta\","
                        + "\"partial_json\":\"" + SyntheticText.escaped(fragment) + "\"}}", into: &body)
            }
            event("content_block_stop", "{\"type\":\"content_block_stop\",\"index\":\(block)}", into: &body)
            block += 1
        }
    }

    mutating func writeEnd(into body: inout [UInt8]) {
        closeText(into: &body)
        event(
            "message_delta",
            "{\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"tool_use\",\"stop_sequence\":null},"
                + "\"usage\":{\"output_tokens\":\(deltas)}}", into: &body)
        event("message_stop", "{\"type\":\"message_stop\"}", into: &body)
    }

    private mutating func closeText(into body: inout [UInt8]) {
        guard textOpen else { return }
        textOpen = false
        event("content_block_stop", "{\"type\":\"content_block_stop\",\"index\":\(block)}", into: &body)
        block += 1
    }

    private func event(_ name: String, _ data: String, into body: inout [UInt8]) {
        body.append(contentsOf: "event: \(name)\ndata: \(data)\n\n".utf8)
    }
}
