import AirFitAI
import AirFitCore
import AirFitTestSupport
import AirFitWeather
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import AirFitServer
@testable import AirFitStore

/// The authorization matrix (issue 12): every route the features add to the router, asked by nobody, by member A
/// about member B's things, and without the form token. The routes come from the router itself
/// (``buildSite(_:replies:)``), so a new route is checked the day it is added — or fails here until it is described
/// (a public route needs a reason in ``AuthorizationMatrix/publicRoutes``, a new path parameter values in
/// ``AuthorizationMatrix/parameterValues(a:b:)``).
@Suite("Authorization matrix")
struct AuthorizationMatrixTests {
    @Test(
        "In memory: member A never sees or changes member B's things on any route, signed out is sent to sign in, every change needs the form token"
    )
    func inMemory() async throws {
        let stores = MatrixStores(
            repository: InMemoryStore(), accounts: InMemoryAccountRepository(), vault: InMemorySecretVault(),
            sessions: InMemoryWebSessionRepository(), drafts: InMemoryOnboardingDraftRepository(),
            attempts: InMemorySignInAttemptRepository())
        let report = try await AuthorizationMatrix(stores: stores).run()
        print("Authorization matrix (in memory): \(report)")
    }

    @Test("On SQLite: member A never sees or changes member B's things on any route")
    func onSQLite() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("airfit-matrix-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var logger = Logger(label: "airfit.matrix-tests")
        logger.logLevel = .warning
        let database = try await AirFitDatabase.open(
            StoreConfiguration(backend: .sqlite(path: folder + "/airfit.sqlite")), logger: logger)
        do {
            let store = database.store
            let stores = MatrixStores(
                repository: store, accounts: store, vault: KeyVault(database: database, masterKey: .generate()), sessions: store,
                drafts: store, attempts: store, identities: store, passkeys: store, tokens: store)
            let report = try await AuthorizationMatrix(stores: stores).run()
            print("Authorization matrix (SQLite): \(report)")
        } catch {
            await database.shutdown()
            throw error
        }
        await database.shutdown()
    }
}

/// The stores one matrix run uses.
struct MatrixStores {
    let repository: any AirFitRepository
    let accounts: any AccountRepository
    let vault: any SecretVault
    let sessions: any WebSessionRepository
    let drafts: any OnboardingDraftRepository
    let attempts: any SignInAttemptRepository
    var identities: any LinkedIdentityRepository = InMemoryLinkedIdentityRepository()
    var passkeys: any PasskeyRepository = InMemoryPasskeyRepository()
    var tokens: any APITokenRepository = InMemoryAPITokenRepository()
}

/// How a value put into a path relates to member A, who asks.
enum Ownership: Equatable {
    /// Names one of B's things: A must get 404 or 403.
    case others
    /// Names nobody's thing (a kind, a provider, a day, a form): A gets A's own page, never B's data.
    case scoped
    /// Names one of A's things: A's GET of at least one such address answers 200, so the 404s above are about
    /// ownership and not a malformed address.
    case own
}

/// A value to put in place of a path parameter.
struct PathValue {
    let text: String
    let ownership: Ownership
}

/// One address of a route: its path with parameters filled in.
struct MatrixRequest {
    let method: HTTPRequest.Method
    let template: String
    let path: String
    let ownership: Ownership
    var label: String { "\(method) \(path) (route \(template))" }
}

/// What a member has, for the table of parameter values.
struct MemberThings {
    let userID: UUID
    let accountID: UUID
    let email: String
    let password: String
    var workout = UUID()
    var meal = UUID()
    var checkin = UUID()
    var olderCheckin = UUID()
    var conversation = UUID()
    /// A signed-in session of theirs, and an invite they made (B is the admin).
    var session = UUID()
    var invite = UUID()
    /// A passkey and a linked provider identity of theirs.
    var passkey = UUID()
    var identity = UUID()
    /// A planned session, one of its exercises, and a recommendation of theirs.
    var plannedSession = UUID()
    var exercise = UUID()
    var recommendation = UUID()
    /// A notification in their inbox, and a browser that gets their push notifications.
    var notification = UUID()
    var device = UUID()
    /// A personal access token of theirs, and a usage plan (B is the admin).
    var apiToken = UUID()
    var usagePlan = UUID()
    var day = ""
    var olderDay = ""
    var entryIDs: [UUID] { [workout, meal, checkin, olderCheckin] }
}

/// Every row one member has, to prove a run changed nothing of theirs.
struct MemberRows: Equatable {
    var account: Account?
    var user: User?
    var profile: OnboardingProfile?
    var draft: OnboardingDraft?
    var workouts: [Workout]
    var meals: [FoodEntry]
    var checkins: [DailyLog]
    var messages: [CoachMessage]
    var conversations: [ConversationSummary]
    var exports: [DataExport]
    var providerRequests: [ProviderRequestRecord]
    var secrets: [StoredSecretSummary]
    var passkeys: [Passkey]
    var identities: [LinkedIdentity]
    var plan: TrainingPlan?
    var recommendations: [Recommendation]
    var tokens: [APIToken]
    var notifications: [CoachNotification]
    var devices: [PushDevice]

