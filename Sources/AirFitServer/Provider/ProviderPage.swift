import AirFitAI
import AirFitCore
import Foundation

/// The AI provider page: current configuration, provider cards, the chosen provider's settings and the API keys.
struct ProviderView: PageView {
    static let template = "provider"

    /// What the configuration page shows.
    struct Input {
        var choice: ProviderChoice
        var user: User
        var keys: [AIProviderID: StoredSecretSummary]
        var models: [String]
        var liveModels: Bool
        var notices: [String] = []
        /// Arrived from onboarding or the chat without a provider: explain the choice first.
        var intro = false
    }

    /// One provider card.
    struct ProviderCard: Sendable {
        let value: String
        let name: String
        let checked: Bool
        let modelCount: String
        let keyBadge: String
        let hasKey: Bool
    }

    /// One option of the model list.
    struct ModelOption: Sendable {
        let value: String
        let selected: Bool
    }

    /// One row of the API keys section: the masked key and its date, or how to get one.
    struct KeyRow: Sendable {
        let id: String
        let name: String
        let hasKey: Bool
        let detail: String
        let isActive: Bool
        let removeNote: String
    }

    let notices: [String]
    let intro: Bool
    let currentProvider: String
    let currentModel: String
    let status: String
    let statusActive: Bool
    let providers: [ProviderCard]
    let chosenName: String
    let shown: String
    let models: [ModelOption]
    let hasModelList: Bool
    let model: String
    let modelSource: String
    let baseURL: String
    let defaultBaseURL: String
    let baseURLHint: String
    let temperature: String
    let maxTemperature: String
    let maxTokens: String
    let maxTokensLimit: Int
    let canSave: Bool
    let keys: [KeyRow]
    let fallbacks: FallbackSection

    /// The page for `input`.
    init(_ input: Input) {
        let choice = input.choice
        let info = AIProviderCatalog.info(choice.provider)
        let saved = ProviderSettings.selected(input.user)
        var options = input.models
        // A saved model the list lacks stays choosable; with no list at all, the model is typed.
        if !options.isEmpty && !choice.model.isEmpty && !options.contains(choice.model) { options.insert(choice.model, at: 0) }
        let status = ProviderPage.status(saved, keys: input.keys)
        notices = input.notices
        intro = input.intro
        currentProvider = saved.map { AIProviderCatalog.info($0).displayName } ?? "Not chosen"
        currentModel = saved.map { input.user.selectedAIModel ?? AIProviderCatalog.info($0).defaultModel } ?? "—"
        self.status = status.text
        statusActive = status.active
        providers = AIProviderID.allCases.map { provider in
            let count =
                provider == choice.provider && input.liveModels ? input.models.count : AIProviderCatalog.info(provider).models.count
            return ProviderCard(
                value: provider.rawValue, name: AIProviderCatalog.info(provider).displayName, checked: provider == choice.provider,
                modelCount: ProviderPage.modelCount(count), keyBadge: ProviderPage.keyBadge(provider, keys: input.keys),
                hasKey: input.keys[provider] != nil)
        }
        chosenName = info.displayName
        shown = choice.provider.rawValue
        models = options.map { ModelOption(value: $0, selected: $0 == choice.model) }
        hasModelList = !options.isEmpty
        model = choice.model
        modelSource = ProviderPage.modelSource(choice.provider, live: input.liveModels, hasKey: input.keys[choice.provider] != nil)
        baseURL = choice.baseURL
        defaultBaseURL = info.baseURL
        baseURLHint = ProviderPage.baseURLHint(choice.provider)
        temperature = choice.temperature
        maxTemperature = ProviderChoice.format(info.maxTemperature)
        maxTokens = choice.maxTokens
        maxTokensLimit = info.maxOutputTokens(model: choice.model)
        canSave = ProviderSettings.isUsable(choice.provider, keys: input.keys)
        keys = AIProviderID.allCases.map { ProviderPage.keyRow($0, keys: input.keys, active: saved) }
        fallbacks = FallbackSection(user: input.user, keys: input.keys)
    }
}

/// The key entry page (the spec's API key entry sheet). The key is never put back.
struct ProviderKeyView: PageView {
    static let template = "providerKey"
    let id: String
    let name: String
    let requirement: String
    /// The base URL field as typed (it is not a secret, and credentials are refused).
    let baseURL: String
    let defaultBaseURL: String
    let baseURLHint: String
    let instructions: String
    let keyURL: String
    let hasKeyURL: Bool
    let offerSkipTest: Bool

