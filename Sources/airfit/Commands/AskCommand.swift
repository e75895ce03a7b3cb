import AirFitAI
import AirFitCore
import AirFitStore
import ArgumentParser
import Foundation

/// `airfit ask`: one question to a provider, the answer streamed to standard output.
struct AskCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ask",
        abstract: "Ask a provider one question and stream the answer.",
        discussion: """
            The key comes from the vault (airfit keys set <provider>). Token usage is printed to standard error.
            Tool calls the model makes are printed after the answer, one per line: tool call: NAME ARGUMENTS (id ID).
            With --tool-result, every call is answered with that text and the model is asked again.
            """)

    @Option(help: "Provider: \(AIProviderID.allCases.map(\.rawValue).joined(separator: ", ")). Defaults to the owner's choice.")
    var provider: String?

    @Option(help: "Model id; defaults to the owner's choice or the provider's default.")
    var model: String?

    @Option(help: "Base URL of the provider API (custom endpoints and testing).")
    var baseURL: String?

    @Option(help: "Sampling temperature, 0–2.")
    var temperature: Double?

    @Option(help: "Largest number of output tokens.")
    var maxTokens: Int?

    @Option(help: "System prompt.")
    var system: String?

    @Option(
        name: .customLong("tool"),
        help: ArgumentHelp(
            "A tool the model may call, as NAME:DESCRIPTION; its arguments may be any JSON object. Repeatable.",
            valueName: "name:description"))
    var toolSpecs: [String] = []

    @Option(
        name: .customLong("tools-json"),
        help: ArgumentHelp(
            "A JSON file holding an array of tools: {\"name\", \"description\", \"parameters\" (a JSON Schema object)}.",
            valueName: "file"))
    var toolsFile: String?

    @Option(help: ArgumentHelp("Answer every tool call with this text as its result and ask the model again.", valueName: "text"))
    var toolResult: String?

    @Argument(help: "The question.")
    var question: String

    func validate() throws {
        if toolResult != nil && toolSpecs.isEmpty && toolsFile == nil {
            throw ValidationError("--tool-result needs a tool: add --tool NAME:DESCRIPTION or --tools-json FILE.")
        }
    }

    @OptionGroup var person: PersonOptions

    func run() async throws {
        let tools: [ToolDefinition]
        do {
            tools = try ToolOptions.definitions(specs: toolSpecs, file: toolsFile)
        } catch {
            throw CLI.fail(error)
        }
        let (providerID, request, key, address) = try await CLI.withStore(logger: CLI.logger()) {
            context -> (AIProviderID, ChatRequest, String?, String?) in
            let owner = try await person.existingPerson(in: context)
            guard let name = provider ?? owner?.selectedAIProvider else {
                throw CLIError("Choose a provider with --provider (\(AIProviderID.allCases.map(\.rawValue).joined(separator: ", "))).")
            }
            guard let providerID = AIProviderID(rawValue: name) else { throw CLIError("Unknown provider \"\(name)\".") }
            let credential = try await owner.asyncMap { try await context.vault.credential(provider: name, userID: $0.id) } ?? nil
            // A stored key goes only to the base URL saved with it; --base-url may only repeat that address.
            let address = try CLI.address(for: name, flag: baseURL, credential: credential, owner: owner)
            let useOwner = provider == nil || provider == owner?.selectedAIProvider
            let request = ChatRequest(
                model: model ?? (useOwner ? owner?.selectedAIModel : nil), systemPrompt: system, messages: [.user(question)],
                tools: tools, temperature: temperature ?? owner?.aiTemperature, maxTokens: maxTokens ?? owner?.aiMaxTokens)
            return (providerID, request, credential?.secret, address)
        }
        let client = AIClient(logger: CLI.logger(label: "airfit.ai"))
        let first = try await stream(client, providerID, request: request, key: key, baseURL: address)
        guard let toolResult else { return }
        guard case .assistant(_, let calls) = first.assistantMessage, !calls.isEmpty else {
            CLI.printError("(the model made no tool call, so there is no second turn)")
            return
        }
        var next = request
        next.messages.append(first.assistantMessage)
        next.messages += calls.map { ChatMessage.toolResult(callID: $0.id, name: $0.name, content: toolResult) }
        CLI.printError("(sent the tool result for \(calls.count) call(s); the model answers:)")
        _ = try await stream(client, providerID, request: next, key: key, baseURL: address)
    }

    /// Streams one answer: text to standard output as it arrives, then its tool calls; usage to standard error.
    private func stream(
        _ client: AIClient, _ providerID: AIProviderID, request: ChatRequest, key: String?, baseURL: String?
    ) async throws -> StreamSummary {
        var summary = StreamSummary()
        var out = StandardOutput()
        do {
            for try await event in client.stream(request: request, provider: providerID, key: key, baseURL: baseURL) {
                summary.add(event)
                if case .textDelta(let text) = event {
                    out.writeText(text)
                    out.flush()
                }
            }
            if !summary.text.isEmpty || summary.toolCalls.isEmpty { out.writeLine("") }
            for call in summary.toolCalls {
                out.writeLine("tool call: \(call.name) \(call.arguments.encoded)" + (call.id.map { " (id \($0))" } ?? ""))
            }
            out.flush()
        } catch {
            if !summary.text.isEmpty { out.writeLine("") }
            out.flush()
            if !summary.text.isEmpty { CLI.printError("(the answer above is incomplete)") }
            let suggestion = (error as? ServiceError)?.recoverySuggestion
            _ = CLI.fail(error)
            if let suggestion { CLI.printError(suggestion) }
            throw ExitCode.failure
        }
        if let failure = summary.error {
            CLI.printError("error: \(providerID.rawValue) reported: \(failure.message)")
            throw ExitCode.failure
        }
        let input = summary.inputTokens.map(String.init) ?? "?"
        let output = summary.outputTokens.map(String.init) ?? "?"
        CLI.printError(
            "usage: \(input) input tokens, \(output) output tokens; finish: \(summary.finishReason?.rawValue ?? "unknown")")
        return summary
    }
}

extension Optional {
    /// Maps the wrapped value with an async closure.
    func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}
