/// A ready-to-send HTTP request for a provider: method, URL, headers and JSON body.
public struct ProviderHTTPRequest: Sendable, Hashable {
    /// The HTTP method.
    public var method: String
    /// The full URL.
    public var url: String
    /// Header fields in order. Secret-bearing fields are listed in ``secretHeaderNames``.
    public var headers: [HTTPHeaderField]
    /// The body bytes (UTF-8 JSON), empty for `GET`.
    public var body: [UInt8]

    /// Creates a request.
    public init(method: String = "POST", url: String, headers: [HTTPHeaderField], body: [UInt8] = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// The body as text.
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// The value of the first header named `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Header names whose values are secrets and must never be logged.
    public static let secretHeaderNames: Set<String> = ["authorization", "x-api-key", "x-goog-api-key"]
}

/// One HTTP header field.
public struct HTTPHeaderField: Sendable, Hashable {
    /// The field name.
    public var name: String
    /// The field value.
    public var value: String

    /// Creates a field.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// Where and how to reach a provider for one request.
public struct ProviderEndpoint: Sendable, Hashable {
    /// The provider's catalog entry (limits, defaults).
    public var info: AIProviderInfo
    /// The base URL, without a trailing slash.
    public var baseURL: String
    /// The key, if any.
    public var key: String?

    /// Creates an endpoint; `baseURL` defaults to the catalog's.
    public init(provider: AIProviderID, baseURL: String? = nil, key: String? = nil) {
        info = AIProviderCatalog.info(provider)
        var base = baseURL ?? info.baseURL
        while base.hasSuffix("/") { base.removeLast() }
        self.baseURL = base
        self.key = key.flatMap { $0.isEmpty ? nil : $0 }
    }
}
