public import AirFitAI
public import AirFitCoach
public import AirFitCore
import AirFitOIDC
import AirFitPush
public import Foundation
public import Hummingbird
import HummingbirdCore
import HummingbirdTLS
public import Logging
public import Prometheus
public import ServiceLifecycle

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
    /// Place search for Settings → Location & weather; `nil` leaves only "use my location".
    public var places: (any PlaceSearching)?
    /// Single-use links (invites, email change, password reset).
    public var links: any OneTimeLinkRepository
    /// Each account's security log.
    public var securityLog: any SecurityLogRepository
    /// Deletes a whole account; `nil` erases through the repositories above one after another.
    public var accountEraser: (any AccountErasing)?
    /// Sends email (on a server: into the persisted queue that ``MailDeliveryService`` empties).
    public var mail: any MailSending
    /// The origin links in emails start with, such as `https://fit.example.com` (``ServerConfiguration/publicOrigin``).
    public var publicURL: URL
    /// Who email is from (`AIRFIT_MAIL_FROM`): the `from` of every message a feature sends.
    public var mailFrom: MailAddress
    /// Who may create an account after the first (`AIRFIT_SIGNUP`).
    public var signup: SignupPolicy
    /// Provider identities linked to accounts.
    public var identities: any LinkedIdentityRepository
    /// Registered passkeys.
    public var passkeys: any PasskeyRepository
    /// Pending passkey challenges and provider steps.
    public var challenges: any AuthChallengeRepository
    /// The configured OpenID Connect providers (`AIRFIT_OIDC_PROVIDERS`), and their client.
    public var signInProviders: SignInProviders
    /// The server speaks HTTPS itself (`AIRFIT_TLS_CERT`): cookies are marked `Secure` as behind an HTTPS proxy.
    public var servesHTTPS = false
    /// Test-only: auto-pilot writes fail, so the Activity page's rollback can be seen. `airfit serve` sets it only in
    /// development (`AIRFIT_DEV=1`) with `AIRFIT_TEST_FAIL_AUTOPILOT=1`.
    public var failAutopilotWrites = false
    /// What model calls cost (the shipped table, merged with `AIRFIT_PRICES` by `airfit serve`).
    public var prices: PriceTable = .shipped
    /// Where `/metrics` reads from (the registry `airfit serve` bootstraps swift-metrics with); nil: no `/metrics`.
    public var metrics: PrometheusCollectorRegistry?
    /// Personal access tokens (hashes only).
    public var tokens: any APITokenRepository = InMemoryAPITokenRepository()
    /// Web Push (`airfit serve` sets it up with the vault's VAPID key); nil: notifications stay in the inbox.
    public var push: PushSetup?
    /// Words each recommendation's reason; nil asks the person's own model (``CoachPlanReasons``, plain sentences without one).
    public var planReasons: (any PlanReasonWriting)?

    /// Creates the dependency set; without stores, an empty in-memory installation (signed out by a restart).
    public init(
        health: any HealthChecking, repository: any AirFitRepository = InMemoryStore(),
        accounts: any AccountRepository = InMemoryAccountRepository(), vault: any SecretVault = InMemorySecretVault(),
        aiClient: AIClient = AIClient(), weather: (any CoachWeatherSource)? = nil, passwordCost: UInt8 = 12,
        isDevelopment: Bool = false, sessions: any WebSessionRepository = InMemoryWebSessionRepository(),
        drafts: any OnboardingDraftRepository = InMemoryOnboardingDraftRepository(), now: @escaping @Sendable () -> Date = { Date() },
        signInAttempts: any SignInAttemptRepository = InMemorySignInAttemptRepository(), places: (any PlaceSearching)? = nil,
        links: any OneTimeLinkRepository = InMemoryOneTimeLinkRepository(),
        securityLog: any SecurityLogRepository = InMemorySecurityLogRepository(), accountEraser: (any AccountErasing)? = nil,
        mail: any MailSending = InMemoryMailSender(), publicURL: URL = URL(string: "http://127.0.0.1:8080")!,
        mailFrom: MailAddress = MailAddress("airfit@localhost", displayName: "AirFit"), signup: SignupPolicy = .invite,
        identities: any LinkedIdentityRepository = InMemoryLinkedIdentityRepository(),
        passkeys: any PasskeyRepository = InMemoryPasskeyRepository(),
        challenges: any AuthChallengeRepository = InMemoryAuthChallengeRepository(), signInProviders: SignInProviders = SignInProviders()
    ) {
        self.identities = identities
        self.passkeys = passkeys
        self.challenges = challenges
        self.signInProviders = signInProviders
        self.links = links
        self.securityLog = securityLog
        self.accountEraser = accountEraser
        self.mail = mail
        self.mailFrom = mailFrom
        self.publicURL = publicURL
        self.signup = signup
        self.signInAttempts = signInAttempts
        self.places = places
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
///
/// Middleware, outermost first: security headers and error messages (every response); then, for the site's routes,
/// who is asking (``VisitorMiddleware``); then, for the signed-in group, ``RequireSignInMiddleware``; then, for
/// both groups, the CSRF check of every unsafe method (``CSRFMiddleware``). Each feature adds its routes to the group it belongs to.
public func buildRouter(_ dependencies: ServerDependencies) -> Router<AirFitRequestContext> {
    buildRouter(dependencies, replies: ActiveReplies())
}

/// The router, with the replies being written kept in `replies` (so a stopping server can end them).
func buildRouter(_ dependencies: ServerDependencies, replies: ActiveReplies) -> Router<AirFitRequestContext> {
    buildSite(dependencies, replies: replies).router
}

/// The router, and the routes the features added: `router.routes` also lists what ``RouteTable`` adds to complete it
/// (the 405 answers and the `**` catch-all), which are indistinguishable there; the authorization matrix test walks these.
func buildSite(
    _ dependencies: ServerDependencies, replies: ActiveReplies
) -> (router: Router<AirFitRequestContext>, routes: [Router<AirFitRequestContext>.RouteDescription]) {
    let router = Router(context: AirFitRequestContext.self)
    let views = Views()
    let logger = Logger(label: "airfit.server")
    // Requests and latency by route, into whatever swift-metrics backend the process bootstrapped (none in tests).
    router.add(middleware: MetricsMiddleware())
    if dependencies.servesHTTPS { router.add(middleware: DirectHTTPSMiddleware()) }
    let providerOrigins = dependencies.signInProviders.providers.map { ServerConfiguration.origin(of: $0.issuer.origin) }
    router.add(middleware: SecurityHeadersMiddleware(logger: logger, formOrigins: Array(Set(providerOrigins)).sorted()))
    router.add(middleware: ErrorPageMiddleware(views: views, logger: logger))
    router.add(middleware: APIProblemMiddleware(logger: logger))
    router.add(middleware: OpenAIErrorMiddleware(logger: logger))
    HealthController(health: dependencies.health).addRoutes(to: router.group())
    AssetsController().addRoutes(to: router.group())
    APIDocsController(document: .bundled, views: views).addRoutes(to: router.group())

    let cache = SignInCache()
    let sessions = SessionStore(repository: dependencies.sessions, now: dependencies.now, cache: cache)
    let passwords = PasswordGate(
        attempts: dependencies.signInAttempts, hasher: PasswordHasher(cost: dependencies.passwordCost), dummy: DummyHash(),
        now: dependencies.now)
    let drafts = OnboardingDrafts(repository: dependencies.drafts)
    let repository = dependencies.repository
    let streamer = modelStreamer(dependencies)
    let providerSettings = ProviderSettings(vault: dependencies.vault, client: dependencies.aiClient, repository: repository)

    // Every route below sits behind the CSRF check: the public group's, or the signed-in group's after the sign-in
    // check (so a signed-out POST is sent to sign in, as its GET is).
    let csrf = CSRFMiddleware(limits: FormLimits(larger: dependencies.isDevelopment ? DebugController.formLimits : [:]))
    let site = router.group()
        .add(
            middleware: VisitorMiddleware(
                sessions: sessions, accounts: dependencies.accounts, users: repository, cache: cache, now: dependencies.now,
                bearerTokens: BearerTokens(
                    tokens: dependencies.tokens, accounts: dependencies.accounts, users: repository, now: dependencies.now)))
    let signedOut = site.group().add(middleware: csrf)
    let accountServices = AccountServices(
        accounts: dependencies.accounts, users: repository, sessions: sessions, links: dependencies.links, log: dependencies.securityLog,
        eraser: dependencies.accountEraser
            ?? SequentialAccountEraser(
                data: repository, accounts: dependencies.accounts, sessions: dependencies.sessions, links: dependencies.links,
                log: dependencies.securityLog, identities: dependencies.identities, passkeys: dependencies.passkeys,
                challenges: dependencies.challenges, tokens: dependencies.tokens),
        mail: AccountMail(sender: dependencies.mail, from: dependencies.mailFrom, publicURL: dependencies.publicURL, logger: logger),
        passwords: passwords, hasher: PasswordHasher(cost: dependencies.passwordCost), signup: dependencies.signup, now: dependencies.now)
    let throttle = ActionThrottle(attempts: dependencies.signInAttempts, now: dependencies.now)
    let steps = SignInSteps(challenges: dependencies.challenges, now: dependencies.now)
    let relyingParty = PasskeyService.relyingParty(for: dependencies.publicURL)
    let pages = ConfirmPages(
        views: views, identities: dependencies.identities, passkeys: dependencies.passkeys, providers: dependencies.signInProviders,
        passkeysAvailable: relyingParty != nil, signup: dependencies.signup)
    let passkeys = PasskeyController(
        services: accountServices,
        passkeys: PasskeyService(
            passkeys: dependencies.passkeys, steps: steps, relyingParty: relyingParty,
            publicOrigin: ServerConfiguration.origin(of: dependencies.publicURL), now: dependencies.now),
        identities: dependencies.identities, pages: pages, views: views)
    let providerSignIn = ProviderSignInController(
        services: accountServices, providers: dependencies.signInProviders, steps: steps, identities: dependencies.identities,
        publicURL: dependencies.publicURL, views: views, logger: logger)
    SignInController(services: accountServices, pages: pages, views: views).addRoutes(to: signedOut)
    UnlockController(sessions: sessions, passwords: passwords, pages: pages).addRoutes(to: signedOut)
    passkeys.addRoutes(to: signedOut)
    providerSignIn.addRoutes(to: signedOut)
    ForgotPasswordController(services: accountServices, throttle: throttle, views: views, logger: logger).addRoutes(to: signedOut)
    JoinController(services: accountServices, providerButtons: pages.providerButtons, views: views).addRoutes(to: signedOut)
    let emailChange = EmailController(services: accountServices, throttle: throttle, views: views)
    emailChange.addLinkRoutes(to: signedOut)

    let plans = planCoordinator(dependencies)
    let signedIn = site.group()
        .add(middleware: RequireSignInMiddleware(accounts: dependencies.accounts))
        .add(middleware: csrf)
        .group(context: SignedInRequestContext.self)
    HomeController(repository: repository, now: dependencies.now, views: views).addRoutes(to: signedIn)
    HistoryController(repository: repository, now: dependencies.now, views: views).addRoutes(to: signedIn)
    EntryController(repository: repository, plans: plans, now: dependencies.now, views: views).addRoutes(to: signedIn)
    PlanController(plans: plans, repository: repository, now: dependencies.now, views: views).addRoutes(to: signedIn)
    ActivityController(plans: plans, now: dependencies.now, views: views).addRoutes(to: signedIn)
    InboxController(notifications: repository, now: dependencies.now, views: views).addRoutes(to: signedIn)
    PushDeviceController(devices: repository, push: dependencies.push, now: dependencies.now).addRoutes(to: signedIn)
    ConversationsController(repository: repository, now: dependencies.now, views: views).addRoutes(to: signedIn)
    ProgressController(repository: repository, now: dependencies.now, views: views).addRoutes(to: signedIn)
    let onboardingSteps = OnboardingSteps(
        drafts: drafts, vault: dependencies.vault,
        completion: OnboardingCompletion(repository: repository, analyzer: GoalAnalyzer(streamer: streamer, log: repository)))
    OnboardingController(drafts: drafts, users: repository, steps: onboardingSteps, now: dependencies.now, views: views)
        .addRoutes(to: signedIn)
    let coach = CoachEngine(
        repository: repository, vault: dependencies.vault, streamer: streamer, weather: dependencies.weather, plan: plans)
    ChatController(engine: coach, repository: repository, vault: dependencies.vault, replies: replies, views: views)
        .addRoutes(to: signedIn)
    SettingsController(
        repository: repository, providerSettings: providerSettings, plans: plans, isDevelopment: dependencies.isDevelopment,
        views: views, pushAvailable: dependencies.push != nil
    ).addRoutes(to: signedIn)
    ProfileController(repository: repository, views: views).addRoutes(to: signedIn)
    PreferencesController(repository: repository, views: views).addRoutes(to: signedIn)
    PersonaController(
        repository: repository, drafts: drafts, vault: dependencies.vault,
        previewer: PersonaPreviewer(streamer: streamer, log: repository), now: dependencies.now, views: views
    ).addRoutes(to: signedIn)
    ProviderController(providerSettings: providerSettings, now: dependencies.now, views: views).addRoutes(to: signedIn)
    LocationController(
        repository: repository, places: dependencies.places, weatherKeys: WeatherKeys(vault: dependencies.vault), views: views
    ).addRoutes(to: signedIn)
    DataController(repository: repository, drafts: drafts, sessions: sessions, views: views).addRoutes(to: signedIn)
    SecurityController(services: accountServices, pages: pages, views: views).addRoutes(to: signedIn)
    passkeys.addSignedInRoutes(to: signedIn)
    providerSignIn.addSignedInRoutes(to: signedIn)
    LinkedAccountsController(
        services: accountServices, providers: dependencies.signInProviders, identities: dependencies.identities,
        passkeys: dependencies.passkeys, views: views
    ).addRoutes(to: signedIn)
    PasswordController(services: accountServices, views: views).addRoutes(to: signedIn)
    emailChange.addRoutes(to: signedIn)
    DeleteAccountController(services: accountServices, repository: repository, views: views).addRoutes(to: signedIn)
    MembersController(services: accountServices, activity: repository, views: views).addRoutes(to: signedIn)
    APITokenController(services: accountServices, tokens: dependencies.tokens, views: views).addRoutes(to: signedIn)
    SubscriptionController(meter: usageMeter(dependencies), plans: repository, now: dependencies.now, views: views).addRoutes(to: signedIn)
    UsagePlansController(plans: repository, accounts: dependencies.accounts, users: repository, now: dependencies.now, views: views)
        .addRoutes(to: signedIn)
    if dependencies.isDevelopment {
        DebugController(providerSettings: providerSettings, aiClient: dependencies.aiClient, health: dependencies.health, views: views)
            .addRoutes(to: signedIn)
    }

    // The JSON API: a member by token or session (401 problem details otherwise), CSRF for sessions, scopes for tokens.
    let api = site.group().add(middleware: APIAuthMiddleware()).add(middleware: csrf).group(context: APIRequestContext.self)
    let readWrite = api.group().add(middleware: RequireScopeMiddleware.readWrite)
    PlanAPIController(plans: plans).addRoutes(to: readWrite)
    EntryAPIController(repository: repository, plans: plans, now: dependencies.now).addRoutes(to: readWrite)
    ProfileAPIController(repository: repository).addRoutes(to: readWrite)
    SettingsAPIController(repository: repository).addRoutes(to: readWrite)
    OnboardingAPIController(repository: repository, steps: onboardingSteps).addRoutes(to: readWrite)
    ConversationsAPIController(repository: repository).addRoutes(to: readWrite)
    ExportAPIController(repository: repository).addRoutes(to: api.group().add(middleware: RequireScopeMiddleware.only(.read)))
    ChatAPIController(engine: coach, repository: repository, replies: replies)
        .addRoutes(to: api.group().add(middleware: RequireScopeMiddleware.only(.chat)))
    if let registry = dependencies.metrics { MetricsController(registry: registry).addRoutes(to: api) }
    // The OpenAI-compatible endpoint: tokens with the `openai` scope only, errors in OpenAI's shape.
    let openAI = site.group().add(middleware: OpenAIAuthMiddleware()).add(middleware: csrf).group(context: APIRequestContext.self)
    OpenAIController(
        vault: dependencies.vault, streamer: streamer,
        coach: CoachCompletions(engine: coach, meter: usageMeter(dependencies), now: dependencies.now), now: dependencies.now
    ).addRoutes(to: openAI)

    let routes = router.routes
    RouteTable.complete(router)
    return (router, routes)
}

/// Builds the whole application listening where `configuration` says, running `services` (such as the
/// ``MailDeliveryService``) beside the server.
///
/// With ``ServerConfiguration/tls`` the server speaks HTTPS itself (Hummingbird's TLS on NIOSSL).
/// - Throws: ``ServerConfigurationError/invalidTLS(_:)`` when the certificate or key can't be loaded.
public func buildApplication(
    configuration: ServerConfiguration, dependencies: ServerDependencies, services: [any Service] = [], logger: Logger
) throws -> some ApplicationProtocol {
    let replies = ActiveReplies()
    let server: HTTPServerBuilder
    if let files = configuration.tls {
        server = try .tls(.http1(), tlsConfiguration: TLSSetup.configuration(files))
    } else {
        server = .http1()
    }
    return Application(
        router: buildRouter(dependencies, replies: replies), server: server,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "AirFit"),
        services: [
            ReplyShutdown(replies: replies, logger: logger), weeklyPlanAnalysis(dependencies, logger: logger),
            notificationService(dependencies, logger: logger),
        ] + services,
        logger: logger)
}

