import AirFitAI
import AirFitCore
import Foundation
import Hummingbird

/// The AI provider page (the spec's API configuration view): current configuration, provider and model,
/// limits, and each provider's API key: added after a format check and a live test, removed after confirmation.
struct ProviderController: Sendable {
    /// The AI configuration rules over the vault, client and repository.
    let providerSettings: ProviderSettings
    /// The current time, for re-authentication before a key is removed.
    let now: @Sendable () -> Date
    let views: Views

    func addRoutes(to group: RouterGroup<SignedInRequestContext>) {
        addFallbackRoutes(to: group)
        // A GET shows the catalog's models and sends nothing anywhere: asking a provider for its live list uses the
        // stored key, so only a POST with the form's CSRF token does (the page's script posts it on load).
        group.get("/settings/provider") { request, context -> Response in
            let signed = context.signed
            let query = request.uri.queryParameters
            let showing = query["provider"].flatMap { AIProviderID(rawValue: String($0)) }
            let keys = try await providerSettings.storedKeys(userID: signed.user.id)
            let choice = Self.withKeyAddress(ProviderChoice(user: signed.user, showing: showing), keys: keys)
            return try await providerPage(
                choice, signed: signed, keys: keys, askProvider: false, notices: providerNotices(query, user: signed.user, keys: keys),
                intro: query["setup"] != nil)
        }
        group.post("/settings/provider") { request, context -> Response in
            try await postConfiguration(try await request.decodeForm(ProviderForm.self), signed: context.signed)
        }
        group.get("/settings/provider/keys/:provider") { _, context -> Response in
            let provider = try Self.provider(context)
            let baseURL = ProviderSettings.baseURL(for: provider, user: context.signed.user) ?? ""
            return keyPage(provider, signed: context.signed, baseURL: baseURL, problems: [], offerSkipTest: false)
        }
        group.post("/settings/provider/keys/:provider") { request, context -> Response in
            try await postKey(try await request.decodeForm(KeyForm.self), provider: try Self.provider(context), signed: context.signed)
        }
        group.get("/settings/provider/keys/:provider/remove") { _, context -> Response in
            let signed = context.signed
            let provider = try Self.provider(context)
            // Removing a key is a sensitive change: it needs a recent sign-in.
            let path = "/settings/provider/keys/\(provider.rawValue)/remove"
            if let redirect = SudoGate.check(signed, now: now(), returningTo: path) { return redirect }
            guard try await providerSettings.storedKeys(userID: signed.user.id)[provider] != nil else {
                return WebResponses.redirect("/settings/provider")
            }
            let page = ProviderKeyRemoveView(
                id: provider.rawValue, name: AIProviderCatalog.info(provider).displayName,
                removeNote: ProviderPage.removeNote(provider, active: ProviderSettings.selected(signed.user)))
            let chrome = PageChrome(csrf: signed.session.csrfToken, heading: "Remove key")
            return views.response(page, title: "Remove key", user: signed.user, chrome: chrome)
        }
        group.post("/settings/provider/keys/:provider/remove") { _, context -> Response in
            let provider = try Self.provider(context)
            let path = "/settings/provider/keys/\(provider.rawValue)/remove"
            if let redirect = SudoGate.check(context.signed, now: now(), returningTo: path) { return redirect }
            let removal = try await providerSettings.removeKey(provider, user: context.signed.user)
            guard removal.removed else { return WebResponses.redirect("/settings/provider") }
            let switched = removal.switchedTo.map { "&switched=\($0.rawValue)" } ?? ""
            return WebResponses.redirect("/settings/provider?removed=\(provider.rawValue)\(switched)")
        }
    }

    /// Format check, live test, save; the page again with the reason when the key is refused.
    private func postKey(_ form: KeyForm, provider: AIProviderID, signed: SignedIn) async throws -> Response {
        let typedURL = form.baseURL?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let baseURL = BaseURLRule.normalized(typedURL)
        func refused(_ problem: String, offerSkipTest: Bool = false) -> Response {
            var response = keyPage(provider, signed: signed, baseURL: typedURL, problems: [problem], offerSkipTest: offerSkipTest)
            response.status = .unprocessableContent
            return response
        }
        if !typedURL.isEmpty && baseURL == nil { return refused(BaseURLRule.problem) }
        let result = try await providerSettings.addKey(
            form.key ?? "", provider: provider, user: signed.user, baseURL: baseURL, skipTest: form.skipTest)
        switch result {
        case .ok: break
        case .unreachable: return refused(ProviderPage.problem(result), offerSkipTest: true)
        case .badFormat, .rejected: return refused(ProviderPage.problem(result))
        }
        // The base URL is saved with the key (the only address it is sent to), so the page shows it from there.
        return WebResponses.redirect("/settings/provider?provider=\(provider.rawValue)&added=\(provider.rawValue)")
    }

