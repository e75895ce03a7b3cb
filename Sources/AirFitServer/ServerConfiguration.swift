public import AirFitCore
public import AirFitOIDC
public import Foundation

/// Where the server listens and how it behaves; environment first, flags override.
public struct ServerConfiguration: Sendable, Equatable {
    public var host: String
    public var port: Int
    /// `AIRFIT_ENV=development` shows developer tools.
    public var isDevelopment: Bool
    /// `AIRFIT_SIGNUP`: who may create an account after the first (`invite`, `open` or `closed`).
    public var signup: SignupPolicy = .invite
    /// `AIRFIT_PUBLIC_URL`: the origin people reach the server at (behind a proxy, say); `nil` means
    /// `http://<host>:<port>` (see ``publicOrigin``).
    public var publicURL: URL?
    /// The OpenID Connect providers (`AIRFIT_OIDC_PROVIDERS` or `AIRFIT_OIDC_CONFIG`).
    public var oidc = OIDCConfiguration(providers: [])
    /// `AIRFIT_TLS_CERT` and `AIRFIT_TLS_KEY`: serve HTTPS directly with this PEM certificate chain and key.
    public var tls: TLSFiles?

    /// The PEM files of a certificate chain and its private key.
    public struct TLSFiles: Sendable, Equatable {
        public var certificatePath: String
        public var keyPath: String

        /// The two paths.
        public init(certificatePath: String, keyPath: String) {
            self.certificatePath = certificatePath
            self.keyPath = keyPath
        }
    }

    /// The variable holding the public origin.
    public static let publicURLVariable = "AIRFIT_PUBLIC_URL"

    /// Creates a configuration.
    public init(host: String = "127.0.0.1", port: Int = 8080, isDevelopment: Bool = false, publicURL: URL? = nil) {
        self.host = host
        self.port = port
        self.isDevelopment = isDevelopment
        self.publicURL = publicURL
    }

    /// The origin links in emails start with: ``publicURL``, or `http://<host>:<port>` (`127.0.0.1` when the server
    /// listens on every address, which no link can name).
    public var publicOrigin: URL {
        if let publicURL { return publicURL }
        var name = host
        if ["0.0.0.0", "::", "[::]", ""].contains(name) { name = "127.0.0.1" }
        if name.contains(":") && !name.hasPrefix("[") { name = "[\(name)]" }
        let scheme = tls == nil ? "http" : "https"
        return URL(string: "\(scheme)://\(name):\(port)") ?? URL(string: "http://127.0.0.1:\(port)")!
    }

    /// `url` as an origin string without a trailing `/`: `https://fit.example.com`.
    public static func origin(of url: URL) -> String {
        var text = url.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// Reads `AIRFIT_HOST`, `AIRFIT_PORT`, `AIRFIT_ENV` and `AIRFIT_PUBLIC_URL`.
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
        if let text = environment[publicURLVariable]?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
            configuration.publicURL = try parsePublicURL(text)
        }
        configuration.tls = try tlsFiles(environment)
        do {
            configuration.oidc = try OIDCConfiguration.load(environment: environment) { path in
                try Data(contentsOf: URL(fileURLWithPath: path))
            }
        } catch let error as OIDCConfigurationError {
            throw ServerConfigurationError.invalidProviders(error.message)
        }
        if !configuration.oidc.providers.isEmpty && configuration.publicURL == nil {
            throw ServerConfigurationError.providersNeedPublicURL
        }
        return configuration
    }

    /// `AIRFIT_TLS_CERT` and `AIRFIT_TLS_KEY`: both (readable files) or neither.
    static func tlsFiles(_ environment: [String: String]) throws(ServerConfigurationError) -> TLSFiles? {
        let certificate = environment["AIRFIT_TLS_CERT"].flatMap { $0.isEmpty ? nil : $0 }
        let key = environment["AIRFIT_TLS_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        switch (certificate, key) {
        case (nil, nil): return nil
        case (let certificate?, let key?):
            for (name, path) in [("AIRFIT_TLS_CERT", certificate), ("AIRFIT_TLS_KEY", key)]
            where !FileManager.default.isReadableFile(atPath: path) {
                throw .invalidTLS("\(name) names a file that can't be read: check the path and its permissions.")
            }
            return TLSFiles(certificatePath: certificate, keyPath: key)
        default:
            throw .invalidTLS("Set both AIRFIT_TLS_CERT (the PEM certificate chain) and AIRFIT_TLS_KEY (its PEM private key), or neither.")
        }
    }

    /// `https://fit.example.com` or `http://192.168.1.20:8080`: an http or https origin, a trailing `/` dropped.
    /// - Throws: ``ServerConfigurationError/invalidPublicURL(_:)`` saying what is wrong.
    public static func parsePublicURL(_ text: String) throws(ServerConfigurationError) -> URL {
        func invalid(_ reason: String) -> ServerConfigurationError { .invalidPublicURL(reason) }
        guard !text.contains(where: \.isWhitespace), let components = URLComponents(string: text) else {
            throw invalid("is not a URL")
        }
        guard let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw invalid("must start with http:// or https://")
        }
        guard let host = components.host, !host.isEmpty else { throw invalid("has no host name") }
        guard components.user == nil, components.password == nil else { throw invalid("must not contain a user name or password") }
        if let port = components.port, !(1...65535).contains(port) { throw invalid("has a port outside 1 to 65535") }
        guard components.path.isEmpty || components.path == "/" else {
            throw invalid("must be an origin without a path (AirFit is served from the root of its host)")
        }
        guard components.query == nil, components.fragment == nil else { throw invalid("must not have a query (?…) or a fragment (#…)") }
        var origin = URLComponents()
        origin.scheme = scheme
        origin.host = host.lowercased()
        origin.port = components.port
        guard let url = origin.url else { throw invalid("is not a URL") }
        return url
    }
}

/// A configuration value that cannot be used.
public enum ServerConfigurationError: Error, LocalizedError, Equatable {
    case invalidPort(String)
    case invalidSignup(String)
    /// `AIRFIT_PUBLIC_URL` is not an http(s) origin; the reason says what is wrong.
    case invalidPublicURL(String)
    /// The sign-in providers' configuration can't be used; the message says which setting and why.
    case invalidProviders(String)
    /// Providers are configured but not the public origin they return people to.
    case providersNeedPublicURL
    /// The TLS settings can't be used.
    case invalidTLS(String)

    public var errorDescription: String? {
        switch self {
        case .invalidPort(let text): return "AIRFIT_PORT must be a port number from 0 to 65535 (got \"\(text)\")."
        case .invalidSignup(let text): return "AIRFIT_SIGNUP must be invite, open or closed (got \"\(text)\")."
        case .invalidPublicURL(let reason):
            return "AIRFIT_PUBLIC_URL \(reason); write the address people open AirFit at, for example https://fit.example.com."
        case .invalidProviders(let message): return message
        case .providersNeedPublicURL:
            return "Sign-in providers are configured, so AIRFIT_PUBLIC_URL must be set too: providers send people back to that "
                + "address (for example https://fit.example.com), and it must match the redirect URI registered with them."
        case .invalidTLS(let message): return message
        }
    }
}
