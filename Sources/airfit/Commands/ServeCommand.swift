import AirFitAI
import AirFitCoach
import AirFitCore
import AirFitMail
import AirFitOIDC
import AirFitServer
import AirFitStore
import AirFitWeather
import ArgumentParser
import AsyncHTTPClient
import Foundation
import Hummingbird
import Logging
import Metrics
import Prometheus

/// `airfit serve`: runs migrations and starts the web server.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Start the AirFit web server (runs database migrations first).",
        discussion: """
            Listens on 127.0.0.1:8080 unless AIRFIT_HOST / AIRFIT_PORT or the flags say otherwise.
            Data lives in AIRFIT_DATA_DIR (default ~/.airfit) on SQLite, or in PostgreSQL when DATABASE_URL is set.
            Settings → Location & weather finds places with Open-Meteo's geocoding (AIRFIT_GEOCODING_URL moves it).
            Email goes to the SMTP server in AIRFIT_SMTP_URL (from AIRFIT_MAIL_FROM), or else into <data dir>/outbox
            (read it with `airfit mail outbox`); links in it start with AIRFIT_PUBLIC_URL (default http://<host>:<port>).
            AIRFIT_TLS_CERT and AIRFIT_TLS_KEY (PEM files) serve HTTPS directly; passkeys need HTTPS or localhost.
            AIRFIT_OIDC_PROVIDERS (or AIRFIT_OIDC_CONFIG) adds sign-in with Google, Apple or any OpenID Connect issuer.
            AIRFIT_PRICES (a JSON file) overrides the shipped model prices the usage ledger costs calls with.
            """
    )

    @Option(help: "Address to listen on (overrides AIRFIT_HOST; default 127.0.0.1).")
    var host: String?

    @Option(help: "Port to listen on (overrides AIRFIT_PORT; default 8080; 0 picks a free port).")
    var port: Int?

    /// Open-Meteo (keyless) behind the cached weather service, for the coach's weather tool and prompt.
    static func weather(client: HTTPClient) -> WeatherServiceSource {
        let http = AsyncHTTPWeatherClient(client: client, logger: CLI.logger(label: "airfit.weather"))
        let provider = WeatherProviderCatalog.provider(.openMeteo, baseURL: nil, keys: .none, http: http)
        return WeatherServiceSource(service: WeatherService(provider: provider, logger: CLI.logger(label: "airfit.weather")))
    }

    /// The persisted mail queue in front of SMTP (`AIRFIT_SMTP_URL`) or the file outbox, and who mail is from; says
    /// once where mail goes (the host or the folder, never the user name or password).
    static func mailDelivery(context: StoreContext, logger: Logger) throws -> (service: MailDeliveryService, from: MailAddress) {
        let configuration = try MailConfiguration.fromEnvironment(
            ProcessInfo.processInfo.environment, dataDirectory: context.dataDirectory.path)
        let mailLogger = CLI.logger(label: "airfit.mail", defaultLevel: .info)
        switch configuration.transport {
        case .smtp(let server):
            logger.info("Mail goes to an SMTP server", metadata: ["host": .string(server.host), "port": "\(server.port)"])
        case .outbox(let directory):
            logger.info(
                "Mail goes to the outbox folder (AIRFIT_SMTP_URL is not set); read it with `airfit mail outbox`",
                metadata: ["outbox": .string(directory)])
        }
        let renderer = MailRenderer()
        let service = MailDeliveryService(
            queue: context.store, transport: configuration.makeSender(logger: mailLogger), check: { _ = try renderer.render($0) },
            logger: mailLogger)
        return (service, configuration.from)
    }

    /// The configured sign-in providers with a client on the shared HTTP client (which needs no shutdown); says which
    /// providers are on (their ids, never their secrets).
    static func signInProviders(_ configuration: ServerConfiguration, logger: Logger) -> SignInProviders {
        let providers = configuration.oidc.providers
        guard !providers.isEmpty else { return SignInProviders() }
        logger.info("Sign-in providers", metadata: ["providers": .string(providers.map(\.id).joined(separator: ","))])
        return SignInProviders(
            providers: providers, client: OIDCClient(httpClient: .shared, logger: CLI.logger(label: "airfit.oidc", defaultLevel: .info)))
    }

    /// The process's metrics registry: swift-metrics is bootstrapped with it once, at first use.
    static let metrics: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return registry
    }()

    func run() async throws {
        let logger = CLI.logger(label: "airfit.server", defaultLevel: .info)
        var configuration: ServerConfiguration
        // Read before any HTTP client exists: a client must be shut down before it goes away, so nothing may throw
        // between making one and the server's run.
        let geocoderURL: URL
        do {
            configuration = try ServerConfiguration.fromEnvironment()
            // The certificate and key are read now, so a bad one stops the start with its message.
            try configuration.checkTLS()
            geocoderURL = try OpenMeteoGeocoder.baseURL()
        } catch {
            throw CLI.fail(error)
        }
        if let host { configuration.host = host }
        if let port {
            guard (0...65535).contains(port) else { throw CLI.fail(CLIError("--port must be from 0 to 65535.")) }
            configuration.port = port
        }
        let server = configuration
        try await CLI.withStore(logger: logger) { context in
            if let warning = context.dataDirectory.permissionWarning() {
                logger.warning("\(warning)")
                CLI.printError("warning: \(warning)")
            }
            logger.info(
                "Storage ready",
                metadata: [
                    "dataDirectory": .string(context.dataDirectory.path),
                    "database": .string(context.database.configuration.redactedDescription),
                ])
            let pending = try await context.database.pendingMigrations()
            // Replies a previous run left "being written" (it was killed mid-reply) are interrupted, text kept.
            let interrupted = try await context.store.interruptUnfinishedReplies(reason: ReplyInterruption.serverRestarted.reason)
            if interrupted > 0 { logger.info("Marked replies cut off by the last stop", metadata: ["replies": "\(interrupted)"]) }
            // Copies kept for a delete's undo outlive it only until the next delete or the next start.
            _ = try await context.store.purgeDeletedEntries(before: Date().addingTimeInterval(-EntryUndo.keptSeconds))
            let mail = try Self.mailDelivery(context: context, logger: logger)
            let weatherClient = AsyncHTTPWeatherClient.makeFailFastClient()
            var dependencies = ServerDependencies(
                health: DatabaseHealthChecker(database: context.database, pendingMigrations: pending),
                repository: context.store, accounts: context.store, vault: context.vault,
                aiClient: AIClient(logger: CLI.logger(label: "airfit.ai")), weather: Self.weather(client: weatherClient),
                isDevelopment: server.isDevelopment, sessions: context.store, drafts: context.store, signInAttempts: context.store,
                places: OpenMeteoGeocoder(
                    baseURL: geocoderURL,
                    http: AsyncHTTPWeatherClient(client: weatherClient, logger: CLI.logger(label: "airfit.weather"))),
                links: context.store, securityLog: context.store, accountEraser: context.store, mail: mail.service.sender,
                publicURL: server.publicOrigin, mailFrom: mail.from, signup: server.signup, identities: context.store,
                passkeys: context.store, challenges: context.store,
                signInProviders: Self.signInProviders(server, logger: logger))
            dependencies.servesHTTPS = server.tls != nil
            dependencies.tokens = context.store
            dependencies.metrics = Self.metrics
            dependencies.prices = try ConfiguredPrices.load()
            // Test-only: the browser suite watches the auto-pilot switch roll back; never outside development.
            dependencies.failAutopilotWrites =
                server.isDevelopment && ProcessInfo.processInfo.environment["AIRFIT_TEST_FAIL_AUTOPILOT"] == "1"
            let pushClient = Self.pushClient()
            do {
                dependencies.push = try await Self.push(
                    context: context, client: pushClient, from: mail.from, isDevelopment: server.isDevelopment)
                let app = try buildApplication(configuration: server, dependencies: dependencies, services: [mail.service], logger: logger)
                try await app.runService()
            } catch {
                try? await weatherClient.shutdown()
                try? await pushClient.shutdown()
                throw error
            }
            try await weatherClient.shutdown()
            try await pushClient.shutdown()
        }
    }
}