    /// How many rows that is.
    var count: Int {
        [account != nil, user != nil, profile != nil, draft != nil].filter { $0 }.count + workouts.count + meals.count
            + checkins.count + messages.count + exports.count + providerRequests.count + secrets.count + passkeys.count + identities.count
            + (plan == nil ? 0 : 1) + recommendations.count + tokens.count + notifications.count
            + devices.count
    }

    /// The names of the parts that differ from `other` (for the failure message; equality is the check).
    func differences(from other: MemberRows) -> [String] {
        zip(Mirror(reflecting: self).children, Mirror(reflecting: other).children).compactMap { mine, theirs in
            String(describing: mine.value) == String(describing: theirs.value) ? nil : mine.label
        }
    }

    static func read(_ member: MemberThings, stores: MatrixStores) async throws -> MemberRows {
        let repository = stores.repository
        let id = member.userID
        return MemberRows(
            account: try await stores.accounts.account(id: member.accountID), user: try await repository.user(id: id),
            profile: try await repository.onboardingProfile(userID: id), draft: try await stores.drafts.draft(userID: id),
            workouts: try await repository.workouts(userID: id, query: RecordQuery()),
            meals: try await repository.foodEntries(userID: id, query: RecordQuery()),
            checkins: try await repository.dailyLogs(userID: id, fromDay: nil, toDay: nil, query: RecordQuery()),
            messages: try await repository.messages(userID: id, query: RecordQuery()),
            conversations: try await repository.conversations(userID: id), exports: try await repository.exports(userID: id),
            providerRequests: try await repository.providerRequests(userID: id),
            secrets: try await stores.vault.storedSecrets(userID: id),
            passkeys: try await stores.passkeys.passkeys(accountID: member.accountID),
            identities: try await stores.identities.identities(accountID: member.accountID),
            plan: try await repository.trainingPlan(userID: id), recommendations: try await repository.recommendations(userID: id),
            tokens: try await stores.tokens.apiTokens(accountID: member.accountID),
            notifications: try await repository.notifications(userID: id, states: Set(NotificationState.allCases), since: .distantPast),
            devices: try await repository.pushDevices(userID: id))
    }
}

/// The size of a run, for the issue's closing note.
struct MatrixReport: CustomStringConvertible {
    var routes = 0
    var publicRoutes = 0
    var requests = 0
    /// B's rows, each unchanged after A's run.
    var memberRows = 0

    var description: String {
        "\(routes) routes × methods checked (\(publicRoutes) of them public), \(requests) requests; B's \(memberRows) rows unchanged"
    }
}

/// One run of the matrix over `stores`.
struct AuthorizationMatrix {
    let stores: MatrixStores
    let clock = TestClock()

    /// Routes anyone may ask without a session, each with the reason. Every other route must send a signed-out
    /// visitor to sign in (or answer 401).
    static let publicRoutes: [String: String] = [
        "GET /health": "load balancers and `airfit status` ask it; it says nothing about anyone",
        "GET /openapi.json": "the API's OpenAPI document: it describes the API, nobody's data",
        "GET /api/docs": "the API's reference page, generated from the OpenAPI document: nobody's data",
        "GET /setup": "first run: creates the owner; redirects to sign-in once an account exists",
        "POST /setup": "first run: creates the owner; redirects to sign-in once an account exists",
        "GET /signin": "the sign-in form",
        "POST /signin": "signing in",
        "POST /signout": "signing out works for anyone (signed out it only redirects)",
        "GET /unlock": "app lock's password form (for a locked session; anyone else is sent on)",
        "POST /unlock": "app lock's password check",
        "GET /forgot": "forgot password: the same answer whoever asks",
        "POST /forgot": "forgot password: the same answer whoever asks",
        "GET /signup": "open sign-up (AIRFIT_SIGNUP=open); otherwise it says sign-up is closed",
        "POST /signup": "open sign-up (AIRFIT_SIGNUP=open); otherwise it says sign-up is closed",
        "GET /join/{token}": "an invite link: the token is the permission",
        "POST /join/{token}": "an invite link: the token is the permission",
        "GET /reset/{token}": "a password reset link from an email: the token is the permission",
        "POST /reset/{token}": "a password reset link from an email: the token is the permission",
        "GET /email/confirm/{token}": "an email verification link: the token is the permission",
        "POST /email/confirm/{token}": "an email verification link: the token is the permission",
        "GET /email/cancel/{token}": "an email change's cancel link: the token is the permission",
        "POST /email/cancel/{token}": "an email change's cancel link: the token is the permission",
        "POST /auth/passkey/options": "signing in with a passkey: a challenge for this browser, nobody's data",
        "POST /auth/passkey": "signing in with a passkey: the signature is the permission",
        "POST /unlock/passkey/options": "app lock's passkey challenge (for a locked session; anyone else is refused)",
        "POST /unlock/passkey": "app lock's passkey check (for a locked session; anyone else is sent on)",
        "POST /unlock/provider/{signInProvider}": "app lock through a linked provider (for a locked session)",
        "POST /auth/provider/{signInProvider}": "signing in with a provider: sends the browser to it",
        "GET /auth/provider/{signInProvider}/return": "where a provider sends people back; it changes nothing",
        "POST /auth/provider/{signInProvider}/return": "Apple's form_post return; it only redirects to the GET",
        "POST /auth/provider/{signInProvider}/finish": "finishing a provider sign-in: the state bound to this browser is the permission",
    ]

