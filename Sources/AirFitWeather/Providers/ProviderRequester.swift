import Foundation
import Logging

/// The plumbing every provider shares: building URLs, one GET, status codes to ``WeatherError``, JSON decoding.
struct ProviderRequester: Sendable {
    let provider: WeatherProviderID
    let baseURL: URL
    let http: any WeatherHTTPClient
    let timeout: Duration
    let logger: Logger

    /// A provider's reading of an error body: a specific error, or a message for the generic mapping.
    struct ErrorReading: Sendable {
        var error: WeatherError?
        var message: String?
    }

    /// GETs `path` under the base URL and decodes a `T` from a 2xx body.
    /// - Parameters:
    ///   - secrets: values (API keys) that must never appear in an error or log line.
    ///   - readError: turns a non-2xx body into a provider-specific error or message.
    func get<T: Decodable>(
        _ type: T.Type, path: String, query: [(String, String)], secrets: [String] = [],
        readError: @Sendable (Int, Data) -> ErrorReading = { _, _ in ErrorReading() }
    ) async throws -> T {
        let url = try makeURL(path: path, query: query)
        let response: WeatherHTTPResponse
        do {
            response = try await http.get(WeatherHTTPRequest(url: url, timeout: timeout))
        } catch let error as WeatherTransportError {
            let reason = URLRedactor.redact(error.description, secrets: secrets)
            logger.debug("Weather provider unreachable", metadata: ["provider": "\(provider.rawValue)", "reason": "\(reason)"])
            throw WeatherError.unreachable(provider, reason: reason)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            let reason = URLRedactor.redact("\(error)", secrets: secrets)
            throw WeatherError.unreachable(provider, reason: reason)
        }
        logger.debug(
            "Weather provider answered",
            metadata: ["provider": "\(provider.rawValue)", "status": "\(response.status)", "bytes": "\(response.body.count)"])
        guard (200..<300).contains(response.status) else {
            throw mapStatus(response, reading: readError(response.status, response.body), secrets: secrets)
        }
        do {
            return try JSONDecoder().decode(T.self, from: response.body)
        } catch {
            throw WeatherError.invalidResponse(provider, detail: Self.describe(error))
        }
    }

    /// Base URL (which may carry a path prefix) + `path` + percent-encoded query.
    func makeURL(path: String, query: [(String, String)]) throws -> URL {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false),
            components.scheme == "http" || components.scheme == "https", components.host?.isEmpty == false
        else {
            throw WeatherError.unreachable(provider, reason: "the base URL \(URLRedactor.redact(baseURL)) is not an http(s) URL")
        }
        let prefix = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.path = prefix + path
        components.percentEncodedQuery = query.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        guard let url = components.url else {
            throw WeatherError.unreachable(provider, reason: "the request URL could not be built")
        }
        return url
    }

    private func mapStatus(_ response: WeatherHTTPResponse, reading: ErrorReading, secrets: [String]) -> WeatherError {
        if let error = reading.error { return error }
        let message = reading.message.map { Self.clip(URLRedactor.redact($0, secrets: secrets)) }
        switch response.status {
        case 401, 403:
            return provider.secretProvider == nil ? .providerFailure(provider, status: response.status) : .invalidAPIKey(provider)
        case 429:
            return .rateLimited(provider, retryAfterSeconds: response.header("Retry-After").flatMap { Int($0) })
        case 400, 404, 422:
            return .rejected(provider, message: message ?? "HTTP \(response.status)")
        default:
            return .providerFailure(provider, status: response.status)
        }
    }

    /// Coordinates as plain decimals ("52.5200"), never exponent notation.
    static func coordinate(_ value: Double) -> String { String(format: "%.4f", value) }

    private static let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~,")

    private static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private static func clip(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.count > 200 ? trimmed.prefix(200) + "…" : trimmed
    }

    /// A decoding failure as a short path, e.g. "current.temperature_2m is missing".
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not JSON" }
        func path(_ keys: [any CodingKey]) -> String {
            let text = keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
            return text.isEmpty ? "the body" : text.replacingOccurrences(of: ".[", with: "[")
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context.codingPath + [key])) is missing"
        case .valueNotFound(_, let context): return "\(path(context.codingPath)) is null"
        case .typeMismatch(_, let context): return "\(path(context.codingPath)) has the wrong type"
        case .dataCorrupted(let context): return context.codingPath.isEmpty ? "not JSON" : "\(path(context.codingPath)) is invalid"
        @unknown default: return "unreadable JSON"
        }
    }
}