    /// "Show this provider's settings" re-shows the form for the radio's provider; "Save configuration" saves.
    private func postConfiguration(_ form: ProviderForm, signed: SignedIn) async throws -> Response {
        let keys = try await providerSettings.storedKeys(userID: signed.user.id)
        // The model and base URL fields belong to the provider the page showed, not necessarily the radio's.
        let shown = form.shown.flatMap(AIProviderID.init(rawValue:)) ?? ProviderChoice(user: signed.user).provider
        let posted = ProviderChoice(form: form, fallback: shown)
        var choice = posted
        choice.provider = shown
        if posted.provider != shown { choice = Self.withKeyAddress(choice.switching(to: posted.provider), keys: keys) }
        if form.action == "choose" { return try await providerPage(choice, signed: signed, keys: keys, askProvider: true) }
        var problems: [String] = []
        if posted.provider != shown {
            problems.append("Check the settings for \(AIProviderCatalog.info(posted.provider).displayName), then save.")
        } else {
            if !ProviderSettings.isUsable(choice.provider, keys: keys) {
                problems.append(ProviderSettingsError.missingAPIKey(choice.provider).errorDescription ?? "")
            }
            let (configuration, invalid) = choice.validated()
            problems += invalid
            if let configuration,
                let problem = ProviderSettings.bindingProblem(
                    configuration.provider, baseURL: configuration.baseURL, keys: keys)
            {
                problems.append(problem)
            }
            if let configuration, problems.isEmpty {
                do {
                    try await providerSettings.save(configuration, user: signed.user)
                    return WebResponses.redirect("/settings/provider?saved=1")
                } catch let error as ProviderSettingsError {
                    // The key was removed in another tab between the check above and the save.
                    problems.append(error.errorDescription ?? "")
                }
            }
        }
        return try await providerPage(
            choice, signed: signed, keys: keys, askProvider: false, problems: problems, status: .unprocessableContent)
    }

    /// `choice` showing the base URL saved with the provider's key, when it has one (the key's only address).
    static func withKeyAddress(_ choice: ProviderChoice, keys: [AIProviderID: StoredSecretSummary]) -> ProviderChoice {
        guard let summary = keys[choice.provider] else { return choice }
        var choice = choice
        choice.baseURL = summary.baseURL ?? ""
        return choice
    }

    /// Renders the configuration page for `choice`, with the chosen provider's models: the live list when
    /// `askProvider` (POST requests only), else the catalog's.
    func providerPage(
        _ choice: ProviderChoice, signed: SignedIn, keys: [AIProviderID: StoredSecretSummary], askProvider: Bool,
        notices: [String] = [], problems: [String] = [], intro: Bool = false, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let provider = choice.provider
        let models: (models: [String], live: Bool) =
            askProvider
            ? try await providerSettings.liveModels(provider, user: signed.user)
            : (ProviderSettings.catalogModels(provider), false)
        var choice = choice
        // A catalog default the provider does not offer gives way to its first live model; a saved model stays.
        let isSaved = ProviderSettings.selected(signed.user) == provider && signed.user.selectedAIModel == choice.model
        if models.live, !isSaved, !models.models.contains(choice.model), let first = models.models.first { choice.model = first }
        let page = ProviderView(
            .init(
                choice: choice, user: signed.user, keys: keys, models: models.models, liveModels: models.live, notices: notices,
                intro: intro))
        let chrome = PageChrome(csrf: signed.session.csrfToken, heading: "AI provider", errors: problems)
        return views.response(page, title: "AI provider", user: signed.user, chrome: chrome, status: status)
    }

    /// The key entry page; whatever was typed into the key field is never sent back.
    private func keyPage(
        _ provider: AIProviderID, signed: SignedIn, baseURL: String, problems: [String], offerSkipTest: Bool
    ) -> Response {
        let page = ProviderKeyView(provider, baseURL: baseURL, offerSkipTest: offerSkipTest)
        let chrome = PageChrome(csrf: signed.session.csrfToken, heading: "Add API key", errors: problems)
        return views.response(page, title: "Add API key", user: signed.user, chrome: chrome)
    }

    /// The notices after a redirect: saved, key added, key removed (and the provider switched to).
    private func providerNotices(
        _ query: Parameters, user: User, keys: [AIProviderID: StoredSecretSummary]
    ) -> [String] {
        var notices: [String] = []
        let selected = ProviderSettings.selected(user)
        if query["saved"] != nil, let selected {
            let model = user.selectedAIModel ?? AIProviderCatalog.info(selected).defaultModel
            notices.append("Saved. Your coach uses \(AIProviderCatalog.info(selected).displayName) with \(model).")
        }
        if let added = query["added"].flatMap({ AIProviderID(rawValue: String($0)) }), let summary = keys[added] {
            let name = AIProviderCatalog.info(added).displayName
            let next = selected == added ? " Your coach uses \(name)." : " Choose Save configuration to use \(name)."
            notices.append("Saved the \(name) key (\(summary.masked)).\(next)")
        }
        if query["fallback"] == "added" {
            notices.append("Fallback added. If your provider fails before answering, the next one in the list answers.")
        }
        if query["fallback"] == "removed" { notices.append("Fallback removed.") }
        if let removed = query["removed"].flatMap({ AIProviderID(rawValue: String($0)) }) {
            let name = AIProviderCatalog.info(removed).displayName
            if let switched = query["switched"].flatMap({ AIProviderID(rawValue: String($0)) }), switched == selected {
                let model = user.selectedAIModel ?? AIProviderCatalog.info(switched).defaultModel
                notices.append(
                    "Removed the \(name) key. Your coach now uses \(AIProviderCatalog.info(switched).displayName) with \(model).")
            } else if removed == selected && !ProviderSettings.isUsable(removed, keys: keys) {
                notices.append("Removed the \(name) key. Add a key or choose another provider so your coach can answer.")
            } else {
                notices.append("Removed the \(name) key.")
            }
        }
        return notices
    }

    /// The `:provider` path parameter; 404 for anything but a known provider.
    static func provider(_ context: SignedInRequestContext) throws -> AIProviderID {
        guard let text = context.parameters.get("provider"), let provider = AIProviderID(rawValue: text) else {
            throw HTTPError(.notFound, message: "There is no such provider.")
        }
        return provider
    }
}