    /// Static files: the same for everyone.
    static var assetRoutes: Set<String> { Set(WebAssets.all.flatMap { ["GET \($0.path)", "GET \($0.plainPath)"] }) }

    /// The values tried for each path parameter, by name. A route with a parameter missing here fails the test: say
    /// what B's things are for it (``Ownership/others``), and A's own for the positive check. A new kind of thing
    /// (a member, an invite, a session, a mailed token) gets a parameter name of its own, so it cannot pass here with
    /// entry ids that mean nothing to it.
    static func parameterValues(a: MemberThings, b: MemberThings) -> [String: [PathValue]] {
        [
            "kind": HistoryKind.allCases.map { PathValue(text: $0.rawValue, ownership: .scoped) },
            "id": (b.entryIDs + [b.conversation]).map { PathValue(text: $0.uuidString, ownership: .others) }
                + (a.entryIDs + [a.conversation]).map { PathValue(text: $0.uuidString, ownership: .own) },
            "day": [b.day, b.olderDay].map { PathValue(text: $0, ownership: .scoped) },
            "provider": (AIProviderID.allCases.map(\.rawValue) + WeatherProviderID.allCases.map(\.rawValue)).map {
                PathValue(text: $0, ownership: .scoped)
            },
            "form": EntryController.quickForms.map { PathValue(text: $0, ownership: .scoped) },
            // Members and their invites are an admin's (B's); A, a member, finds none of them.
            "member": [PathValue(text: b.accountID.uuidString, ownership: .others)],
            "invite": [PathValue(text: b.invite.uuidString, ownership: .others)],
            "session": [PathValue(text: b.session.uuidString, ownership: .others)],
            "passkey": [PathValue(text: b.passkey.uuidString, ownership: .others)],
            "identity": [PathValue(text: b.identity.uuidString, ownership: .others)],
            "plannedSession": [PathValue(text: b.plannedSession.uuidString, ownership: .others)],
            "exercise": [PathValue(text: b.exercise.uuidString, ownership: .others)],
            "recommendation": [PathValue(text: b.recommendation.uuidString, ownership: .others)],
            "notification": [PathValue(text: b.notification.uuidString, ownership: .others)],
            "device": [PathValue(text: b.device.uuidString, ownership: .others)],
            "apiToken": [PathValue(text: b.apiToken.uuidString, ownership: .others)],
            // The JSON API names each kind of entry by a parameter of its own.
            "workout": [PathValue(text: b.workout.uuidString, ownership: .others), PathValue(text: a.workout.uuidString, ownership: .own)],
            "meal": [PathValue(text: b.meal.uuidString, ownership: .others), PathValue(text: a.meal.uuidString, ownership: .own)],
            // The OpenAI endpoint's models are by name, nobody's (it takes tokens only; sessions get 401).
            "model": [PathValue(text: "airfit-coach", ownership: .scoped)],
            "name": [PathValue(text: "gpt-4o-mini", ownership: .scoped)],
            "conversation": [
                PathValue(text: b.conversation.uuidString, ownership: .others), PathValue(text: a.conversation.uuidString, ownership: .own),
            ],
            "dailyLog": [b.checkin, b.olderCheckin].map { PathValue(text: $0.uuidString, ownership: .others) }
                + [PathValue(text: a.checkin.uuidString, ownership: .own)],
            // Plans are the admin's (B's); A, a member, finds none of them.
            "usagePlan": [PathValue(text: b.usagePlan.uuidString, ownership: .others)],
            // No provider is configured here: every provider route answers 404 whoever asks.
            "signInProvider": [PathValue(text: "corp", ownership: .scoped)],
            // A mailed token nobody was given: the page says the link does not work, for anyone.
            "token": [PathValue(text: String(repeating: "Zq", count: 21) + "x", ownership: .scoped)],
        ]
    }

    /// Text only B's data contains; none may appear in anything A or a signed-out visitor gets.
    static let markers = [
        "zqbee@example.com", "ZqBeeNickname", "ZqBeeWorkoutNote", "ZqBeeLiftName", "ZqBeeMealName", "ZqBeeMealNote",
        "ZqBeeCheckinNote", "ZqBeeOlderNote", "ZqBeeConversationTitle", "ZqBeeMessage", "ZqBeeReply", "ZqBeePlace",
        "ZqBeeAspiration", "ZqBeeDraftGoal", "ZqBeePasskey", "ZqBeeSubject", "ZqBeePromptBody", "ZqBeeModelName", "sk-…ZqB7",
        "sk-ZqBeeSecretKeyZqB7", "ZqBeeWeatherKey", "ZqBeePlanLift", "ZqBeeReason", "ZqBeeToken", "ZqBeePlan", "ZqBeeNotification",
        "ZqBeeDevice", "ZqBeeKey", "ZqBeeAuth",
    ]

    /// Text A sends in every form; B's pages must never show it.
    static let probe = "ZqAyeProbe"
    /// What A's coach answers; B's pages must never show it either.
    static let coachReply = "ZqAyeCoach"

