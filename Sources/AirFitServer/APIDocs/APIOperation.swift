/// One documented operation, as the reference page lists it: method, path, summary, the scope it needs, its
/// parameters, and the fields of its request and responses.
struct APIOperation: Sendable, Equatable {
    /// A parameter or a field of a body.
    struct Field: Sendable, Equatable {
        let name: String
        /// Where a parameter goes (`path`, `query`), or the JSON type of a field.
        let kind: String
        let type: String
        let required: Bool
        let description: String
    }

    /// One documented answer.
    struct Answer: Sendable, Equatable {
        let status: String
        let description: String
        /// The schema's name (`Workout`), if it has one.
        let schema: String?
        let fields: [Field]
        /// Whether ``fields`` has any (for the page's table).
        let hasFields: Bool
    }

    /// `GET`, `POST`…
    let method: String
    /// The path as documented, with `{parameter}` placeholders.
    let path: String
    let summary: String
    let description: String
    /// The token scope the operation needs (`x-airfit-scope`), or empty.
    let scope: String
    let parameters: [Field]
    /// The request body's schema name, or empty.
    let requestSchema: String
    let requestFields: [Field]
    let answers: [Answer]

    /// `"GET /api/v1/plan"`.
    var key: String { "\(method) \(path)" }

    init(method: String, path: String, operation: OrderedJSON, sharedParameters: [OrderedJSON], in document: OpenAPIDocument) {
        self.method = method.uppercased()
        self.path = path
        summary = operation["summary"]?.string ?? ""
        description = operation["description"]?.string ?? ""
        scope = operation["x-airfit-scope"]?.string ?? ""
        parameters = (sharedParameters + (operation["parameters"]?.array ?? [])).map { reference in
            let parameter = document.resolved(reference)
            let schema = document.resolved(parameter["schema"] ?? .null)
            return Field(
                name: parameter["name"]?.string ?? "", kind: parameter["in"]?.string ?? "", type: Self.typeName(schema, in: document),
                required: parameter["required"]?.bool ?? false, description: parameter["description"]?.string ?? "")
        }
        let body = operation["requestBody"].map(document.resolved)?["content"]?["application/json"]?["schema"]
        requestSchema = body.flatMap(OpenAPIDocument.referenceName) ?? ""
        requestFields = body.map { Self.fields(of: $0, in: document) } ?? []
        answers = (operation["responses"]?.members ?? []).map { member in
            let answer = document.resolved(member.value)
            let content = answer["content"]?.members?.first?.value["schema"]
            let fields = content.map { Self.fields(of: $0, in: document) } ?? []
            return Answer(
                status: member.key, description: answer["description"]?.string ?? "",
                schema: content.flatMap(OpenAPIDocument.referenceName), fields: fields, hasFields: !fields.isEmpty)
        }
    }

    /// The top-level fields of an object schema (its `allOf` parts merged), with their types and whether required.
    static func fields(of schema: OrderedJSON, in document: OpenAPIDocument) -> [Field] {
        let resolved = document.resolved(schema)
        var properties: [OrderedJSON.Member] = []
        var required: Set<String> = []
        for part in [resolved] + (resolved["allOf"]?.array ?? []).map(document.resolved) {
            properties += part["properties"]?.members ?? []
            required.formUnion((part["required"]?.array ?? []).compactMap(\.string))
        }
        var seen: Set<String> = []
        return properties.compactMap { property in
            guard seen.insert(property.key).inserted else { return nil }
            let value = document.resolved(property.value)
            return Field(
                name: property.key, kind: "field", type: typeName(property.value, in: document), required: required.contains(property.key),
                description: value["description"]?.string ?? property.value["description"]?.string ?? "")
        }
    }

    /// A schema's type as a person reads it: `string (uuid)`, `array of Workout`, `integer or null`.
    static func typeName(_ schema: OrderedJSON, in document: OpenAPIDocument) -> String {
        if let name = OpenAPIDocument.referenceName(schema) { return name }
        let types = schema["type"]?.string.map { [$0] } ?? (schema["type"]?.array ?? []).compactMap(\.string)
        var name = types.isEmpty ? "any" : types.joined(separator: " or ")
        if let format = schema["format"]?.string { name += " (\(format))" }
        if let values = schema["enum"]?.array?.compactMap(\.string), !values.isEmpty { name += ": " + values.joined(separator: ", ") }
        if types.contains("array"), let items = schema["items"] { name += " of " + typeName(items, in: document) }
        return name
    }
}
