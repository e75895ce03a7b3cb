/// The `GET /v1/models` response.
public enum OpenAIModelList {
    /// `{"object":"list","data":[{"id","object":"model","created","owned_by"}]}` for `models`, in order.
    /// - Parameters:
    ///   - models: the model ids.
    ///   - ownedBy: the `owned_by` of every model (the provider, or `airfit` for the coach).
    ///   - created: the Unix time in seconds reported for every model.
    public static func json(models: [String], ownedBy: String, created: Int) -> String {
        AIJSON.object([
            AIJSONMember("object", .string("list")),
            AIJSONMember(
                "data",
                .array(
                    models.map { model in
                        .object([
                            AIJSONMember("id", .string(model)),
                            AIJSONMember("object", .string("model")),
                            AIJSONMember("created", .integer(created)),
                            AIJSONMember("owned_by", .string(ownedBy)),
                        ])
                    })),
        ]).encoded
    }
}