    func run() async throws -> MatrixReport {
        let clock = self.clock
        let stores = self.stores
        var dependencies = ServerDependencies(
            health: StubHealth(), repository: stores.repository, accounts: stores.accounts, vault: stores.vault,
            aiClient: AIClient(transport: LoopbackOnlyTransport()), passwordCost: 4, isDevelopment: true,
            sessions: stores.sessions, drafts: stores.drafts, now: { clock.now() }, signInAttempts: stores.attempts,
            publicURL: URL(string: "http://localhost:8080")!, identities: stores.identities, passkeys: stores.passkeys)
        dependencies.tokens = stores.tokens
        let site = buildSite(dependencies, replies: ActiveReplies())
        let routes = site.routes.map { ($0.method, $0.path) }
        // A's coach is a fake provider that always answers, so A's chat and persona forms really write; whatever
        // reaches it must hold nothing of B's.
        return try await withProviderServer { provider in
            provider.script("/v1/chat/completions", [.init(chunks: OpenAIWire.text(["Noted, \(AuthorizationMatrix.coachReply) here."]))])
            let report = try await Application(router: site.router).test(.router) { client in
                var run = MatrixRun(client: client, stores: stores, clock: clock, provider: provider.root + "/v1")
                try await run.prepare()
                return try await run.check(routes: routes)
            }
            #expect(provider.hits("/v1/chat/completions") > 0, "A's coach was never asked: the chat forms wrote nothing")
            for request in provider.requests {
                let found = AuthorizationMatrix.markers.filter { request.body.contains($0) }
                #expect(found.isEmpty, "A's provider was sent B's data at \(request.path): \(found)")
            }
            return report
        }
    }
}

/// The state of one run: the two members, their browsers, and what went wrong.
struct MatrixRun {
    let client: any TestClientProtocol
    let stores: MatrixStores
    let clock: TestClock
    /// The base URL of A's (fake) provider.
    let provider: String
    var a: MemberThings
    var b: MemberThings
    var aBrowser: WebClient
    var bBrowser: WebClient
    var failures: [String] = []
    var report = MatrixReport()

    init(client: any TestClientProtocol, stores: MatrixStores, clock: TestClock, provider: String) {
        self.provider = provider
        self.client = client
        self.stores = stores
        self.clock = clock
        a = MemberThings(userID: UUID(), accountID: UUID(), email: "zqaye@example.com", password: "member a password")
        b = MemberThings(userID: UUID(), accountID: UUID(), email: "zqbee@example.com", password: "member b password")
        aBrowser = WebClient(client: client)
        bBrowser = WebClient(client: client)
    }

    // MARK: Two members with data

