import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

@Suite("Templates and assets from files")
struct TemplateFileTests {
    @Test("Every template file is embedded and every partial a template names exists")
    func everyTemplateAndPartial() throws {
        let templates = EmbeddedFiles.templates
        for name in ["layout", "setup", "signin", "home", "onboarding", "chat", "settings", "units", "provider", "unlock"] {
            #expect(templates[name] != nil, "\(name).mustache")
        }
        for (name, text) in templates {
            var rest = Substring(text)
            while let range = rest.range(of: "{{>") {
                let partial = rest[range.upperBound...].prefix { $0 != "}" }.trimmingCharacters(in: .whitespaces)
                #expect(templates[partial] != nil, "\(name) uses the partial \(partial)")
                rest = rest[range.upperBound...]
            }
            #expect(!text.contains("<script>"), "\(name) has no inline script")
        }
    }

    @Test("Assets are served at content-addressed URLs for a year, and at their plain URLs for an hour")
    func assetsAreVersioned() async throws {
        #expect(WebAssets.all.count >= 9)
        try await makeTestApp().test(.router) { client in
            for asset in WebAssets.all {
                #expect(asset.path.hasPrefix("/assets/") && asset.path != "/assets/\(asset.name)", "\(asset.name) has its hash in the URL")
                let versioned = try await client.execute(uri: asset.path, method: .get)
                #expect(versioned.status == .ok)
                #expect(versioned.headers[.cacheControl] == "public, max-age=31536000, immutable")
                #expect(versioned.headers[.contentType] == asset.contentType)
                #expect(text(versioned.body) == asset.text)
                let plain = try await client.execute(uri: asset.plainPath, method: .get)
                #expect(plain.status == .ok)
                #expect(plain.headers[.cacheControl] == "public, max-age=3600")
            }
        }
    }

    @Test("Pages link the stylesheet and scripts by their versioned URLs")
    func pagesLinkVersionedAssets() async throws {
        try await makeTestApp().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let chat = text(try await web.get("/chat").body)
            for name in ["app.css", "app.js", "events.js", "chat.js"] {
                let asset = try #require(WebAssets.all.first { $0.name == name })
                #expect(chat.contains("\"\(asset.path)\""), "the chat page links \(name) as \(asset.path)")
            }
            #expect(!chat.contains("{{"), "no tag is left unrendered")
        }
    }
}
