import AirFitAI
import AirFitCoach
import AirFitCore
import AirFitStore
import ArgumentParser
import Foundation

/// `airfit chat`: talk with your coach, the reply streamed as it is written.
struct ChatCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chat",
        abstract: "Talk with your coach; replies stream as they are written.",
        discussion: """
            Continues your most recent conversation unless --new. Type one message per line: /retry asks again \
            after a reply broke off, /new starts a new conversation, /quit (or the end of input) leaves. \
            What the coach logs appears as a card ("✓ Workout logged: run, 30 min"). Works from a pipe; with \
            --message, sends one message and exits 1 when the reply is incomplete. Ctrl-C stops a reply being \
            written (what arrived is kept, marked incomplete); at the prompt it leaves.
            """)

    private static let providerNames = AIProviderID.allCases.map(\.rawValue).joined(separator: ", ")

    @Flag(help: "Start a new conversation instead of continuing the most recent one.")
    var new = false

    @Option(help: "Provider for this session: \(Self.providerNames). Defaults to your saved choice.")
    var provider: String?

    @Option(help: "Model for this session; defaults to your saved choice or the provider's default.")
    var model: String?

    @Option(help: "Base URL of the provider API for this session (custom endpoints and testing).")
    var baseURL: String?

    @Option(name: [.short, .long], help: "Send this one message, print the reply and exit (for scripts).")
    var message: String?

    @OptionGroup var weather: WeatherOptions

    func validate() throws {
        if let provider, AIProviderID(rawValue: provider) == nil {
            throw ValidationError("Unknown provider \"\(provider)\". Choose one of: \(Self.providerNames).")
        }
        if let message, message.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw ValidationError("--message needs some text.")
        }
    }

    @OptionGroup var person: PersonOptions

    func run() async throws {
        let (startNew, message, weather) = (new, self.message, self.weather)
        let outcome = try await CLI.withStore(logger: CLI.logger()) { context -> ChatSession.Outcome in
            let owner = try await person.person(in: context)
            let user = sessionUser(owner)
            if let baseURL, let name = user.selectedAIProvider {
                // A stored key goes only to the base URL saved with it.
                let credential = try await context.vault.credential(provider: name, userID: owner.id)
                _ = try CLI.address(for: name, flag: baseURL, credential: credential, owner: owner)
            }
            do {
                _ = try await CoachModelSelection.resolve(user: user, vault: context.vault)
            } catch CoachError.noProvider {
                throw CLIError(
                    "No AI provider is chosen. Pass --provider (and --model) after storing its key with `airfit keys set <provider>`, or choose one in the web app's Settings."
                )
            }
            if try await context.store.onboardingProfile(userID: owner.id) == nil {
                CLI.printError("note: you have not designed your coach yet, so it uses a balanced default; run `airfit onboard`.")
            }
            let conversationID = try await conversation(context, userID: owner.id, startNew: startNew)
            let runtime = CoachRuntime(context: context, weather: weather, prices: try ConfiguredPrices.load())
            var session = ChatSession(
                engine: runtime.engine, repository: context.store, interrupts: Interrupts(), user: user, saved: owner,
                conversationID: conversationID)
            var outcome = ChatSession.Outcome.complete
            if let message {
                outcome = await session.send(message)
            } else {
                await session.converse(LineInput())
            }
            await UsageWrites.shared.drain()
            await runtime.shutdown()
            return outcome
        }
        if outcome != .complete { throw ExitCode.failure }
    }

    /// The owner with this session's provider, model and base URL (never saved).
    private func sessionUser(_ owner: User) -> User {
        var user = owner
        if let provider, provider != owner.selectedAIProvider {
            user.selectedAIProvider = provider
            user.selectedAIModel = nil
            user.aiBaseURL = nil
        }
        if let model { user.selectedAIModel = model }
        if let baseURL { user.aiBaseURL = baseURL }
        return user
    }

    /// The most recent conversation, or a new one.
    private func conversation(_ context: StoreContext, userID: UUID, startNew: Bool) async throws -> UUID {
        guard !startNew, let latest = try await context.store.conversations(userID: userID).first else { return UUID() }
        CLI.printError(
            "Continuing your conversation from \(ISO8601.string(from: latest.lastMessageAt).prefix(10)) (\(latest.messageCount) messages); --new starts another."
        )
        return latest.id
    }
}
