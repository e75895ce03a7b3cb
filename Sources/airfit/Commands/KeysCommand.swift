import AirFitAI
import AirFitCore
import AirFitStore
import ArgumentParser
import Foundation

/// `airfit keys`: the encrypted vault of provider API keys.
struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Manage provider API keys in the encrypted vault.",
        discussion: "Keys are read from a no-echo prompt or standard input, never from arguments, and are stored encrypted (AES-256-GCM).",
        subcommands: [Set.self, List.self, Remove.self, Rotate.self]
    )

    /// `airfit keys set <provider>`.
    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Store a provider's API key (read from a hidden prompt or standard input).")

        @Argument(help: "Provider: \(SecretProviders.all.joined(separator: ", ")).")
        var provider: String

        /// Anything after the provider: refused without repeating it, since it is most likely a key typed as an argument.
        @Argument(parsing: .allUnrecognized, help: .hidden)
        var unexpected: [String] = []

        func validate() throws {
            guard SecretProviders.all.contains(provider) else {
                throw ValidationError("Unknown provider \"\(provider)\". Choose one of: \(SecretProviders.all.joined(separator: ", ")).")
            }
            if let baseURL, BaseURLRule.normalized(baseURL) == nil { throw ValidationError(BaseURLRule.problem) }
            if !unexpected.isEmpty {
                throw ValidationError(
                    "keys set takes the key from a hidden prompt or standard input, never from arguments (they stay in your shell history): run `airfit keys set \(provider)` and paste the key, or pipe it in."
                )
            }
        }

        @Flag(
            name: [.customLong("offline"), .customLong("skip-test")],
            help: "Save after the format check only, without the live test request.")
        var offline = false

        @Option(help: "Base URL of the provider's API (custom endpoints, a remote Ollama, testing); saved with the key.")
        var baseURL: String?

        @OptionGroup var person: PersonOptions

        func run() async throws {
            let baseURL = self.baseURL.flatMap(BaseURLRule.normalized)
            let secret: String
            do {
                secret = try SecretInput.read(prompt: "API key for \(provider): ")
            } catch {
                throw CLI.fail(error)
            }
            let provider = self.provider
            if let aiProvider = AIProviderID(rawValue: provider) {
                if !offline && APIKeyFormat.isValid(secret, for: aiProvider) { CLI.printError("Testing the \(provider) key…") }
                let result = await KeyValidator(client: AIClient(logger: CLI.logger(label: "airfit.ai"))).check(
                    secret, provider: aiProvider, baseURL: baseURL, live: !offline)
                guard result.isOK else {
                    let info = AIProviderCatalog.info(aiProvider)
                    var advice = "The key was not saved. \(info.keyInstructions)"
                    if let url = info.keyURL { advice += " \(url)" }
                    if case .unreachable = result { advice += " To save it without testing, add --offline." }
                    throw CLI.fail(CLIError("\(result.message)\n\(advice)"))
                }
                if !offline { CLI.printError(result.message + ".") }
            }
            try await CLI.withStore(logger: CLI.logger()) { context in
                var owner = try await person.person(in: context)
                // The key is bound to the base URL it was tested with: it is never sent anywhere else.
                try await context.vault.saveSecret(secret, provider: provider, userID: owner.id, baseURL: baseURL)
                print("Saved the \(provider) key (\(SecretMask.mask(secret))).")
                guard AIProviderID(rawValue: provider) != nil else { return }
                let before = owner
                if owner.selectedAIProvider == nil {
                    owner.selectedAIProvider = provider
                    print("The coach now uses \(provider).")
                }
                if owner.selectedAIProvider == provider { owner.aiBaseURL = baseURL }
                if owner != before { try await context.store.updateUser(owner, from: before) }
            }
        }
    }

    /// `airfit keys list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List providers with a stored key (masked).")

        @Flag(help: "Print JSON instead of a table.")
        var json = false

        @OptionGroup var person: PersonOptions

        func run() async throws {
            let json = self.json
            try await CLI.withStore(logger: CLI.logger()) { context in
                guard let owner = try await person.existingPerson(in: context) else {
                    print(json ? "[]" : "No keys stored yet. Add one with: airfit keys set <provider>")
                    return
                }
                let stored = try await context.vault.storedSecrets(userID: owner.id)
                if json {
                    let data = try JSONCoding.encoder.encode(stored)
                    print(String(decoding: data, as: UTF8.self))
                } else if stored.isEmpty {
                    print("No keys stored yet. Add one with: airfit keys set <provider>")
                } else {
                    for entry in stored {
                        print(
                            "\(entry.provider.padding(toLength: 16, withPad: " ", startingAt: 0)) \(entry.masked)  (saved \(ISO8601.string(from: entry.updatedAt)))"
                        )
                    }
                }
            }
        }
    }

    /// `airfit keys remove <provider>`.
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a provider's stored key.")

        @Argument(help: "Provider whose key to remove.")
        var provider: String

        @OptionGroup var person: PersonOptions

        func run() async throws {
            let provider = self.provider
            try await CLI.withStore(logger: CLI.logger()) { context in
                guard let owner = try await person.existingPerson(in: context),
                    try await context.vault.deleteSecret(provider: provider, userID: owner.id)
                else { throw CLIError("No key is stored for \(provider).") }
                print("Removed the \(provider) key.")
            }
        }
    }

    /// `airfit keys rotate`.
    struct Rotate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Re-encrypt every stored key under a new master key.",
            discussion: """
                With master.key in the data directory, a new key is generated and written there.
                When the master key comes from AIRFIT_MASTER_KEY, pass --new-key-stdin and pipe the new
                base64 key (32 bytes) on standard input, then update AIRFIT_MASTER_KEY yourself.
                """)

        @Flag(help: "Read the new master key (base64, 32 bytes) from standard input.")
        var newKeyStdin = false

        func run() async throws {
            let newKeyStdin = self.newKeyStdin
            try await CLI.withStore(logger: CLI.logger()) { context in
                let newKey: MasterKey
                if newKeyStdin {
                    let text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
                    newKey = try MasterKey.parse(base64: text, source: "standard input")
                } else if context.masterKey.isFromEnvironment {
                    throw CLIError(
                        "The master key comes from AIRFIT_MASTER_KEY. Pipe a new one with --new-key-stdin, then update the variable.")
                } else {
                    newKey = MasterKey.generate()
                }
                let keyPath = context.dataDirectory.file(MasterKey.fileName)
                let pendingPath = keyPath + ".next"
                if !newKeyStdin {
                    // Written first so an interruption never leaves entries sealed with a key that is not on disk.
                    try newKey.write(to: pendingPath)
                }
                let count = try await context.vault.rotate(to: newKey)
                if !newKeyStdin {
                    guard rename(pendingPath, keyPath) == 0 else {
                        throw CLIError("Re-encrypted \(count) keys, but could not replace \(keyPath); the new key is in \(pendingPath).")
                    }
                    print("Rotated the master key: re-encrypted \(count) stored key(s). The new key is in \(keyPath).")
                } else {
                    print("Re-encrypted \(count) stored key(s). Now set AIRFIT_MASTER_KEY to the new key.")
                }
            }
        }
    }
}
