import AirFitAI
import AirFitCoach
import AirFitCore
import AirFitStore
import ArgumentParser
import Foundation

/// `airfit onboard`: the Persona Blueprint flow on ``OnboardingFlow``, at the terminal or from a JSON file.
struct OnboardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "onboard",
        abstract: "Design your coach: the Persona Blueprint questions, at the terminal or from a JSON file.",
        discussion: """
            Questions are read line by line, so answers may be piped in. On any question type b to go back or \
            "later" to stop; the answers so far are kept and `airfit onboard` continues where you stopped. \
            With --answers, every answer comes from a JSON file (schema in the README); invalid answers are \
            listed by field and nothing is saved. A custom goal is analysed by your AI provider when one is \
            set up, else locally.
            """)

    @Option(help: ArgumentHelp("Answer every question from this JSON file instead of the terminal.", valueName: "file.json"))
    var answers: String?

    @OptionGroup var person: PersonOptions

    func run() async throws {
        if let answers {
            try await runAnswers(path: answers)
        } else {
            try await runInteractive()
        }
    }

    // MARK: - At the terminal

    private func runInteractive() async throws {
        try await CLI.withStore(logger: CLI.logger()) { context in
            let owner = try await person.person(in: context)
            let steps = TerminalOnboarding(context: context, email: person.email)
            let prompter = OnboardingPrompter(input: LineInput())
            var flow = OnboardingFlow()
            var pending: [OnboardingFlow.Action]
            if let draft = try await loadDraft(context, userID: owner.id) {
                flow = OnboardingFlow(draft: draft)
                let title = draft.screen.title.isEmpty ? "the start" : draft.screen.title
                print("Welcome back: continuing where you stopped (\(title)).")
                pending = flow.handle(.resume)
            } else {
                if try await context.store.onboardingProfile(userID: owner.id) != nil {
                    print("You have designed your coach before (see `airfit persona show`); finishing again replaces it.")
                }
                pending = [.show(flow.screen)]
            }
            let runner = OnboardingRunner(effects: steps.effects(keepingDraftFor: owner.id))
            let present: (OnboardingFlow.Action, OnboardingDraft) async throws -> [OnboardingFlow.Event] = { action, draft in
                switch action {
                case .show(let screen): prompter.show(screen, draft: draft)
                case .showIssues(let issues): for issue in issues { print("! \(issue.message)") }
                case .showError(let message): print("! \(message)")
                default: break
                }
                return []
            }
            var ending = try await runner.run(pending, flow: &flow, present: present)
            while ending == nil {
                guard let event = await prompter.ask(&flow.draft) else {
                    try await saveDraft(flow.draft, context, userID: owner.id)
                    Console.flush()
                    throw CLIError(
                        "The input ended before onboarding was finished; your answers so far are saved. Run `airfit onboard` to continue."
                    )
                }
                ending = try await runner.handle(event, flow: &flow, present: present)
            }
            switch ending {
            case .left: print("No problem: your answers are saved. Run `airfit onboard` to pick up where you left off.")
            case .completed, nil: print("Saved. Your coach is ready: talk to it with `airfit chat`.")
            }
        }
    }

    // MARK: - From a file

    private func runAnswers(path: String) async throws {
        guard let data = FileManager.default.contents(atPath: path) else { throw CLI.fail(CLIError("Could not read \(path).")) }
        let answers: OnboardingAnswers
        do {
            answers = try OnboardingAnswers(json: data)
        } catch {
            throw Self.reject(error.issues)
        }
        // The question screens need no storage, so invalid answers never create or touch the data directory.
        let draft: OnboardingDraft
        let analyzeGoal: Bool
        do {
            (draft, analyzeGoal) = try answers.validated()
        } catch {
            throw Self.reject(error.issues)
        }
        try await CLI.withStore(logger: CLI.logger()) { context in
            var flow = OnboardingFlow(draft: draft)
            // A file of answers is all or nothing: no half-finished draft is kept.
            let runner = OnboardingRunner(effects: TerminalOnboarding(context: context, email: person.email).effects(keepingDraftFor: nil))
            print("Creating your coach…")
            let ending = try await runner.run([.generate(analyzeGoal: analyzeGoal)], flow: &flow) { action, draft in
                guard action == .show(.coachProfileReady) else {
                    throw CLIError("Onboarding stopped unexpectedly (\(action)); nothing was saved.")
                }
                print("Your coach is ready.")
                for line in PersonaText.summary(PersonaSynthesis.summary(of: PersonaSynthesis.profile(from: draft))) { print(line) }
                return [.finish]
            }
            guard ending == .completed else { throw CLIError("Onboarding stopped before saving; nothing was saved.") }
            print("Saved. Talk to your coach with `airfit chat`.")
        }
    }

    /// Prints each problem as `field: message` and returns the exit code.
    private static func reject(_ issues: [ValidationIssue]) -> ExitCode {
        for issue in issues { CLI.printError("\(OnboardingAnswers.documentField(issue.field)): \(issue.message)") }
        CLI.printError("error: the answers are not valid; nothing was saved.")
        return .failure
    }

    // MARK: - The half-finished draft

    /// The owner's half-finished draft, shared with the web app (the same onboarding resumes in either); repaired,
    /// with what was changed printed, when an answer in it fails its field check.
    private func loadDraft(_ context: StoreContext, userID: UUID) async throws -> OnboardingDraft? {
        guard var draft = try await context.store.draft(userID: userID) else { return nil }
        let notes = draft.repair()
        for note in notes { print("! \(note)") }
        if !notes.isEmpty { try await context.store.saveDraft(draft, userID: userID) }
        return draft
    }

    /// Saves the owner's draft, or deletes it when `draft` is `nil`.
    private func saveDraft(_ draft: OnboardingDraft?, _ context: StoreContext, userID: UUID) async throws {
        if let draft {
            try await context.store.saveDraft(draft, userID: userID)
        } else {
            _ = try await context.store.deleteDraft(userID: userID)
        }
    }
}