    init(_ provider: AIProviderID, baseURL: String, offerSkipTest: Bool) {
        let info = AIProviderCatalog.info(provider)
        id = provider.rawValue
        name = info.displayName
        requirement = info.requiresKey ? "API key required" : "API key optional"
        self.baseURL = baseURL
        defaultBaseURL = info.baseURL
        baseURLHint = ProviderPage.baseURLHint(provider)
        instructions = ProviderPage.instructions(info)
        keyURL = info.keyURL ?? ""
        hasKeyURL = info.keyURL != nil
        self.offerSkipTest = offerSkipTest
    }
}

/// "Remove the … key?" without JavaScript.
struct ProviderKeyRemoveView: PageView {
    static let template = "providerKeyRemove"
    let id: String
    let name: String
    let removeNote: String
}

/// The provider pages' wording rules.
enum ProviderPage {
    /// "Active" when the chosen provider can be used; the spec's "No API key" when it needs one.
    static func status(_ saved: AIProviderID?, keys: [AIProviderID: StoredSecretSummary]) -> (text: String, active: Bool) {
        guard let saved else { return ("Not set up", false) }
        return ProviderSettings.isUsable(saved, keys: keys) ? ("Active", true) : ("No API key", false)
    }

    /// The badge on a provider card.
    static func keyBadge(_ provider: AIProviderID, keys: [AIProviderID: StoredSecretSummary]) -> String {
        if keys[provider] != nil { return "Key saved" }
        return AIProviderCatalog.info(provider).requiresKey ? "No key" : "No key needed"
    }

    static func modelCount(_ count: Int) -> String {
        switch count {
        case 0: return "Any model your server offers"
        case 1: return "1 model available"
        default: return "\(count) models available"
        }
    }

    static func modelSource(_ provider: AIProviderID, live: Bool, hasKey: Bool) -> String {
        let name = AIProviderCatalog.info(provider).displayName
        if live { return "Live list from \(name)." }
        if AIProviderCatalog.info(provider).requiresKey && !hasKey { return "Known models. Add a key to see \(name)'s live list." }
        return "Known models: \(name) could not be reached for its live list."
    }

    /// What the base URL field is for, per provider.
    static func baseURLHint(_ provider: AIProviderID) -> String {
        switch provider {
        case .custom: return "The root of your OpenAI-compatible API."
        case .ollama: return "Where Ollama listens, when not on this machine."
        default: return "Only for a gateway or proxy in front of \(AIProviderCatalog.info(provider).displayName)."
        }
    }

    /// One row of the API keys section: the masked key and its date, or how to get one.
    static func keyRow(_ provider: AIProviderID, keys: [AIProviderID: StoredSecretSummary], active: AIProviderID?) -> ProviderView.KeyRow {
        let info = AIProviderCatalog.info(provider)
        let detail: String
        if let summary = keys[provider] {
            detail = "\(summary.masked) · saved \(summary.updatedAt.formatted(date: .abbreviated, time: .omitted))"
        } else {
            detail = info.requiresKey ? "No key" : "Optional: no key needed"
        }
        return ProviderView.KeyRow(
            id: provider.rawValue, name: info.displayName, hasKey: keys[provider] != nil, detail: detail, isActive: provider == active,
            removeNote: removeNote(provider, active: active))
    }

    /// What removing a key changes, said before it happens.
    static func removeNote(_ provider: AIProviderID, active: AIProviderID?) -> String {
        guard provider == active else { return "It is deleted from this installation. You can add a key again at any time." }
        return
            "Your coach uses \(AIProviderCatalog.info(provider).displayName) now. AirFit switches to another provider with a key, if there is one."
    }

    /// The catalog's instructions, with the command-line hint for custom endpoints told the web's way.
    static func instructions(_ info: AIProviderInfo) -> String {
        guard info.id == .custom else { return info.keyInstructions }
        return "Use the key your server expects, if any, and enter your server's base URL below."
    }

    /// What the key page says when a key is refused; the key itself is never repeated.
    static func problem(_ result: KeyCheckResult) -> String {
        switch result {
        case .ok: return ""
        case .badFormat: return "\(result.message). Check that you copied the whole key."
        case .rejected: return "\(result.message). Check the key, or create a new one."
        case .unreachable:
            return "\(result.message). Check the base URL and try again, or save the key without testing."
        }
    }
}