    /// B is the owner (first run, through /setup) and so the admin once there are roles; A is a member with an
    /// account of their own, signed in through the real POST /signin and onboarded through the real pages.
    mutating func prepare() async throws {
        try await bBrowser.get("/setup")
        try await bBrowser.post("/setup", [("email", b.email), ("password", b.password), ("time_zone", "UTC")])
        try await bBrowser.get("/onboarding")
        try await bBrowser.post("/onboarding", [("screen", "opening"), ("action", "skip")])
        let owner = try #require(try await stores.accounts.account(email: b.email))
        b = MemberThings(userID: owner.userID, accountID: owner.id, email: b.email, password: b.password)

        let hash = try await PasswordHasher(cost: 4).hash(a.password)
        try await stores.accounts.createAccount(Account(id: a.accountID, email: a.email, passwordHash: hash, userID: a.userID))
        try await stores.repository.createUser(User(id: a.userID, email: a.email, timeZone: "UTC"))
        try await signInA()
        try await aBrowser.get("/onboarding")
        try await aBrowser.walkToAvailability()
        try await aBrowser.post("/onboarding", [("screen", "availability"), ("action", "next")])
        try await aBrowser.post("/onboarding", [("screen", "sleep"), ("bedtime", "22:30"), ("wake", "06:30"), ("action", "next")])
        try await aBrowser.post(
            "/onboarding",
            [
                ("screen", "motivation"), ("achievement", "subtle"), ("inactivity", "gentle"), ("units", "metric"),
                ("baseline", "on"), ("action", "next"),
            ])
        try await aBrowser.post("/onboarding", [("screen", "ready"), ("action", "finish")])
        let aProfile = try #require(try await stores.repository.onboardingProfile(userID: a.userID), "A's onboarding did not finish")

        a = try await seed(a, tag: "ZqAye")
        b = try await seed(b, tag: "ZqBee")
        b.session = try #require(try await stores.sessions.sessions(accountID: b.accountID, now: clock.now()).first).id
        // B's passkey and linked identity, straight into the stores (registering needs an authenticator).
        let passkey = Passkey(
            accountID: b.accountID, credentialID: Data("ZqBeeCredential".utf8), publicKey: Data([1, 2, 3]), algorithm: -7, signCount: 7,
            name: "ZqBeePasskey", backedUp: false, createdAt: clock.now())
        try await stores.passkeys.addPasskey(passkey)
        b.passkey = passkey.id
        let identity = LinkedIdentity(
            accountID: b.accountID, providerID: "corp", issuer: "https://id.example.com", subject: "ZqBeeSubject",
            email: "zqbee@example.com", createdAt: clock.now())
        try await stores.identities.linkIdentity(identity)
        b.identity = identity.id
        // B's plan and a suggestion for it, straight into the store.
        let exercise = PlannedExercise(name: "ZqBeePlanLift", kind: .compound, target: .strength(sets: 3, reps: 5, loadKilograms: 60))
        let session = PlannedSession(
            slot: SessionSlot(dayOfWeek: 2, startTime: TimeOfDay("07:00")!, endTime: TimeOfDay("08:00")!), focus: .lower,
            exercises: [exercise])
        let plan = TrainingPlan(userID: b.userID, sessions: [session])
        let change = PlanChange(
            kind: .progression, scope: .exercise(sessionID: session.id, exerciseID: exercise.id), before: .target(exercise.target),
            after: .target(.strength(sets: 3, reps: 5, loadKilograms: 62.5)), planVersion: 1)
        let recommendation = Recommendation(userID: b.userID, change: change, reason: "ZqBeeReason", createdAt: clock.now())
        #expect(try await stores.repository.savePlan(plan, expectedVersion: nil, recommendations: [recommendation]))
        (b.plannedSession, b.exercise, b.recommendation) = (session.id, exercise.id, recommendation.id)
        // B's personal access token, straight into the store.
        let token = APIToken(accountID: b.accountID, name: "ZqBeeToken", scopes: [.read], createdAt: clock.now())
        try await stores.tokens.addAPIToken(token, secretHash: String(repeating: "b", count: 64))
        b.apiToken = token.id
        let usagePlan = UsagePlan(name: "ZqBeePlan", monthlyTokenBudget: 50_000, createdAt: clock.now())
        try await stores.repository.saveUsagePlan(usagePlan)
        b.usagePlan = usagePlan.id
        // A notification in B's inbox, unread.
        let notification = CoachNotification(
            userID: b.userID, category: .achievements, title: "ZqBeeNotification", body: "ZqBeeNotification body", link: "/progress",
            dueAt: clock.now(), state: .delivered, dedupeKey: "matrix", createdAt: clock.now(), deliveredAt: clock.now())
        #expect(try await stores.repository.scheduleNotification(notification))
        b.notification = notification.id
        let device = PushDevice(
            userID: b.userID, endpoint: "https://fcm.googleapis.com/fcm/send/ZqBeeDevice", p256dh: "ZqBeeKey", auth: "ZqBeeAuth",
            name: "Chrome on Android", createdAt: clock.now())
        try await stores.repository.savePushDevice(device)
        b.device = device.id
        try await bBrowser.get("/settings/members")
        let members = text(try await bBrowser.post("/settings/members/invite", [("email", ""), ("role", "member")]).body)
        let revoke = try #require(members.range(of: #"/settings/members/invites/[0-9A-F-]{36}/revoke"#, options: .regularExpression))
        b.invite = try #require(UUID(uuidString: String(members[revoke].dropFirst("/settings/members/invites/".count).prefix(36))))
        // B's persona and an onboarding draft, with text of B's own.
        var persona = try aProfile.persona()
        persona.coreAspiration = "ZqBeeAspiration"
        let personaData = try JSONCoding.encoder.encode(persona)
        var bUser = try #require(try await stores.repository.user(id: b.userID))
        bUser.nickname = "ZqBeeNickname"
        bUser.location = SavedLocation(latitude: 52.5, longitude: 13.4, name: "ZqBeePlace")
        bUser.selectedAIProvider = "openai"
        bUser.selectedAIModel = "ZqBeeModelName"
        try await stores.repository.saveOnboarding(
            OnboardingProfile(
                userID: b.userID, personaPromptData: personaData, communicationPreferencesData: aProfile.communicationPreferencesData,
                rawFullProfileData: personaData),
            user: bUser)
        var draft = OnboardingDraft()
        draft.aspirationText = "ZqBeeDraftGoal"
        try await stores.drafts.saveDraft(draft, userID: b.userID)
        try await stores.vault.saveSecret("sk-ZqBeeSecretKeyZqB7", provider: "openai", userID: b.userID, baseURL: nil)
        let weatherKey = try await WeatherKeys(vault: stores.vault).save("ZqBeeWeatherKey", provider: .openWeatherMap, userID: b.userID)
        #expect(weatherKey == nil)
        try await stores.vault.saveSecret("sk-AyeOwnSecretKeyAy42", provider: "openai", userID: a.userID, baseURL: provider)
        try await bBrowser.get("/settings")
        var aUser = try #require(try await stores.repository.user(id: a.userID))
        aUser.location = SavedLocation(latitude: 48.1, longitude: 11.6, name: "ZqAyePlace")
        aUser.selectedAIProvider = "openai"
        aUser.selectedAIModel = "gpt-test"
        aUser.aiBaseURL = provider
        try await stores.repository.updateUser(aUser)
    }