/// The flow's effects at the terminal, through ``OnboardingCompletion``: goal analysis with its steps printed, and
/// completion for the owner (created now if this is the first use).
private struct TerminalOnboarding {
    let context: StoreContext
    /// Whose coach: a member's email, or `nil` for the owner.
    let email: String?

    /// The runner's effects; the draft is kept for `owner` (nil: never kept, and removed on completion).
    func effects(keepingDraftFor owner: UUID?) -> OnboardingEffects {
        let (context, email) = (self.context, self.email)
        return OnboardingEffects(
            persist: { draft in if let owner { try await context.store.saveDraft(draft, userID: owner) } },
            goal: { draft, analyzeGoal in
                await TerminalOnboarding(context: context, email: email).goal(for: draft, analyzeGoal: analyzeGoal)
            },
            complete: { draft in
                try await TerminalOnboarding(context: context, email: email).complete(draft)
                if let owner = try await context.existingPerson(email: email) { _ = try await context.store.deleteDraft(userID: owner.id) }
            })
    }

    /// Runs goal analysis (by the owner's AI provider when one is set up, else locally), printing the steps.
    func goal(for draft: OnboardingDraft, analyzeGoal: Bool) async -> StructuredGoal {
        var selection: CoachModelSelection?
        if analyzeGoal, let owner = try? await context.existingPerson(email: email) {
            selection = await CoachModelSelection.resolveIfAvailable(user: owner, vault: context.vault)
        }
        if analyzeGoal {
            print("  • Analyzing your goal" + (selection.map { " with \($0.provider.rawValue) (\($0.resolvedModel))…" } ?? " locally…"))
            Console.flush()
        }
        let analyzer = GoalAnalyzer(streamer: AIClient(logger: CLI.logger(label: "airfit.ai")), log: context.store)
        let result = await OnboardingCompletion(repository: context.store, analyzer: analyzer)
            .goal(for: draft, analyzeGoal: analyzeGoal, selection: selection)
        print("  • Shaping your coach's personality")
        print("  • Setting boundaries around your sleep and schedule")
        let source: String
        switch result.goal.source {
        case .card: source = "from the card \"\(draft.aspirationCard?.displayName ?? "")\""
        case .llm: source = "analysed by the model" + (selection.map { " (\($0.provider.rawValue) \($0.resolvedModel))" } ?? "")
        case .local: source = "from the local analysis" + (result.fallbackReason.map { " (\($0))" } ?? "")
        case nil: source = "from your answers"
        }
        print("Goal: \(PersonaText.goal(result.goal)) — \(source)")
        return result.goal
    }

    /// Saves the persona for the owner (created now if this is the first use).
    func complete(_ draft: OnboardingDraft) async throws {
        let owner = try await context.person(email: email)
        let analyzer = GoalAnalyzer(streamer: AIClient(logger: CLI.logger(label: "airfit.ai")))
        try await OnboardingCompletion(repository: context.store, analyzer: analyzer).complete(draft, user: owner)
    }
}
