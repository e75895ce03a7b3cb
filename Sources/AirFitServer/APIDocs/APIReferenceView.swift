/// `/api/docs`: the API reference, generated from the OpenAPI document: each operation with its method, path, summary,
/// the scope it needs, its parameters and the fields it takes and answers. No scripts.
struct APIReferenceView: PageView {
    static let template = "apiReference"

    /// One operation as the page lists it.
    struct Row: Sendable {
        let anchor: String
        let method: String
        let path: String
        let summary: String
        let description: String
        let scope: String?
        let parameters: [APIOperation.Field]
        let hasParameters: Bool
        let requestSchema: String?
        let requestFields: [APIOperation.Field]
        let hasRequest: Bool
        let answers: [APIOperation.Answer]
    }

    let title: String
    let version: String
    let description: String
    let rows: [Row]

    init(document: OpenAPIDocument) {
        title = document.root["info"]?["title"]?.string ?? "API"
        version = document.root["info"]?["version"]?.string ?? ""
        description = document.root["info"]?["description"]?.string ?? ""
        rows = document.operations.map { operation in
            Row(
                anchor: (operation.method + operation.path).lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined(),
                method: operation.method, path: operation.path, summary: operation.summary, description: operation.description,
                scope: operation.scope.isEmpty ? nil : operation.scope, parameters: operation.parameters,
                hasParameters: !operation.parameters.isEmpty,
                requestSchema: operation.requestSchema.isEmpty ? nil : operation.requestSchema, requestFields: operation.requestFields,
                hasRequest: !operation.requestFields.isEmpty || !operation.requestSchema.isEmpty, answers: operation.answers)
        }
    }
}
