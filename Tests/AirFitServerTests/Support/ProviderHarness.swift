import AirFitAI
import AirFitCore
import AirFitTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

/// An app over in-memory stores the test can look into, whose AI client reaches only 127.0.0.1.
struct ProviderHarness {
    let store = InMemoryStore()
    let vault = InMemorySecretVault()
    let transport = LoopbackOnlyTransport()
    let isDevelopment: Bool

    init(isDevelopment: Bool = false) {
        self.isDevelopment = isDevelopment
    }

    /// The application under test.
    func app() -> some ApplicationProtocol {
        Application(
            router: buildRouter(
                ServerDependencies(
                    health: StubHealth(), repository: store, vault: vault, aiClient: AIClient(transport: transport), passwordCost: 4,
                    isDevelopment: isDevelopment)))
    }

    /// The owner created by `WebClient.signUp()`.
    func owner() async throws -> User {
        try #require(try await store.users().first)
    }

    /// Providers with a stored key.
    func storedProviders() async throws -> [String] {
        try await vault.storedSecrets(userID: owner().id).map(\.provider).sorted()
    }

    /// Makes `provider` the owner's, reached at `baseURL`, with `key` in the vault.
    func choose(_ provider: AIProviderID, baseURL: String?, key: String?, model: String? = nil) async throws {
        var owner = try await owner()
        owner.selectedAIProvider = provider.rawValue
        owner.selectedAIModel = model
        owner.aiBaseURL = baseURL
        try await store.updateUser(owner)
        if let key { try await vault.saveSecret(key, provider: provider.rawValue, userID: owner.id, baseURL: baseURL) }
    }
}

/// OpenAI's model-list wire format, as the fake provider answers it.
enum ModelListWire {
    /// The key the scripted provider accepts in the tests.
    static let acceptedKey = "sk-test-accepted-0123456789abcd"
    /// The models it lists.
    static let models = ["gpt-fake-mini", "gpt-fake-large"]

    /// 200 with ``models``.
    static var accepted: FakeProviderServer.Reply {
        let data = models.map { #"{"id":"\#($0)","object":"model","owned_by":"fake"}"# }.joined(separator: ",")
        return .init(status: 200, chunks: [#"{"object":"list","data":[\#(data)]}"#], contentType: "application/json")
    }

    /// 401 echoing `key` back, as some providers do.
    static func rejected(echoing key: String) -> FakeProviderServer.Reply {
        .init(
            status: 401,
            chunks: [
                #"{"error":{"message":"Incorrect API key provided: \#(key).","type":"invalid_request_error","code":"invalid_api_key"}}"#
            ],
            contentType: "application/json")
    }
}

extension FakeProviderServer {
    /// `http://127.0.0.1:PORT/v1`: an OpenAI-style base URL.
    var baseURL: String { root + "/v1" }

    /// The `Authorization` header of each request to `/v1/models`.
    var modelListAuthorizations: [String] {
        requests.filter { $0.path == "/v1/models" }.map { request in
            request.headers.first { $0.key.lowercased() == "authorization" }?.value ?? ""
        }
    }
}

/// A page with the entities swift-mustache writes turned back into characters, for readable expectations.
func unescaped(_ response: TestResponse) -> String {
    text(response.body).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
        .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        .replacingOccurrences(of: "&amp;", with: "&")
}
