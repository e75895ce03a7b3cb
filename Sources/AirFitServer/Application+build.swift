import AirFitAI
import AirFitCoach
import AirFitCore
import AirFitStore
import Foundation
import Hummingbird
import Logging

/// The services the routes use.
public struct ServerDependencies: Sendable {
    public var health: any HealthChecking
    /// Everything the app stores.
    public var repository: any AirFitRepository
    /// Web sign-in accounts.
    public var accounts: any AccountRepository
    /// Encrypted provider keys.
    public var vault: any SecretVault
    /// Talks to the LLM providers.
    public var aiClient: AIClient
    /// Weather for the coach's `getWeather` tool and prompt context; `nil` leaves weather out.
    public var weather: (any CoachWeatherSource)?
    /// bcrypt cost for new password hashes (tests lower it to stay fast).
    public var passwordCost: UInt8
    /// `AIRFIT_ENV=development`: shows the developer tools page.
    public var isDevelopment: Bool
    /// Browser sessions (sign-ins survive a restart when this is a database).
    public var sessions: any WebSessionRepository
    /// Half-finished onboarding drafts.
    public var drafts: any OnboardingDraftRepository
    /// The current time: session expiry and app lock read it (tests move it).
    public var now: @Sendable () -> Date
    /// Counted password attempts (the sign-in limit survives a restart when this is a database).
    public var signInAttempts: any SignInAttemptRepository

    /// Creates the dependency set; without stores, an empty in-memory installation (signed out by a restart).
    public init(
        health: any HealthChecking, repository: any AirFitRepository = InMemoryStore(),
        accounts: any AccountRepository = InMemoryAccountRepository(), vault: any SecretVault = InMemorySecretVault(),
        aiClient: AIClient = AIClient(), weather: (any CoachWeatherSource)? = nil, passwordCost: UInt8 = 12,
        isDevelopment: Bool = false, sessions: any WebSessionRepository = InMemoryWebSessionRepository(),
        drafts: any OnboardingDraftRepository = InMemoryOnboardingDraftRepository(), now: @escaping @Sendable () -> Date = { Date() },
        signInAttempts: any SignInAttemptRepository = InMemorySignInAttemptRepository()
    ) {
        self.signInAttempts = signInAttempts
        self.health = health
        self.repository = repository
        self.accounts = accounts
        self.vault = vault
        self.aiClient = aiClient
        self.weather = weather
        self.passwordCost = passwordCost
        self.isDevelopment = isDevelopment
        self.sessions = sessions
        self.drafts = drafts
        self.now = now
    }
}

/// Builds the router; tests drive it in-process.
public func buildRouter(_ dependencies: ServerDependencies) -> Router<AirFitRequestContext> {
    let router = Router(context: AirFitRequestContext.self)
    router.add(middleware: SecurityHeadersMiddleware(logger: Logger(label: "airfit.server")))
    router.get("/health") { _, _ -> Response in
        let report = await dependencies.health.report()
        let body = try JSONCoding.encoder.encode(report)
        return Response(
            status: report.database.status == "ok" ? .ok : .serviceUnavailable,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
    WebApp(dependencies: dependencies).register(on: router)
    RouteTable.complete(router)
    return router
}

/// Builds the whole application listening where `configuration` says.
public func buildApplication(
    configuration: ServerConfiguration, dependencies: ServerDependencies, logger: Logger
) -> some ApplicationProtocol {
    Application(
        router: buildRouter(dependencies),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "AirFit"),
        logger: logger)
}
