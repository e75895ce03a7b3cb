import AirFitCoach
import AirFitCore
import Foundation

/// One conversation with the coach at the terminal: sends messages through ``CoachEngine`` and prints the
/// reply token by token, tool cards as the tools finish, and why a reply broke off.
struct ChatSession {
    let engine: CoachEngine
    let repository: any AirFitRepository
    /// Ctrl-C stops the reply being written.
    let interrupts: Interrupts
    /// The person, with this session's provider and model when `--provider`/`--model` chose one.
    let user: User
    /// The person as stored, to put their saved provider choice back if a tool saved the session's copy.
    let saved: User
    private(set) var conversationID: UUID
    /// Whether the cursor is in the middle of a line of reply text.
    private var midLine = false

    /// How one reply ended.
    enum Outcome: Equatable {
        case complete
        case incomplete(reason: String)
        case failed
    }

    /// Creates a session in `conversationID`.
    init(
        engine: CoachEngine, repository: any AirFitRepository, interrupts: Interrupts, user: User, saved: User, conversationID: UUID
    ) {
        self.engine = engine
        self.repository = repository
        self.interrupts = interrupts
        self.user = user
        self.saved = saved
        self.conversationID = conversationID
    }

    /// Sends one message and prints the reply.
    mutating func send(_ text: String) async -> Outcome {
        let (engine, conversationID, user) = (self.engine, self.conversationID, self.user)
        return await show { emit in try await engine.reply(to: text, conversationID: conversationID, user: user, emit: emit) }
    }

    /// Answers the conversation's last message again (after a reply broke off).
    mutating func retry() async -> Outcome {
        let (engine, conversationID, user) = (self.engine, self.conversationID, self.user)
        return await show { emit in try await engine.retry(conversationID: conversationID, user: user, emit: emit) }
    }

    /// Reads messages and commands line by line until `/quit` or the end of input.
    mutating func converse(_ input: LineInput) async {
        if input.isTerminal { CLI.printError("Type a message, /retry, /new or /quit.") }
        while true {
            if input.isTerminal { Console.write("\nyou> ") }
            guard let line = await input.nextLine() else { return }
            let text = line.trimmingCharacters(in: .whitespaces)
            switch text {
            case "":
                continue
            case "/quit", "/exit":
                return
            case "/retry":
                _ = await retry()
            case "/new":
                conversationID = UUID()
                CLI.printError("Started a new conversation.")
            case "/help":
                CLI.printError("/retry asks again after a reply broke off, /new starts a new conversation, /quit leaves.")
            default:
                if text.hasPrefix("/"), !text.contains(" ") {
                    CLI.printError("Unknown command \(text); the commands are /retry, /new and /quit.")
                    continue
                }
                if input.isTerminal { print("") }
                if case .incomplete = await send(text) { CLI.printError("Type /retry to try again.") }
            }
        }
    }

    /// Runs `reply` in a task that Ctrl-C cancels and prints its events here as they arrive.
    ///
    /// A cancelled reply still stores its partial text and reports `.incomplete` ("You stopped the reply."),
    /// because only the writing task is cancelled, never this reader.
    private mutating func show(
        _ reply: @escaping @Sendable (@escaping @Sendable (CoachEvent) -> Void) async throws -> Void
    ) async -> Outcome {
        let (events, continuation) = AsyncThrowingStream.makeStream(of: CoachEvent.self)
        let writer = Task {
            do {
                try await reply { continuation.yield($0) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        interrupts.cancelOnInterrupt(writer)
        defer { interrupts.release() }
        var outcome = Outcome.failed
        do {
            for try await event in events {
                switch event {
                case .userMessage, .toolStarted:
                    break
                case .servedBy(let route):
                    if let note = route.note {
                        endLine()
                        print("(\(note))")
                    }
                case .textDelta(let piece):
                    guard !piece.isEmpty else { continue }
                    Console.write(piece)
                    midLine = !piece.hasSuffix("\n")
                case .toolFinished(_, let name, let card, let isError, let resultJSON):
                    endLine()
                    if isError {
                        print("✗ \(name) failed: \(Self.toolError(resultJSON))")
                    } else if let card {
                        print("✓ \(card)")
                    }
                    Console.flush()
                case .finished:
                    endLine()
                    outcome = .complete
                case .incomplete(_, let reason):
                    endLine()
                    CLI.printError("The reply is incomplete: \(reason)")
                    outcome = .incomplete(reason: reason)
                }
            }
        } catch {
            endLine()
            _ = CLI.fail(error)
            outcome = .failed
        }
        await keepSavedChoice()
        return outcome
    }

    private mutating func endLine() {
        if midLine { print("") }
        midLine = false
        Console.flush()
    }

    /// The message of a tool's `{"error": "…"}` result.
    private static func toolError(_ resultJSON: String) -> String {
        (try? JSONValue(data: Data(resultJSON.utf8)))?["error"]?.stringValue ?? "the tool failed."
    }

    /// `updateGoal` saves the user it was given; with `--provider`/`--model` that copy carries this session's
    /// one-off choice, so the stored choice is put back when a tool wrote the copy's.
    private func keepSavedChoice() async {
        let choice = { (user: User) in [user.selectedAIProvider, user.selectedAIModel, user.aiBaseURL] }
        guard choice(user) != choice(saved), var stored = try? await repository.user(id: saved.id), choice(stored) == choice(user)
        else { return }
        stored.selectedAIProvider = saved.selectedAIProvider
        stored.selectedAIModel = saved.selectedAIModel
        stored.aiBaseURL = saved.aiBaseURL
        try? await repository.updateUser(stored)
    }
}
