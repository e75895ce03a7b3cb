import AirFitAI
import AirFitCore
import AirFitStore
import ArgumentParser
import Foundation

/// `airfit providers`: the AI provider catalog with key status and, on request, live health.
struct ProvidersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "providers",
        abstract: "List AI providers, their models, key status and health.")

    @Flag(help: "Check each provider with a live request (uses saved keys).")
    var check = false

    @Flag(help: "Also list each provider's known models.")
    var models = false

    @OptionGroup var person: PersonOptions

    func run() async throws {
        let keys: [String: String] = try await CLI.withStore(logger: CLI.logger()) { context in
            guard let owner = try await person.existingPerson(in: context) else { return [:] }
            var keys: [String: String] = [:]
            for provider in AIProviderID.allCases {
                if let secret = try await context.vault.secret(provider: provider.rawValue, userID: owner.id) {
                    keys[provider.rawValue] = secret
                }
            }
            return keys
        }
        let client = AIClient(logger: CLI.logger(label: "airfit.ai"))
        for info in AIProviderCatalog.all {
            let key = keys[info.id.rawValue]
            let keyStatus =
                key.map { "key \(SecretMask.mask($0))" } ?? (info.requiresKey ? "no key — \(info.keyURL ?? "")" : "no key needed")
            print("\(info.id.rawValue.padding(toLength: 11, withPad: " ", startingAt: 0)) \(info.displayName)")
            print("            default model \(info.defaultModel), up to \(info.maxTokens) tokens; \(keyStatus)")
            if models {
                for model in info.models {
                    print("              \(model.id) (context \(model.contextLength), output ≤ \(model.maxOutputTokens))")
                }
            }
            if check {
                let health = await client.health(provider: info.id, key: key)
                let latency = health.latency.map { " in \(Self.milliseconds($0)) ms" } ?? ""
                print("            health: \(health.status.rawValue)\(latency)\(health.lastError.map { " — \($0)" } ?? "")")
            }
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }
}