/// The one plan coordinator of a dependency set.
func planCoordinator(_ dependencies: ServerDependencies) -> PlanCoordinator {
    PlanCoordinator(
        repository: dependencies.repository,
        reasons: dependencies.planReasons
            ?? CoachPlanReasons(
                repository: dependencies.repository, vault: dependencies.vault, streamer: modelStreamer(dependencies),
                log: dependencies.repository),
        autopilot: dependencies.failAutopilotWrites ? FailingAutopilotSetting() : nil, now: dependencies.now)
}

/// The AI client behind every model call for a member, metered: budgets checked, usage recorded in the ledger.
func modelStreamer(_ dependencies: ServerDependencies) -> MeteredStreaming {
    MeteredStreaming(dependencies.aiClient, usage: usageMeter(dependencies))
}

/// The usage meter over the installation's ledger and plans.
func usageMeter(_ dependencies: ServerDependencies) -> UsageMeter {
    UsageMeter(ledger: dependencies.repository, plans: dependencies.repository, prices: dependencies.prices, now: dependencies.now)
}

/// The coach's notifications, planned and delivered every minute.
func notificationService(_ dependencies: ServerDependencies, logger: Logger) -> NotificationService {
    NotificationService(
        scheduler: notificationScheduler(dependencies, logger: logger), interval: .seconds(60), now: dependencies.now, logger: logger)
}

