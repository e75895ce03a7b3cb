/// The `GET /v1/models` response.
public enum OpenAIModelList {
    /// `{"object":"list","data":[{"id","object":"model","created","owned_by"}]}` for `models`, in order.
    /// - Parameters:
    ///   - models: the model ids.
    ///   - ownedBy: the `owned_by` of every model (the provider, or `airfit` for the coach).
    ///   - created: the Unix time in seconds reported for every model.
    public static func json(models: [String], ownedBy: String, created: Int) -> String {
        json(entries: models.map { (id: $0, ownedBy: ownedBy) }, created: created)
    }

    /// The same for models with owners of their own.
    public static func json(entries: [(id: String, ownedBy: String)], created: Int) -> String {
        AIJSON.object([
            AIJSONMember("object", .string("list")),
            AIJSONMember("data", .array(entries.map { model($0.id, ownedBy: $0.ownedBy, created: created) })),
        ]).encoded
    }

    /// One model, as `GET /v1/models/{model}` answers: `{"id","object":"model","created","owned_by"}`.
    public static func json(id: String, ownedBy: String, created: Int) -> String {
        model(id, ownedBy: ownedBy, created: created).encoded
    }

    private static func model(_ id: String, ownedBy: String, created: Int) -> AIJSON {
        .object([
            AIJSONMember("id", .string(id)),
            AIJSONMember("object", .string("model")),
            AIJSONMember("created", .integer(created)),
            AIJSONMember("owned_by", .string(ownedBy)),
        ])
    }
}
