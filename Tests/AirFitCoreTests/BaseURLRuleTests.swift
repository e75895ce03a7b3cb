import AirFitCore
import Testing

@Suite("Provider base URLs")
struct BaseURLRuleTests {
    @Test(
        "Base URLs must be http(s) with a host and no credentials",
        arguments: [
            ("http://127.0.0.1:8000/v1/", "http://127.0.0.1:8000/v1"),
            ("  https://gateway.example.com/openai/v1  ", "https://gateway.example.com/openai/v1"),
            ("http://localhost:11434", "http://localhost:11434"),
            ("http://10.0.0.5:11434/api", "http://10.0.0.5:11434/api"),
            ("ftp://example.com", nil),
            ("127.0.0.1:8000", nil),
            ("https://user:pass@example.com/v1", nil),
            ("https://example.com/v1?key=abc", nil),
            ("", nil),
        ] as [(String, String?)])
    func normalized(text: String, expected: String?) {
        #expect(BaseURLRule.normalized(text) == expected)
    }

    @Test(
        "A base URL with line breaks, quotes, markup or control characters is refused",
        arguments: [
            "http://example.com/v1\r\nX-Injected: 1", "http://example.com/v1\n", "http://exa mple.com/v1",
            "http://example.com/\"onmouseover=\"x", "http://example.com/<script>alert(1)</script>", "http://example.com/\u{0}v1",
            "http://example.com/'v1", "http://example.com\\@evil.com/v1", "javascript:alert(1)", "http:///v1",
        ])
    func hostile(text: String) {
        #expect(BaseURLRule.normalized(text) == nil)
    }

    @Test("A key saved for one address is bound to it and to nothing else")
    func binding() {
        let credential = StoredCredential(secret: "sk-test", baseURL: "http://127.0.0.1:8000/v1")
        #expect(credential.isBound(to: "http://127.0.0.1:8000/v1/"))
        #expect(credential.isBound(to: "HTTP://127.0.0.1:8000/v1"))
        #expect(!credential.isBound(to: "http://attacker.example/v1"))
        #expect(!credential.isBound(to: nil))
        #expect(StoredCredential(secret: "sk-test", baseURL: nil).isBound(to: nil))
        #expect(!StoredCredential(secret: "sk-test", baseURL: nil).isBound(to: "http://attacker.example/v1"))
    }
}
