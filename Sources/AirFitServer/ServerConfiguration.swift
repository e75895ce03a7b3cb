public import AirFitCore
public import Foundation

/// Where the server listens and how it behaves; environment first, flags override.
public struct ServerConfiguration: Sendable, Equatable {
    public var host: String
    public var port: Int
    /// `AIRFIT_ENV=development` shows developer tools.
    public var isDevelopment: Bool
    /// `AIRFIT_SIGNUP`: who may create an account after the first (`invite`, `open` or `closed`).
    public var signup: SignupPolicy = .invite

    /// Creates a configuration.
    public init(host: String = "127.0.0.1", port: Int = 8080, isDevelopment: Bool = false) {
        self.host = host
        self.port = port
        self.isDevelopment = isDevelopment
    }

    /// Reads `AIRFIT_HOST`, `AIRFIT_PORT` and `AIRFIT_ENV`.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ServerConfiguration
    {
        var configuration = ServerConfiguration()
        if let host = environment["AIRFIT_HOST"], !host.isEmpty { configuration.host = host }
        if let text = environment["AIRFIT_PORT"], !text.isEmpty {
            guard let port = Int(text), (0...65535).contains(port) else {
                throw ServerConfigurationError.invalidPort(text)
            }
            configuration.port = port
        }
        configuration.isDevelopment = environment["AIRFIT_ENV"] == "development"
        guard let signup = SignupPolicy.fromEnvironment(environment["AIRFIT_SIGNUP"]) else {
            throw ServerConfigurationError.invalidSignup(environment["AIRFIT_SIGNUP"] ?? "")
        }
        configuration.signup = signup
        return configuration
    }
}

/// A configuration value that cannot be used.
public enum ServerConfigurationError: Error, LocalizedError, Equatable {
    case invalidPort(String)
    case invalidSignup(String)

    public var errorDescription: String? {
        switch self {
        case .invalidPort(let text): return "AIRFIT_PORT must be a port number from 0 to 65535 (got \"\(text)\")."
        case .invalidSignup(let text): return "AIRFIT_SIGNUP must be invite, open or closed (got \"\(text)\")."
        }
    }
}
