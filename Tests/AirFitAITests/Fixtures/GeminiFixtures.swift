import AirFitAI

/// Gemini `streamGenerateContent?alt=sse` streams.
enum GeminiFixtures {
    static let all: [Fixture] = [textAndThoughts, functionCalls, maxTokens, safety, error]

    static func chunk(_ json: String) -> String { "data: \(json)\r\n\r\n" }

    static let textAndThoughts = Fixture(
        name: "gemini thought parts and text with usage",
        provider: .gemini,
        body: chunk(
            #"{"candidates":[{"content":{"parts":[{"text":"Weighing options.","thought":true}],"role":"model"},"index":0}],"usageMetadata":{"promptTokenCount":12,"thoughtsTokenCount":30}}"#
        )
            + chunk(
                #"{"candidates":[{"content":{"parts":[{"text":"Try a "}],"role":"model"},"index":0}],"usageMetadata":{"promptTokenCount":12,"candidatesTokenCount":2,"thoughtsTokenCount":30}}"#
            )
            + chunk(
                #"{"candidates":[{"content":{"parts":[{"text":"tempo run.","thoughtSignature":"c2ln"}],"role":"model"},"finishReason":"STOP","index":0}],"usageMetadata":{"promptTokenCount":12,"candidatesTokenCount":6,"thoughtsTokenCount":30,"totalTokenCount":48},"modelVersion":"gemini-2.5-flash"}"#
            ),
        text: "Try a tempo run.",
        reasoning: "Weighing options.",
        finish: .stop,
        usage: (12, 36)
    )

    static let functionCalls = Fixture(
        name: "gemini function calls make STOP tool_calls",
        provider: .gemini,
        body: chunk(
            #"{"candidates":[{"content":{"parts":[{"functionCall":{"name":"get_weather","args":{"city":"Lima","days":[1,2]}}},{"functionCall":{"name":"get_time","args":{}}}],"role":"model"},"index":0}],"usageMetadata":{"promptTokenCount":40,"candidatesTokenCount":11}}"#
        )
            + chunk(
                #"{"candidates":[{"content":{"parts":[{"text":""}],"role":"model"},"finishReason":"STOP","index":0}]}"#),
        calls: [
            .init(id: nil, name: "get_weather", arguments: #"{"city":"Lima","days":[1,2]}"#),
            .init(id: nil, name: "get_time", arguments: "{}"),
        ],
        finish: .toolCalls,
        usage: (40, 11)
    )

    static let maxTokens = Fixture(
        name: "gemini MAX_TOKENS becomes length",
        provider: .gemini,
        body: chunk(
            #"{"candidates":[{"content":{"parts":[{"text":"Partial"}],"role":"model"},"finishReason":"MAX_TOKENS","index":0}]}"#
        ),
        text: "Partial",
        finish: .length
    )

    static let safety = Fixture(
        name: "gemini SAFETY becomes content_filter",
        provider: .gemini,
        body: chunk(
            #"{"candidates":[{"finishReason":"SAFETY","index":0,"safetyRatings":[{"category":"HARM_CATEGORY_DANGEROUS_CONTENT","probability":"HIGH"}]}]}"#
        ),
        finish: .contentFilter
    )

    static let error = Fixture(
        name: "gemini error object",
        provider: .gemini,
        body: chunk(#"{"candidates":[{"content":{"parts":[{"text":"Hel"}],"role":"model"},"index":0}]}"#)
            + chunk(
                #"{"error":{"code":503,"message":"The model is overloaded. Please try again later.","status":"UNAVAILABLE"}}"#
            ),
        text: "Hel",
        finish: .error,
        error: ("UNAVAILABLE", "The model is overloaded. Please try again later.")
    )
}
