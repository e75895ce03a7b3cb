import AirFitCoach
import AirFitCore
import AirFitStore
import ArgumentParser
import Foundation

/// `airfit persona`: the coach designed during onboarding.
struct PersonaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "persona",
        abstract: "Show the coach you designed during onboarding.",
        subcommands: [Show.self],
        defaultSubcommand: Show.self)

    /// `airfit persona show`.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Describe your coach in words, as JSON, or as the system prompt it uses.",
            discussion: "--prompt prints the prompt on standard output and its size estimate on standard error.")

        @Flag(help: "Print persona_profile.json and communicationPreferences as one JSON object.")
        var json = false

        @Flag(help: "Print the exact system prompt the coach would use now.")
        var prompt = false

        @OptionGroup(title: "Weather (with --prompt)") var weather: WeatherOptions

        func validate() throws {
            if json && prompt { throw ValidationError("Choose one of --json and --prompt.") }
        }

        @OptionGroup var person: PersonOptions

        func run() async throws {
            let (json, prompt, weather) = (self.json, self.prompt, self.weather)
            try await CLI.withStore(logger: CLI.logger()) { context in
                guard let owner = try await person.existingPerson(in: context) else { throw Self.notOnboarded }
                let profile = try await context.store.onboardingProfile(userID: owner.id)
                if prompt {
                    if profile == nil {
                        CLI.printError("note: you have not designed your coach yet; this is the default coach's prompt.")
                    }
                    let runtime = CoachRuntime(context: context, weather: weather, prices: try ConfiguredPrices.load())
                    let systemPrompt: SystemPrompt
                    do {
                        systemPrompt = try await runtime.engine.systemPrompt(for: owner)
                        await runtime.shutdown()
                    } catch {
                        await runtime.shutdown()
                        throw error
                    }
                    Console.write(systemPrompt.text)
                    CLI.printError("about \(systemPrompt.estimatedTokens) tokens (estimated as characters / 4)")
                    if let warning = systemPrompt.warning { CLI.printError("warning: \(warning)") }
                    return
                }
                guard let profile else { throw Self.notOnboarded }
                if json {
                    print(String(decoding: try profile.document().encoded(), as: UTF8.self))
                } else {
                    print("Your coach")
                    for line in PersonaText.profile(try profile.persona()) { print(line) }
                }
            }
        }

        private static let notOnboarded = CLIError(
            "You have not designed your coach yet. Run `airfit onboard` (or `airfit onboard --answers FILE.json`).")
    }
}