    /// A workout, a meal, two check-ins (today and the day before), a conversation with a named title, a provider
    /// request and an export, all with text carrying `tag`.
    func seed(_ member: MemberThings, tag: String) async throws -> MemberThings {
        var member = member
        let repository = stores.repository
        let now = clock.now()
        let earlier = now.addingTimeInterval(-2 * 3600)
        let dayBefore = now.addingTimeInterval(-26 * 3600)
        member.day = Self.day(earlier)
        member.olderDay = Self.day(dayBefore)
        let id = member.userID
        try await repository.addWorkout(
            Workout(
                id: member.workout, userID: id, type: "strength", startedAt: earlier, durationMinutes: 45,
                exercises: [.init(name: "\(tag)LiftName", sets: [.init(reps: 5, weightKg: 60)])], notes: "\(tag)WorkoutNote",
                createdAt: earlier))
        try await repository.addFoodEntry(
            FoodEntry(
                id: member.meal, userID: id, mealType: .lunch, loggedAt: earlier,
                items: [FoodItem(name: "\(tag)MealName", calories: 500, proteinGrams: 30)], notes: "\(tag)MealNote", createdAt: earlier))
        try await repository.saveDailyLog(
            DailyLog(
                id: member.checkin, userID: id, day: member.day, energy: 4, mood: "steady", weightKg: 70, notes: "\(tag)CheckinNote",
                createdAt: earlier, updatedAt: earlier))
        try await repository.saveDailyLog(
            DailyLog(
                id: member.olderCheckin, userID: id, day: member.olderDay, energy: 3, notes: "\(tag)OlderNote", createdAt: dayBefore,
                updatedAt: dayBefore))
        try await repository.appendMessage(
            CoachMessage(
                userID: id, conversationID: member.conversation, role: .user, content: "\(tag)Message",
                conversationTitle: "\(tag)ConversationTitle", createdAt: earlier))
        try await repository.appendMessage(
            CoachMessage(
                userID: id, conversationID: member.conversation, role: .assistant, content: "\(tag)Reply", model: "gpt-4o",
                createdAt: earlier.addingTimeInterval(5)))
        try await repository.recordProviderRequest(
            ProviderRequestRecord(userID: id, createdAt: earlier, provider: "openai", model: "gpt-4o", body: "\(tag)PromptBody"))
        try await repository.recordExport(DataExport(userID: id, date: dayBefore, size: 1234, format: .json))
        return member
    }

    static func day(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
    }

    /// Signs A in through the real sign-in form and reads the session's form token from a page.
    mutating func signInA() async throws {
        aBrowser = WebClient(client: client)
        try await aBrowser.get("/signin")
        let signedIn = try await aBrowser.post("/signin", [("email", a.email), ("password", a.password)])
        guard signedIn.status == .seeOther, signedIn.headers[.location] == "/" else {
            throw MatrixSetupError("A could not sign in: \(signedIn.status)")
        }
        try await aBrowser.get("/settings")
    }

    // MARK: The matrix

    /// Checks every route in `routes` (the features' own, from the router).
    mutating func check(routes: [(HTTPRequest.Method, RouterPath)]) async throws -> MatrixReport {
        let values = AuthorizationMatrix.parameterValues(a: a, b: b)
        var requests: [MatrixRequest] = []
        var seen = Set<String>()
        for (method, path) in routes {
            let key = "\(method) \(path)"
            seen.insert(key)
            report.routes += 1
            if isPublic(key) { report.publicRoutes += 1 }
            guard let expanded = expand(method: method, path: path, values: values) else { continue }
            requests += expanded
        }
        for stale in AuthorizationMatrix.publicRoutes.keys.sorted() where !seen.contains(stale) {
            failures.append("\(stale) is listed as public but the router has no such route: remove it from publicRoutes")
        }

        try await checkSignedOut(requests)
        try await checkMemberReads(requests)
        try await checkMissingToken(requests)
        try await checkMemberWrites(requests)
        try await checkOwnerAfterwards(requests)

        #expect(failures.isEmpty, Comment(rawValue: failures.joined(separator: "\n")))
        return report
    }

    func isPublic(_ key: String) -> Bool {
        AuthorizationMatrix.publicRoutes[key] != nil || AuthorizationMatrix.assetRoutes.contains(key)
    }

    /// Every address of a route: each parameter replaced by each of its values. Nil (and a failure) when the path
    /// has a parameter the table does not know, or a shape the matrix cannot fill (a wildcard).
    mutating func expand(method: HTTPRequest.Method, path: RouterPath, values: [String: [PathValue]]) -> [MatrixRequest]? {
        var addresses: [(path: String, ownership: [Ownership])] = [("", [])]
        for component in path.components.map(\.description) {
            let options: [PathValue]
            if component.hasPrefix("{"), component.hasSuffix("}"), component.filter({ "{}*".contains($0) }).count == 2 {
                let name = String(component.dropFirst().dropLast())
                guard let known = values[name] else {
                    failures.append(
                        "\(method) \(path): the matrix has no values for the path parameter :\(name); add B's things (and A's) for it to AuthorizationMatrix.parameterValues"
                    )
                    return nil
                }
                options = known
            } else if component.contains(where: { "{}*:".contains($0) }) {
                failures.append(
                    "\(method) \(path): the matrix cannot fill the path component \(component); teach AuthorizationMatrix.expand")
                return nil
            } else {
                options = [PathValue(text: component, ownership: .scoped)]
            }
            addresses = addresses.flatMap { address in options.map { ("\(address.path)/\($0.text)", address.ownership + [$0.ownership]) } }
        }
        return addresses.map { address in
            let ownership: Ownership =
                address.ownership.contains(.others) ? .others : address.ownership.contains(.own) ? .own : .scoped
            return MatrixRequest(
                method: method, template: path.description, path: address.path.isEmpty ? "/" : address.path, ownership: ownership)
        }
    }