/// The coach's notifications as `airfit serve` runs them (and `airfit notifications run-due|test`): the inbox, the
/// email digest and Web Push, each message worded by the member's own model (metered) with the templates as fallback.
public func notificationScheduler(_ dependencies: ServerDependencies, logger: Logger) -> NotificationScheduler {
    NotificationScheduler(
        repository: dependencies.repository, channels: notificationChannels(dependencies, logger: logger),
        writer: CoachNotificationWording(
            repository: dependencies.repository, vault: dependencies.vault, streamer: modelStreamer(dependencies),
            log: dependencies.repository))
}

/// Where delivered notifications go besides the inbox: the email digest, and Web Push when it is set up.
func notificationChannels(_ dependencies: ServerDependencies, logger: Logger) -> [any NotificationChannel] {
    var channels: [any NotificationChannel] = [
        EmailDigestChannel(
            accounts: dependencies.accounts, notifications: dependencies.repository, mail: dependencies.mail, from: dependencies.mailFrom,
            publicURL: dependencies.publicURL, logger: logger)
    ]
    if let push = dependencies.push {
        channels.append(WebPushChannel(devices: dependencies.repository, sender: push.sender, policy: push.policy, logger: logger))
    }
    return channels
}

/// The weekly analysis, looking every 15 minutes for people whose week began.
func weeklyPlanAnalysis(_ dependencies: ServerDependencies, logger: Logger) -> WeeklyPlanAnalysis {
    WeeklyPlanAnalysis(
        plans: planCoordinator(dependencies), repository: dependencies.repository, interval: .seconds(15 * 60), logger: logger)
}
