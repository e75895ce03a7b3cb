import AirFitAI
import AirFitCore
import Foundation
import Hummingbird

/// The fallback chain on the AI provider page: other providers (with their stored keys) to try, in order, when the
/// chosen one is rate limited, failing, slow or unreachable before it answers.
extension ProviderController {
    /// `POST /settings/provider/fallbacks`.
    struct FallbackForm: Decodable {
        @FormText var provider: String?
        @FormText var model: String?
    }

    func addFallbackRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.post("/settings/provider/fallbacks") { request, context -> Response in
            let signed = context.signed
            let form = try await request.decodeForm(FallbackForm.self)
            let keys = try await providerSettings.storedKeys(userID: signed.user.id)
            let usable = Set(AIProviderID.allCases.filter { ProviderSettings.isUsable($0, keys: keys) }.map(\.rawValue))
            let chain: [AIFallback]
            do {
                chain = try AIFallback.adding(
                    provider: form.provider ?? "", model: form.model ?? "", to: signed.user.aiFallbacks ?? [],
                    known: Set(AIProviderID.allCases.map(\.rawValue)), usable: usable, primary: signed.user.selectedAIProvider)
            } catch let error as AIFallbackError {
                let choice = Self.withKeyAddress(ProviderChoice(user: signed.user, showing: nil), keys: keys)
                return try await providerPage(
                    choice, signed: signed, keys: keys, askProvider: false, problems: [error.errorDescription ?? ""],
                    status: .unprocessableContent)
            }
            try await providerSettings.saveFallbacks(chain, user: signed.user)
            return WebResponses.redirect("/settings/provider?fallback=added#fallbacks")
        }
        group.post("/settings/provider/fallbacks/:provider/remove") { _, context -> Response in
            let signed = context.signed
            let provider = try Self.provider(context)
            let chain = signed.user.aiFallbacks ?? []
            guard chain.contains(where: { $0.provider == provider.rawValue }) else {
                throw HTTPError(.notFound, message: "That provider is not in your fallback list.")
            }
            try await providerSettings.saveFallbacks(chain.filter { $0.provider != provider.rawValue }, user: signed.user)
            return WebResponses.redirect("/settings/provider?fallback=removed#fallbacks")
        }
    }
}

/// The fallback section of the AI provider page.
struct FallbackSection: Sendable {
    struct Row: Sendable {
        let id: String
        let name: String
        let model: String
        let position: Int
        /// The key it needs is gone: it is skipped until one is added again.
        let unusable: Bool
    }

    struct Option: Sendable {
        let value: String
        let name: String
    }

    let rows: [Row]
    let options: [Option]
    let canAdd: Bool
    let limit: Int

    init(user: User, keys: [AIProviderID: StoredSecretSummary]) {
        let chain = user.aiFallbacks ?? []
        rows = chain.enumerated().compactMap { index, step in
            guard let provider = AIProviderID(rawValue: step.provider) else { return nil }
            let info = AIProviderCatalog.info(provider)
            return Row(
                id: provider.rawValue, name: info.displayName, model: step.model ?? info.defaultModel, position: index + 1,
                unusable: !ProviderSettings.isUsable(provider, keys: keys))
        }
        options = AIProviderID.allCases.filter { provider in
            provider.rawValue != user.selectedAIProvider && !chain.contains { $0.provider == provider.rawValue }
                && ProviderSettings.isUsable(provider, keys: keys)
        }.map { Option(value: $0.rawValue, name: AIProviderCatalog.info($0).displayName) }
        limit = AIFallback.maxSteps
        canAdd = chain.count < AIFallback.maxSteps && !options.isEmpty && user.selectedAIProvider != nil
    }
}
