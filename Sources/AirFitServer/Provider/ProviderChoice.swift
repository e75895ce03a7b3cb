import AirFitAI
import AirFitCore
import Foundation

/// A configuration that passed validation, ready to save.
struct ProviderConfiguration: Sendable, Equatable {
    var provider: AIProviderID
    var model: String
    /// nil: the provider's default.
    var temperature: Double?
    /// nil: the provider's default.
    var maxTokens: Int?
    /// nil: the catalog's address.
    var baseURL: String?
}

/// The configuration form as text, so a refused submit shows every field exactly as typed.
struct ProviderChoice: Sendable, Equatable {
    var provider: AIProviderID
    var model: String
    var temperature: String
    var maxTokens: String
    var baseURL: String

    /// The longest model id accepted.
    static let maxModelLength = 200

    /// The saved configuration of `user`; when `provider` is another one, that provider with its default model.
    init(user: User, showing provider: AIProviderID? = nil) {
        let saved = ProviderSettings.selected(user)
        let provider = provider ?? saved ?? .openai
        self.provider = provider
        let isSaved = provider == saved
        model = (isSaved ? user.selectedAIModel : nil) ?? AIProviderCatalog.info(provider).defaultModel
        baseURL = isSaved ? user.aiBaseURL ?? "" : ""
        temperature = user.aiTemperature.map(Self.format) ?? ""
        maxTokens = user.aiMaxTokens.map(String.init) ?? ""
    }

    /// The posted fields; an unknown provider becomes `fallback`.
    init(form: ProviderForm, fallback: AIProviderID) {
        provider = form.provider.flatMap(AIProviderID.init(rawValue:)) ?? fallback
        model = form.model?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        temperature = form.temperature?.trimmingCharacters(in: .whitespaces) ?? ""
        maxTokens = form.maxTokens?.trimmingCharacters(in: .whitespaces) ?? ""
        baseURL = form.baseURL?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    }

    /// The same choice moved to `provider`: its default model and address, the typed temperature and token limit kept.
    func switching(to provider: AIProviderID) -> ProviderChoice {
        guard provider != self.provider else { return self }
        var choice = self
        choice.provider = provider
        choice.model = AIProviderCatalog.info(provider).defaultModel
        choice.baseURL = ""
        return choice
    }

    /// The configuration, or a message for each field that cannot be saved.
    func validated() -> (configuration: ProviderConfiguration?, problems: [String]) {
        let info = AIProviderCatalog.info(provider)
        var problems: [String] = []
        if model.isEmpty {
            problems.append("Choose a model.")
        } else if model.count > Self.maxModelLength || model.contains(where: { $0.isWhitespace || $0.isNewline }) {
            problems.append("Enter a model name without spaces, at most \(Self.maxModelLength) characters.")
        }
        var temperatureValue: Double?
        if !temperature.isEmpty {
            let value = Double(temperature.replacingOccurrences(of: ",", with: "."))
            if let value, value.isFinite, (0...info.maxTemperature).contains(value) {
                temperatureValue = value
            } else {
                problems.append("Enter a temperature from 0 to \(Self.format(info.maxTemperature)), or leave it empty for the default.")
            }
        }
        var tokensValue: Int?
        if !maxTokens.isEmpty {
            let limit = info.maxOutputTokens(model: model)
            if let value = Int(maxTokens), (1...limit).contains(value) {
                tokensValue = value
            } else {
                problems.append("Enter max tokens as a whole number from 1 to \(limit), or leave it empty for the default.")
            }
        }
        var url: String?
        if !baseURL.isEmpty {
            url = BaseURLRule.normalized(baseURL)
            if url == nil { problems.append(BaseURLRule.problem) }
        }
        guard problems.isEmpty else { return (nil, problems) }
        return (
            ProviderConfiguration(provider: provider, model: model, temperature: temperatureValue, maxTokens: tokensValue, baseURL: url),
            []
        )
    }

    /// `0.7`, `1`, `0.25`: the shortest form, the same in every locale.
    static func format(_ value: Double) -> String {
        String(format: "%g", value)
    }
}
