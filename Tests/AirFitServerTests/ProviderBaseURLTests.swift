import Testing

@testable import AirFitServer

@Suite("Provider base URLs")
struct ProviderBaseURLTests {
    @Test(
        "Base URLs must be http(s) with a host and no credentials",
        arguments: [
            ("http://127.0.0.1:8000/v1/", "http://127.0.0.1:8000/v1"),
            ("  https://gateway.example.com/openai/v1  ", "https://gateway.example.com/openai/v1"),
            ("http://localhost:11434", "http://localhost:11434"),
            ("ftp://example.com", nil),
            ("127.0.0.1:8000", nil),
            ("https://user:pass@example.com/v1", nil),
            ("https://example.com/v1?key=abc", nil),
            ("", nil),
        ] as [(String, String?)])
    func normalized(text: String, expected: String?) {
        #expect(ProviderBaseURL.normalized(text) == expected)
    }
}
