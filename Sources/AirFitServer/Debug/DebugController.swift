import AirFitAI
import AirFitCore
import Foundation
import Hummingbird

/// Developer tools (`AIRFIT_ENV=development` only; 404 otherwise): provider health, the running
/// configuration without secrets, and decoding a pasted provider stream.
///
/// Routes are added only in development, so elsewhere they answer like any unknown address.
struct DebugController: Sendable {
    /// How long the page waits for one provider's health check.
    static let healthDeadline: Duration = .seconds(10)
    /// The decode form takes a pasted response body, far larger than other forms.
    static let formLimits = ["/settings/debug/decode": PastedStream.formLimit]

    let providerSettings: ProviderSettings
    let aiClient: AIClient
    let health: any HealthChecking
    let views: Views

    func addRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.get("/settings/debug") { _, context -> Response in
            try await debugPage(signed: context.signed, checkHealth: false, decode: nil)
        }
        // A health check sends stored keys to their providers: a POST with the form's CSRF token, never a GET.
        group.post("/settings/debug/health") { _, context -> Response in
            try await debugPage(signed: context.signed, checkHealth: true, decode: nil)
        }
        group.post("/settings/debug/decode") { request, context -> Response in
            let signed = context.signed
            struct DecodeForm: Decodable {
                @FormText var provider: String?
                @FormText var stream: String?
            }
            let form = try await request.decodeForm(DecodeForm.self, limit: PastedStream.formLimit)
            let provider = form.provider.flatMap(AIProviderID.init(rawValue:)) ?? .openai
            let text = form.stream ?? ""
            let outcome: Result<String, DecodeProblem>
            if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                outcome = .failure(DecodeProblem("Paste a response body to decode."))
            } else {
                outcome = PastedStream.summary(text, provider: provider).mapError {
                    DecodeProblem("The body could not be decoded: \($0.description).")
                }
            }
            var response = try await debugPage(signed: signed, checkHealth: false, decode: (provider, text, outcome))
            if case .failure = outcome { response.status = .unprocessableContent }
            return response
        }
    }

    /// A message for the decode form.
    struct DecodeProblem: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    private func debugPage(
        signed: SignedIn, checkHealth: Bool, decode: (provider: AIProviderID, text: String, outcome: Result<String, DecodeProblem>)?
    ) async throws -> Response {
        let settings = providerSettings
        let keys = try await settings.storedKeys(userID: signed.user.id)
        let chosen = decode?.provider ?? ProviderSettings.selected(signed.user) ?? .openai
        var page = DebugView(
            checkedHealth: checkHealth, nothingToCheck: Self.checkedProviders(signed.user, keys: keys).isEmpty,
            configuration: try await configurationRows(signed.user, keys: keys),
            formats: AIProviderID.allCases.map { provider in
                let format = provider == .ollama ? "NDJSON" : "SSE"
                return Choice(
                    value: provider.rawValue, name: "\(AIProviderCatalog.info(provider).displayName) · \(format)",
                    checked: provider == chosen)
            },
            stream: decode?.text ?? "")
        if checkHealth { page.health = await healthRows(signed.user, keys: keys) }
        var chrome = PageChrome(csrf: signed.session.csrfToken, heading: "Developer tools")
        switch decode?.outcome {
        case .success(let json):
            page.hasResult = true
            page.result = json
        case .failure(let problem): chrome.errors = [problem.message]
        case nil: break
        }
        return views.response(page, title: "Developer tools", user: signed.user, chrome: chrome)
    }

    /// The providers a health check asks: every one with a stored key, plus the selected one when it needs none.
    private static func checkedProviders(_ user: User, keys: [AIProviderID: StoredSecretSummary]) -> [AIProviderID] {
        let selected = ProviderSettings.selected(user)
        return AIProviderID.allCases.filter { keys[$0] != nil || ($0 == selected && !AIProviderCatalog.info($0).requiresKey) }
    }

    /// Every provider with a stored key, plus the selected one when it needs none, checked at once.
    private func healthRows(_ user: User, keys: [AIProviderID: StoredSecretSummary]) async -> [DebugView.HealthRow] {
        let settings = providerSettings
        let providers = Self.checkedProviders(user, keys: keys)
        var checks: [(AIProviderID, String?, String?)] = []
        var unreadable: Set<AIProviderID> = []
        for provider in providers {
            do {
                // A stored key goes to the address saved with it and nowhere else.
                let credential = try await settings.credential(provider, userID: user.id)
                let baseURL = StoredCredential.baseURL(provider: provider.rawValue, credential: credential, user: user)
                checks.append((provider, credential?.secret, baseURL))
            } catch {
                unreadable.insert(provider)
            }
        }
        let client = aiClient
        let results = await withTaskGroup(of: (AIProviderID, ProviderHealth?).self) { group in
            for (provider, key, baseURL) in checks {
                group.addTask {
                    let health = await Deadline.run(Self.healthDeadline) {
                        await client.health(provider: provider, key: key, baseURL: baseURL)
                    }
                    return (provider, health)
                }
            }
            var results: [AIProviderID: ProviderHealth?] = [:]
            for await (provider, health) in group { results[provider] = health }
            return results
        }
        return providers.map { provider in
            // nil: no answer before the page's deadline, or the key could not be read.
            let health = results[provider] ?? nil
            let latency = health?.latency.map { "\(Self.milliseconds($0)) ms" }
            let error =
                unreadable.contains(provider)
                ? "the stored key could not be decrypted; check the master key (airfit doctor)"
                : health.map { $0.lastError } ?? "no answer within \(Self.healthDeadline.components.seconds) s"
            return DebugView.HealthRow(
                id: provider.rawValue, name: AIProviderCatalog.info(provider).displayName,
                address: ProviderSettings.address(of: provider, user: user, keys: keys),
                status: health?.status.rawValue ?? ProviderHealth.Status.unreachable.rawValue,
                tone: health?.status == .healthy ? "ok" : "warn",
                hasLatency: latency != nil, latency: latency ?? "", hasError: error != nil, error: error ?? "")
        }
    }

    /// What the app runs with; never a key, only which providers have one.
    private func configurationRows(_ user: User, keys: [AIProviderID: StoredSecretSummary]) async throws -> [DebugView.ConfigurationRow] {
        let report = await health.report()
        var database = "\(report.database.backend) · \(report.database.status)"
        if let journal = report.database.journalMode { database += " · journal \(journal)" }
        let pending = report.database.pendingMigrations
        let selected = ProviderSettings.selected(user)
        let rows: [(String, String)] = [
            ("Version", AirFitVersion.current),
            ("Environment", "development"),
            ("Database", database),
            ("Pending migrations", pending.isEmpty ? "none" : pending.joined(separator: ", ")),
            ("Provider", selected.map { "\(AIProviderCatalog.info($0).displayName) (\($0.rawValue))" } ?? "not chosen"),
            ("Model", selected.map { user.selectedAIModel ?? AIProviderCatalog.info($0).defaultModel } ?? "—"),
            ("Temperature", user.aiTemperature.map(ProviderChoice.format) ?? "provider default"),
            ("Max tokens", user.aiMaxTokens.map(String.init) ?? "provider default"),
            (
                "Base URL",
                selected.map { ProviderSettings.baseURL(for: $0, user: user) ?? AIProviderCatalog.info($0).baseURL } ?? "—"
            ),
            (
                "Keys stored for",
                keys.isEmpty ? "none" : AIProviderID.allCases.filter { keys[$0] != nil }.map(\.rawValue).joined(separator: ", ")
            ),
        ]
        return rows.map { DebugView.ConfigurationRow(label: $0.0, value: $0.1) }
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }
}
