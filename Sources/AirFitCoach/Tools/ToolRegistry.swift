public import AirFitCore
import Foundation

/// The coach's tools by name, and a dispatcher that never throws: every failure becomes a tool error for the model.
public struct ToolRegistry: Sendable {
    private let handlers: [String: any CoachToolHandler]
    /// Definitions in a stable order, for the request.
    public let definitions: [CoachToolDefinition]

    /// Creates a registry from handlers.
    public init(_ handlers: [any CoachToolHandler]) {
        self.handlers = Dictionary(handlers.map { ($0.definition.name, $0) }, uniquingKeysWith: { first, _ in first })
        definitions = handlers.map(\.definition)
    }

    /// The standard coach tools.
    public static let standard = ToolRegistry([
        LogWorkoutTool(), LogMealTool(), LogDailyMetricsTool(), GetWeatherTool(), GetRecentActivityTool(), UpdateGoalTool(),
        UpdateEntryTool(), DeleteEntryTool(), ProposePlanChangeTool(),
    ])

    /// The card labels of the tool `name` (generic ones for a tool this registry does not have).
    public func cardLabels(for name: String) -> ToolCardLabels {
        handlers[name]?.definition.labels ?? CoachToolDefinition(name: name, description: "", parameters: .null).labels
    }

    /// Short descriptions for the system prompt.
    public var promptDescriptions: [ToolDescription] { definitions.map { ToolDescription(name: $0.name, summary: $0.description) } }

    /// Runs a call; unknown tools, invalid arguments and failures come back as error outcomes.
    public func dispatch(name: String, argumentsJSON: String, context: ToolContext) async -> ToolOutcome {
        guard let handler = handlers[name] else { return Self.errorOutcome(ToolError.unknownTool(name)) }
        do {
            return try await handler.run(argumentsJSON: argumentsJSON, context: context)
        } catch {
            return Self.errorOutcome(error)
        }
    }

    static func errorOutcome(_ error: any Error) -> ToolOutcome {
        let message = (error as? any LocalizedError)?.errorDescription ?? "The tool failed."
        let json = (try? JSONCoding.encoder.encode(["error": message])).map { String(decoding: $0, as: UTF8.self) }
        return ToolOutcome(resultJSON: json ?? #"{"error":"The tool failed."}"#, isError: true)
    }
}
