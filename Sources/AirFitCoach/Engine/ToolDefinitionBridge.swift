import AirFitAI
import AirFitCore
import Foundation

/// Converts the coach's tool definitions (Core JSON) into the AI layer's.
enum ToolDefinitionBridge {
    static func definition(_ tool: CoachToolDefinition) throws -> ToolDefinition {
        let text = String(decoding: try tool.parameters.encoded(), as: UTF8.self)
        return ToolDefinition(name: tool.name, description: tool.description, parameters: try AIJSON(parsing: text))
    }
}
