public import Foundation

/// Why weather could not be fetched, worded for the person who has to act on it.
///
/// No case ever carries an API key: provider messages and URLs are redacted before they get here.
public enum WeatherError: Error, LocalizedError, Sendable, Hashable {
    /// Latitude outside −90…90 or longitude outside −180…180 (or not a number).
    case invalidCoordinates(latitude: Double, longitude: Double)
    /// A forecast length outside 1…16 days.
    case invalidDays(Int)
    /// The provider needs a key and none is stored.
    case missingAPIKey(WeatherProviderID)
    /// The stored key exists but the vault could not open it.
    case keyUnreadable(WeatherProviderID)
    /// The provider rejected the stored key (HTTP 401/403).
    case invalidAPIKey(WeatherProviderID)
    /// The provider is refusing requests for now (HTTP 429 or a used-up quota).
    case rateLimited(WeatherProviderID, retryAfterSeconds: Int?)
    /// The provider could not be reached: refused, unresolvable, or no answer in time.
    case unreachable(WeatherProviderID, reason: String)
    /// The provider turned the request down (HTTP 400/404) with this explanation.
    case rejected(WeatherProviderID, message: String)
    /// The provider failed on its side (HTTP 5xx or another unexpected status).
    case providerFailure(WeatherProviderID, status: Int)
    /// The provider answered with something that is not the weather data it documents.
    case invalidResponse(WeatherProviderID, detail: String)

    public var errorDescription: String? {
        switch self {
        case .invalidCoordinates(let latitude, let longitude):
            "The location \(latitude), \(longitude) is not on the map: latitude must be between -90 and 90 and longitude between -180 and 180."
        case .invalidDays(let days):
            "A forecast can cover 1 to 16 days, not \(days)."
        case .missingAPIKey(let provider):
            "No \(provider.displayName) API key is stored."
        case .keyUnreadable(let provider):
            "The stored \(provider.displayName) API key could not be read."
        case .invalidAPIKey(let provider):
            "\(provider.displayName) did not accept the stored API key."
        case .rateLimited(let provider, let retryAfter):
            "\(provider.displayName) is limiting requests right now\(retryAfter.map { " (try again in \($0) s)" } ?? "")."
        case .unreachable(let provider, let reason):
            "Could not reach \(provider.displayName): \(reason)."
        case .rejected(let provider, let message):
            "\(provider.displayName) rejected the request: \(message)\(message.last.map { ".!?".contains($0) } == true ? "" : ".")"
        case .providerFailure(let provider, let status):
            "\(provider.displayName) had a problem answering (HTTP \(status))."
        case .invalidResponse(let provider, let detail):
            "\(provider.displayName) sent a response AirFit could not read (\(detail))."
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .invalidCoordinates:
            "Check the latitude and longitude; for example Berlin is 52.52, 13.41."
        case .invalidDays:
            "Ask for between 1 and 16 days."
        case .missingAPIKey(let provider):
            "Add your \(provider.displayName) key in Settings → Location & weather (or with `\(Self.keysCommand(provider))`), or use "
                + "Open-Meteo, which needs no key (the coach always does)."
        case .keyUnreadable(let provider):
            "Run `airfit doctor` to check the master key, or store the \(provider.displayName) key again in Settings → Location & weather "
                + "(or with `\(Self.keysCommand(provider))`)."
        case .invalidAPIKey(let provider):
            "Check the key in your \(provider.displayName) account (new keys can take a while to activate), then store it again in "
                + "Settings → Location & weather (or with `\(Self.keysCommand(provider))`)."
        case .rateLimited:
            "Wait a few minutes before asking again, or check your plan's request limit."
        case .unreachable:
            "Check your internet connection and try again."
        case .rejected:
            "Check the location and forecast length you asked for."
        case .providerFailure(let provider, _), .invalidResponse(let provider, _):
            provider == .openMeteo
                ? "Try again in a few minutes."
                : "Try again in a few minutes, or use Open-Meteo, which needs no key (`airfit weather --provider open-meteo`)."
        }
    }

    /// `airfit keys set openweathermap`: the command that stores `provider`'s key.
    private static func keysCommand(_ provider: WeatherProviderID) -> String {
        "airfit keys set \(provider.secretProvider ?? provider.rawValue)"
    }

    /// The description and the suggestion together, for one-line outputs such as the CLI.
    public var fullMessage: String {
        [errorDescription, recoverySuggestion].compactMap { $0 }.joined(separator: " ")
    }
}
