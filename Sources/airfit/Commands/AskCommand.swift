import AirFitAI
import AirFitCore
import ArgumentParser
import Foundation

/// `airfit ask`: one question to a provider, the answer streamed to standard output.
struct AskCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ask",
        abstract: "Ask a provider one question and stream the answer.",
        discussion: "The key comes from the vault (airfit keys set <provider>). Token usage is printed to standard error.")

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

    @Argument(help: "The question.")
    var question: String

    func run() async throws {
        let (providerID, request, key) = try await CLI.withStore(logger: CLI.logger()) { context -> (AIProviderID, ChatRequest, String?) in
            let owner = try await context.existingOwner()
            guard let name = provider ?? owner?.selectedAIProvider else {
                throw CLIError("Choose a provider with --provider (\(AIProviderID.allCases.map(\.rawValue).joined(separator: ", "))).")
            }
            guard let providerID = AIProviderID(rawValue: name) else { throw CLIError("Unknown provider \"\(name)\".") }
            let key = try await owner.asyncMap { try await context.vault.secret(provider: name, userID: $0.id) } ?? nil
            let useOwner = provider == nil || provider == owner?.selectedAIProvider
            let request = ChatRequest(
                model: model ?? (useOwner ? owner?.selectedAIModel : nil), systemPrompt: system, messages: [.user(question)],
                temperature: temperature ?? owner?.aiTemperature, maxTokens: maxTokens ?? owner?.aiMaxTokens)
            return (providerID, request, key)
        }
        try await stream(providerID, request: request, key: key)
    }

    private func stream(_ providerID: AIProviderID, request: ChatRequest, key: String?) async throws {
        var summary = StreamSummary()
        var out = StandardOutput()
        do {
            for try await event in AIClient(logger: CLI.logger(label: "airfit.ai")).stream(
                request: request, provider: providerID, key: key, baseURL: baseURL)
            {
                summary.add(event)
                if case .textDelta(let text) = event {
                    out.writeText(text)
                    out.flush()
                }
            }
            out.writeLine("")
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
    }
}

extension Optional {
    /// Maps the wrapped value with an async closure.
    func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}
