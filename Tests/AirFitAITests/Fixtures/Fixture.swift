import AirFitAI

/// A provider response body written for these tests from the provider's documented wire format,
/// with the summary it must decode to.
struct Fixture: Sendable, CustomStringConvertible {
    struct Call: Sendable {
        var id: String?
        var name: String
        /// The expected arguments as JSON text.
        var arguments: String
    }

    var name: String
    var provider: AIProviderID
    var body: String
    var text = ""
    var reasoning = ""
    var refusal: String?
    var calls: [Call] = []
    var finish: FinishReason?
    var usage: (input: Int?, output: Int?)?
    var error: (code: String?, message: String)?

    var description: String { name }
    var bytes: [UInt8] { Array(body.utf8) }

    /// All fixtures, for table-driven and chunking tests.
    static let all: [Fixture] = OpenAIFixtures.all + AnthropicFixtures.all + GeminiFixtures.all + OllamaFixtures.all
}

/// An OpenAI-style chunk line: `data: {"id":...,"choices":[CHOICE]}` plus the blank line.
func openAIChunk(_ choice: String) -> String {
    #"data: {"id":"chatcmpl-9xT","object":"chat.completion.chunk","created":1730000000,"model":"gpt-4o-mini","choices":["#
        + choice + "]}\n\n"
}
