public import AirFitCore
public import Foundation

/// A tool the coach model may call: name, what it does, and its parameters as JSON Schema.
public struct CoachToolDefinition: Sendable, Equatable {
    public var name: String
    public var description: String
    /// JSON Schema of the arguments object.
    public var parameters: JSONValue
    /// What the chat shows for a call of this tool when the call gives no card of its own.
    public var labels: ToolCardLabels

    /// Creates a definition; without labels the chat says "Running name…" and "Ran name".
    public init(name: String, labels: ToolCardLabels? = nil, description: String, parameters: JSONValue) {
        self.name = name
        self.description = description
        self.parameters = parameters
        self.labels = labels ?? ToolCardLabels(running: "Running \(name)…", done: "Ran \(name)")
    }
}

/// A tool call's card in the chat, while it runs and after it finished (the tool's own card, when it gives one,
/// replaces `done`).
public struct ToolCardLabels: Sendable, Equatable {
    /// "Logging meal…"
    public var running: String
    /// "Meal logged"
    public var done: String

    /// Creates the labels.
    public init(running: String, done: String) {
        self.running = running
        self.done = done
    }

    /// "Logging meal failed"
    public var failed: String { "\(running.hasSuffix("…") ? String(running.dropLast()) : running) failed" }

    /// The label of a finished call.
    public func finished(isError: Bool) -> String { isError ? failed : done }
}

/// What a tool needs to do its work.
public struct ToolContext: Sendable {
    public var user: User
    public var repository: any AirFitRepository
    public var weather: (any CoachWeatherSource)?
    public var now: Date
    /// The person's messages this reply answers and came before (what a confirmation is checked against).
    public var turn: ToolTurn
    /// The training plan's loop: runs the rules after `logWorkout` and takes `proposePlanChange`'s suggestions; without
    /// it, workouts are logged without analysis and the coach can't propose plan changes.
    public var plan: PlanCoordinator?

    /// Creates a context.
    public init(
        user: User, repository: any AirFitRepository, weather: (any CoachWeatherSource)? = nil, now: Date = Date(),
        turn: ToolTurn = ToolTurn(), plan: PlanCoordinator? = nil
    ) {
        self.user = user
        self.repository = repository
        self.weather = weather
        self.now = now
        self.turn = turn
        self.plan = plan
    }
}

/// Which of the person's messages a reply answers, and which came before it in the conversation: a tool that must
/// hear the person agree (``DeleteEntryTool``) accepts only a confirmation issued before their latest message.
public struct ToolTurn: Sendable, Equatable {
    /// The person's message this reply answers.
    public var current: UUID?
    /// The person's earlier messages in the conversation, oldest first.
    public var earlier: [UUID]

    /// Creates a turn.
    public init(current: UUID? = nil, earlier: [UUID] = []) {
        self.current = current
        self.earlier = earlier
    }
}

/// Weather for the `getWeather` tool, in a form the model can read.
public protocol CoachWeatherSource: Sendable {
    /// A short description of current conditions and the next days at a location, in the user's units.
    func weatherSummary(latitude: Double, longitude: Double, units: MeasurementSystem) async throws -> JSONValue
}

/// The outcome of one tool call.
public struct ToolOutcome: Sendable, Equatable {
    /// What goes back to the model as the tool result (JSON text).
    public var resultJSON: String
    /// Whether the call failed (bad arguments or unavailable data); the model is told why.
    public var isError: Bool
    /// A one-line card for the chat UI ("Workout logged: run, 30 min"), when something happened.
    public var card: String?

    /// Creates an outcome.
    public init(resultJSON: String, isError: Bool, card: String? = nil) {
        self.resultJSON = resultJSON
        self.isError = isError
        self.card = card
    }

    /// The entry a tool result is about (`entryKind` and `id` in it), so its card can link to it; nil for results that
    /// name none (or an error).
    public static func entry(inResult resultJSON: String) -> EntryReference? {
        struct Named: Decodable {
            let entryKind: HistoryKind
            let id: UUID
        }
        guard let named = try? JSONCoding.decoder.decode(Named.self, from: Data(resultJSON.utf8)) else { return nil }
        return EntryReference(kind: named.entryKind, id: named.id)
    }
}

/// A tool's implementation.
public protocol CoachToolHandler: Sendable {
    /// The definition sent to the model.
    var definition: CoachToolDefinition { get }
    /// Runs the tool. Throw `ToolError` for problems the model should hear about.
    func run(argumentsJSON: String, context: ToolContext) async throws -> ToolOutcome
}

/// A problem with a tool call, reported back to the model as a tool error (never a crash).
public enum ToolError: Error, LocalizedError, Equatable {
    case invalidArguments(String)
    case unavailable(String)
    case unknownTool(String)

    public var errorDescription: String? {
        switch self {
        case .invalidArguments(let why): return "Invalid arguments: \(why)"
        case .unavailable(let why): return why
        case .unknownTool(let name): return "There is no tool named \(name)."
        }
    }
}

extension CoachToolHandler {
    /// Decodes the arguments object, turning decoding errors into readable `ToolError.invalidArguments`.
    func decode<T: Decodable>(_ type: T.Type, from argumentsJSON: String) throws -> T {
        let text = argumentsJSON.trimmingCharacters(in: .whitespacesAndNewlines)
        do {
            return try JSONCoding.decoder.decode(T.self, from: Data((text.isEmpty ? "{}" : text).utf8))
        } catch let error as DecodingError {
            throw ToolError.invalidArguments(error.readableDescription)
        } catch {
            throw ToolError.invalidArguments("the arguments are not a JSON object.")
        }
    }

    /// Encodes a result value as JSON text.
    func result<T: Encodable>(_ value: T, card: String? = nil) throws -> ToolOutcome {
        ToolOutcome(resultJSON: String(decoding: try JSONCoding.encoder.encode(value), as: UTF8.self), isError: false, card: card)
    }
}
