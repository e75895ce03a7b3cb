import AirFitAI
import AirFitCore
import Foundation
import Testing

@testable import AirFitServer

@Suite("Provider configuration form")
struct ProviderChoiceTests {
    @Test("A choice starts from the saved configuration, or another provider's defaults")
    func startingChoice() {
        let user = User(
            selectedAIProvider: "custom", selectedAIModel: "mine", aiTemperature: 0.25, aiMaxTokens: 512,
            aiBaseURL: "http://10.0.0.2:8000/v1")
        let saved = ProviderChoice(user: user)
        #expect(saved == ProviderChoice(user: user, showing: .custom))
        #expect(saved.model == "mine")
        #expect(saved.baseURL == "http://10.0.0.2:8000/v1")
        #expect(saved.temperature == "0.25")
        #expect(saved.maxTokens == "512")
        let other = ProviderChoice(user: user, showing: .gemini)
        #expect(other.model == "gemini-2.5-flash")
        #expect(other.baseURL == "")
        #expect(other.temperature == "0.25")
        #expect(ProviderChoice(user: User()).provider == .openai)
    }

    @Test("Empty limits mean the provider's defaults; a comma decimal is accepted")
    func defaults() throws {
        var choice = ProviderChoice(user: User(), showing: .openai)
        choice.temperature = ""
        choice.maxTokens = ""
        let configuration = try #require(choice.validated().configuration)
        #expect(
            configuration == ProviderConfiguration(provider: .openai, model: "gpt-4o-mini", temperature: nil, maxTokens: nil, baseURL: nil))
        choice.temperature = "0,7"
        choice.maxTokens = "16384"
        #expect(choice.validated().configuration?.temperature == 0.7)
        #expect(choice.validated().configuration?.maxTokens == 16384)
        choice.maxTokens = "16385"
        #expect(choice.validated().problems == ["Enter max tokens as a whole number from 1 to 16384, or leave it empty for the default."])
        choice.model = "two words"
        choice.maxTokens = "0"
        #expect(
            choice.validated().problems == [
                "Enter a model name without spaces, at most 200 characters.",
                "Enter max tokens as a whole number from 1 to 128000, or leave it empty for the default.",
            ])
    }

    @Test("A base URL is kept for any provider, normalised, and refused with a message when unusable")
    func baseURL() {
        var choice = ProviderChoice(user: User(), showing: .openai)
        choice.baseURL = "https://gateway.example.com/openai/v1/"
        #expect(choice.validated().configuration?.baseURL == "https://gateway.example.com/openai/v1")
        choice.provider = .ollama
        choice.model = "llama3.2"
        choice.baseURL = "http://10.0.0.5:11434"
        #expect(choice.validated().configuration?.baseURL == "http://10.0.0.5:11434")
        choice.baseURL = "http://me:secret@10.0.0.5:11434"
        #expect(choice.validated().problems == [BaseURLRule.problem])
        #expect(choice.switching(to: .gemini).baseURL == "")
    }
}
