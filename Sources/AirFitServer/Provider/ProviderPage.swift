import AirFitAI
import AirFitCore
import Foundation

/// Builds the template contexts of the AI provider page and its key pages from plain values.
enum ProviderPage {
    /// What the configuration page shows.
    struct Input {
        var choice: ProviderChoice
        var user: User
        var keys: [AIProviderID: StoredSecretSummary]
        var models: [String]
        var liveModels: Bool
        var notices: [String] = []
        var problems: [String] = []
    }

    /// The context of the `provider` template.
    static func context(_ input: Input) -> [String: Any] {
        let choice = input.choice
        let info = AIProviderCatalog.info(choice.provider)
        let saved = ProviderSettings.selected(input.user)
        var options = input.models
        // A saved model the list lacks stays choosable; with no list at all, the model is typed.
        if !options.isEmpty && !choice.model.isEmpty && !options.contains(choice.model) { options.insert(choice.model, at: 0) }
        let canSave = ProviderSettings.isUsable(choice.provider, keys: input.keys)
        let status = status(saved, keys: input.keys)
        return [
            "heading": "AI provider",
            "notices": input.notices, "errors": input.problems, "hasErrors": !input.problems.isEmpty,
            "currentProvider": saved.map { AIProviderCatalog.info($0).displayName } ?? "Not chosen",
            "currentModel": saved.map { input.user.selectedAIModel ?? AIProviderCatalog.info($0).defaultModel } ?? "—",
            "status": status.text, "statusActive": status.active,
            "providers": AIProviderID.allCases.map { provider -> [String: Any] in
                let count =
                    provider == choice.provider && input.liveModels ? input.models.count : AIProviderCatalog.info(provider).models.count
                return [
                    "value": provider.rawValue, "name": AIProviderCatalog.info(provider).displayName,
                    "checked": provider == choice.provider, "modelCount": modelCount(count),
                    "keyBadge": keyBadge(provider, keys: input.keys), "hasKey": input.keys[provider] != nil,
                ]
            },
            "chosenName": info.displayName, "shown": choice.provider.rawValue,
            "models": options.map { ["value": $0, "selected": $0 == choice.model] },
            "hasModelList": !options.isEmpty, "model": choice.model,
            "modelSource": modelSource(choice.provider, live: input.liveModels, hasKey: input.keys[choice.provider] != nil),
            "baseURL": choice.baseURL, "defaultBaseURL": info.baseURL, "baseURLHint": baseURLHint(choice.provider),
            "temperature": choice.temperature, "maxTemperature": ProviderChoice.format(info.maxTemperature),
            "maxTokens": choice.maxTokens, "maxTokensLimit": info.maxOutputTokens(model: choice.model),
            "canSave": canSave,
            "keys": AIProviderID.allCases.map { keyRow($0, keys: input.keys, active: saved) },
        ]
    }

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
    static func keyRow(_ provider: AIProviderID, keys: [AIProviderID: StoredSecretSummary], active: AIProviderID?) -> [String: Any] {
        let info = AIProviderCatalog.info(provider)
        let detail: String
        if let summary = keys[provider] {
            detail = "\(summary.masked) · saved \(summary.updatedAt.formatted(date: .abbreviated, time: .omitted))"
        } else {
            detail = info.requiresKey ? "No key" : "Optional: no key needed"
        }
        return [
            "id": provider.rawValue, "name": info.displayName, "hasKey": keys[provider] != nil, "detail": detail,
            "isActive": provider == active, "removeNote": removeNote(provider, active: active),
        ]
    }

    /// What removing a key changes, said before it happens.
    static func removeNote(_ provider: AIProviderID, active: AIProviderID?) -> String {
        guard provider == active else { return "It is deleted from this installation. You can add a key again at any time." }
        return
            "Your coach uses \(AIProviderCatalog.info(provider).displayName) now. AirFit switches to another provider with a key, if there is one."
    }

    /// The context of the `providerKey` page (the spec's API key entry sheet). The key is never put back.
    /// - Parameter baseURL: the base URL field as typed (it is not a secret, and credentials are refused).
    static func keyContext(_ provider: AIProviderID, baseURL: String, problems: [String], offerSkipTest: Bool) -> [String: Any] {
        let info = AIProviderCatalog.info(provider)
        return [
            "baseURL": baseURL, "defaultBaseURL": info.baseURL, "baseURLHint": baseURLHint(provider),
            "heading": "Add API key", "id": provider.rawValue, "name": info.displayName,
            "requirement": info.requiresKey ? "API key required" : "API key optional",
            "instructions": instructions(info), "keyURL": info.keyURL ?? "", "hasKeyURL": info.keyURL != nil,
            "errors": problems, "hasErrors": !problems.isEmpty, "offerSkipTest": offerSkipTest,
        ]
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