    /// The fields every form of the matrix carries: B's ids under every name a form uses for one, and A's probe text.
    /// A form field that names a thing by id belongs here, with B's value.
    var probeForm: [(String, String)] {
        [
            ("conversation", b.conversation.uuidString), ("c", b.conversation.uuidString), ("id", b.workout.uuidString),
            ("kind", "workout"), ("day", b.day), ("message", AuthorizationMatrix.probe), ("title", AuthorizationMatrix.probe),
            ("notes", AuthorizationMatrix.probe), ("name", AuthorizationMatrix.probe),
        ]
    }

    /// A query naming B's things, added to every GET (`/chat?c=…` opens a conversation by id).
    var probeQuery: String {
        "c=\(b.conversation.uuidString)&conversation=\(b.conversation.uuidString)&id=\(b.meal.uuidString)&day=\(b.day)"
    }

    mutating func send(
        _ method: HTTPRequest.Method, _ uri: String, cookie: String?, form: [(String, String)]?, csrfHeader: String? = nil
    ) async throws -> TestResponse {
        report.requests += 1
        var headers: HTTPFields = [:]
        if let cookie { headers[.cookie] = cookie }
        if let csrfHeader { headers[CSRFMiddleware.header] = csrfHeader }
        var body: ByteBuffer?
        if let form {
            headers[.contentType] = "application/x-www-form-urlencoded"
            body = ByteBuffer(string: form.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&"))
        }
        return try await client.executeRequest(uri: uri, method: method, headers: headers, body: body)
    }

    static func encode(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "" }

    /// B's markers found in a response's headers or body.
    static func leaks(_ response: TestResponse) -> [String] {
        let headers = response.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
        let all = headers + "\n" + text(response.body)
        return AuthorizationMatrix.markers.filter { all.contains($0) }
    }

    mutating func expectNoLeak(_ response: TestResponse, _ what: String) {
        let found = Self.leaks(response)
        if !found.isEmpty { failures.append("\(what) shows B's data: \(found.joined(separator: ", "))") }
    }

    /// (1) Signed out: every route but the public ones sends the visitor to sign in (or answers 401).
    mutating func checkSignedOut(_ requests: [MatrixRequest]) async throws {
        for request in requests {
            let key = "\(request.method) \(request.template)"
            let form = request.method == .get ? nil : probeForm
            let response = try await send(request.method, request.path, cookie: nil, form: form)
            expectNoLeak(response, "signed out, \(request.label)")
            if response.status.code >= 500 { failures.append("signed out, \(request.label): \(response.status)") }
            if isPublic(key) {
                if CSRFMiddleware.isUnsafe(request.method), key != CSRFMiddleware.crossSiteReturnRoute, response.status != .forbidden {
                    failures.append("signed out without a form token, \(request.label): \(response.status), not 403")
                }
                continue
            }
            let location = response.headers[.location] ?? ""
            let sentToSignIn = response.status == .seeOther && (location == "/signin" || location == "/setup")
            if !(sentToSignIn || response.status == .unauthorized) {
                failures.append(
                    "signed out, \(request.label): \(response.status) \(location), not a redirect to /signin or 401 (public? add it to publicRoutes with the reason)"
                )
            }
        }
    }

    /// (2) A reads: B's ids give 404/403, everything else A's own page without B's data; A's own ids open.
    mutating func checkMemberReads(_ requests: [MatrixRequest]) async throws {
        var ownOpened: [String: Bool] = [:]
        for request in requests where request.method == .get {
            for uri in [request.path, "\(request.path)?\(probeQuery)"] {
                let response = try await send(.get, uri, cookie: aBrowser.cookie, form: nil)
                expectNoLeak(response, "A: GET \(uri)")
                expectStatus(response, request, uri: uri)
                if request.ownership == .own, uri == request.path {
                    ownOpened[request.template, default: false] = ownOpened[request.template, default: false] || response.status == .ok
                }
            }
        }
        for (template, opened) in ownOpened.sorted(by: { $0.key < $1.key }) where !opened {
            failures.append("A: GET \(template) with A's own things never answered 200: is the table's value right?")
        }
    }

    mutating func expectStatus(_ response: TestResponse, _ request: MatrixRequest, uri: String) {
        switch request.ownership {
        case .others:
            if ![.notFound, .forbidden].contains(response.status) {
                failures.append("A: \(request.method) \(uri) names B's thing but answered \(response.status), not 404 or 403")
            }
        case .scoped, .own:
            if response.status.code >= 500 { failures.append("A: \(request.method) \(uri): \(response.status)") }
        }
    }

    /// (3) Every unsafe route refuses A's form without the token, or with B's session token (in the form or the
    /// `X-CSRF-Token` header), and nothing of A's or B's changes.
    mutating func checkMissingToken(_ requests: [MatrixRequest]) async throws {
        let aBefore = try await MemberRows.read(a, stores: stores)
        let bBefore = try await MemberRows.read(b, stores: stores)
        let bToken = try #require(bBrowser.csrf)
        let variants: [(name: String, form: [(String, String)], header: String?)] = [
            ("without the form token", probeForm, nil), ("with B's form token", probeForm + [("_csrf", bToken)], nil),
            ("with B's token in X-CSRF-Token", probeForm, bToken),
        ]
        for request in requests
        where CSRFMiddleware.isUnsafe(request.method) && "\(request.method) \(request.template)" != CSRFMiddleware.crossSiteReturnRoute {
            for variant in variants {
                let response = try await send(
                    request.method, request.path, cookie: aBrowser.cookie, form: variant.form, csrfHeader: variant.header)
                // Token-only routes refuse a browser session outright (401), before any CSRF question.
                let tokenOnly = OpenAIErrorMiddleware<AirFitRequestContext>.isOpenAI(request.path) && response.status == .unauthorized
                if response.status != .forbidden && !tokenOnly {
                    failures.append("A \(variant.name): \(request.label) answered \(response.status), not 403")
                }
                expectNoLeak(response, "A \(variant.name): \(request.label)")
            }
        }
        let aAfter = try await MemberRows.read(a, stores: stores)
        if aAfter != aBefore {
            failures.append("forms without the token changed A's \(aAfter.differences(from: aBefore).joined(separator: ", "))")
        }
        let bAfter = try await MemberRows.read(b, stores: stores)
        if bAfter != bBefore {
            failures.append("forms without the token changed B's \(bAfter.differences(from: bBefore).joined(separator: ", "))")
        }
        let still = try await send(.get, "/settings", cookie: aBrowser.cookie, form: nil)
        if still.status != .ok { failures.append("A was signed out by a form without the token: \(still.status)") }
    }

    /// (2, writes) A posts each form with the token, naming B's things everywhere it can: B's ids give 404/403,
    /// nothing shows B's data, and afterwards every row of B's is as it was. Sign-out and "delete all data" end or
    /// empty A's session, so A signs in again whenever that happened.
    ///
    /// The addresses naming B's things go first: the chat forms take the conversation id from the page, so A's chat
    /// posts naming B's conversation are accepted as A's own messages under that id (every read and change filters
    /// by person, so B sees none of them — checked afterwards); after that the id names a conversation of A's too.
    mutating func checkMemberWrites(_ requests: [MatrixRequest]) async throws {
        let bBefore = try await MemberRows.read(b, stores: stores)
        let unsafe = requests.filter { CSRFMiddleware.isUnsafe($0.method) && $0.ownership != .own }
        for request in unsafe.filter({ $0.ownership == .others }) + unsafe.filter({ $0.ownership != .others }) {
            let form = probeForm + [("_csrf", aBrowser.csrf ?? "")]
            let response = try await send(request.method, request.path, cookie: aBrowser.cookie, form: form)
            expectNoLeak(response, "A: \(request.label)")
            expectStatus(response, request, uri: request.path)
            let settings = try await send(.get, "/settings", cookie: aBrowser.cookie, form: nil)
            if settings.status != .ok { try await signInA() }
        }
        let bAfter = try await MemberRows.read(b, stores: stores)
        if bAfter != bBefore {
            failures.append(
                "A's forms changed B's \(bAfter.differences(from: bBefore).joined(separator: ", ")): \(bBefore.count) rows before, \(bAfter.count) after"
            )
        }
        report.memberRows = bBefore.count
    }

    /// B, the owner of the things, opens every GET address A was refused: at least one of each route answers 200
    /// (so A's 404 was about ownership), B's own data shows, and nothing A sent shows on B's pages.
    mutating func checkOwnerAfterwards(_ requests: [MatrixRequest]) async throws {
        var opened: [String: Bool] = [:]
        var shown = Set<String>()
        for request in requests where request.method == .get && request.ownership != .own {
            let response = try await send(.get, request.path, cookie: bBrowser.cookie, form: nil)
            shown.formUnion(Self.leaks(response))
            if [AuthorizationMatrix.probe, AuthorizationMatrix.coachReply].contains(where: text(response.body).contains) {
                failures.append("B: GET \(request.path) shows what A sent")
            }
            if request.ownership == .others {
                opened[request.template, default: false] = opened[request.template, default: false] || response.status == .ok
            }
        }
        for (template, ok) in opened.sorted(by: { $0.key < $1.key }) where !ok {
            failures.append("B: GET \(template) with B's own things never answered 200: A's 404s there prove nothing")
        }
        // The markers B's own pages show prove the leak check can see them.
        let required = ["ZqBeeWorkoutNote", "ZqBeeMealName", "ZqBeeCheckinNote", "ZqBeeConversationTitle", "ZqBeeMessage"]
        for marker in required where !shown.contains(marker) {
            failures.append("B's own pages never show \(marker): the leak check for it proves nothing")
        }
        let unshown = AuthorizationMatrix.markers.filter { !shown.contains($0) }
        if !unshown.isEmpty { print("Authorization matrix: B's pages do not show (yet): \(unshown.joined(separator: ", "))") }
    }
}

/// The matrix could not set up its two members.
struct MatrixSetupError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
