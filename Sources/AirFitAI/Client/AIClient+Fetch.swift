/// Small non-streaming requests: model lists, key tests, health checks.
extension AIClient {
    /// A complete small response.
    struct Fetched: Sendable {
        var status: Int
        var body: [UInt8]
    }

    /// Sends `http` once and reads the whole body (up to `limit` bytes) within the request timeout.
    /// - Throws: a ``ServiceError``: non-2xx statuses are classified as for chat requests.
    func fetch(_ http: ProviderHTTPRequest, endpoint: ProviderEndpoint, limit: Int = 4 << 20) async throws(ServiceError) -> [UInt8] {
        let timeout = configuration.requestTimeout
        let transport = transport
        let result: Result<(HTTPTransportResponse, [UInt8]), any Error> = await withTaskGroup(
            of: Result<(HTTPTransportResponse, [UInt8]), any Error>?.self
        ) { group in
            group.addTask {
                do {
                    let response = try await transport.send(http, headTimeout: timeout)
                    let body = try await response.body.collect(upTo: limit)
                    return .success((response, body))
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return Task.isCancelled ? nil : .failure(TransportError.timedOut)
            }
            defer { group.cancelAll() }
            while let next = await group.next() {
                if let next { return next }
            }
            return .failure(CancellationError())
        }
        switch result {
        case .success(let (response, body)):
            guard (200..<300).contains(response.status) else {
                let error = statusError(response, body: body, endpoint: endpoint)
                throw (error as? RetryableFailure)?.error ?? (error as? ServiceError) ?? .unknown("HTTP \(response.status)")
            }
            return body
        case .failure(let error):
            throw Self.serviceError(error, watchdog: StreamWatchdog(), redactor: endpoint.redactor)
        }
    }

    /// The models the provider offers now, as model ids.
    /// - Throws: a ``ServiceError`` when the list cannot be fetched.
    public func listModels(provider: AIProviderID, key: String?, baseURL: String? = nil) async throws(ServiceError) -> [String] {
        let endpoint = ProviderEndpoint(provider: provider, baseURL: baseURL, key: key)
        let body = try await fetch(provider.requestBuilder.listModelsRequest(endpoint: endpoint), endpoint: endpoint)
        guard let ids = ModelListParser.ids(body, provider: provider) else {
            throw .invalidResponse("the model list from \(endpoint.info.displayName) could not be read")
        }
        return ids
    }

    /// The live model list, or the catalog's models when the provider cannot be asked.
    public func modelsWithFallback(provider: AIProviderID, key: String?, baseURL: String? = nil) async -> (models: [String], live: Bool) {
        if let live = try? await listModels(provider: provider, key: key, baseURL: baseURL), !live.isEmpty {
            return (live, true)
        }
        return (AIProviderCatalog.info(provider).models.map(\.id), false)
    }
}
