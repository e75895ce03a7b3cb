import AirFitAI
import Foundation

/// Tool definitions from `ask --tool NAME:DESCRIPTION` and `ask --tools-json FILE`.
enum ToolOptions {
    /// The schema of a `--tool` tool: any JSON object.
    static let anyObject = AIJSON.object([AIJSONMember("type", .string("object"))])

    /// The tools named on the command line, then those in `file`.
    /// - Throws: ``CLIError`` naming the option or file and what is wrong with it.
    static func definitions(specs: [String], file: String?) throws -> [ToolDefinition] {
        var tools = try specs.map { spec -> ToolDefinition in
            guard let colon = spec.firstIndex(of: ":"), colon != spec.startIndex else {
                throw CLIError("--tool \"\(spec)\" must be NAME:DESCRIPTION, for example get_weather:Current weather for a city.")
            }
            return ToolDefinition(
                name: String(spec[..<colon]), description: String(spec[spec.index(after: colon)...]), parameters: anyObject)
        }
        if let file { tools += try read(file) }
        return tools
    }

    /// Reads a JSON array of `{"name", "description", "parameters"}` objects; `parameters` defaults to any object.
    private static func read(_ path: String) throws -> [ToolDefinition] {
        guard let data = FileManager.default.contents(atPath: path) else { throw CLIError("Cannot read the tools file \(path).") }
        guard let value = try? AIJSON(parsing: Array(data)), case .array(let items) = value else {
            throw CLIError("The tools file \(path) must hold a JSON array of tools.")
        }
        return try items.enumerated().map { position, item in
            guard case .object(let members) = item, let name = members.first(where: { $0.key == "name" })?.value,
                case .string(let name) = name
            else { throw CLIError("Tool \(position + 1) in \(path) needs a \"name\" string.") }
            var description = ""
            if case .string(let text)? = members.first(where: { $0.key == "description" })?.value { description = text }
            let parameters = members.first { $0.key == "parameters" }?.value ?? anyObject
            return ToolDefinition(name: name, description: description, parameters: parameters)
        }
    }
}
