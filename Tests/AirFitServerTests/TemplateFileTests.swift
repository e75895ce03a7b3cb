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
                #expect(Array(versioned.body.readableBytesView) == asset.bytes)
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

    @Test("Installable on a phone: PNG icons of the right sizes, a manifest that lists them, the meta an iPhone reads")
    func installable() async throws {
        try await makeTestApp().test(.router) { client in
            for (name, size) in [
                ("apple-touch-icon.png", 180), ("icon-192.png", 192), ("icon-512.png", 512), ("icon-maskable-512.png", 512),
            ] {
                let response = try await client.execute(uri: "/\(name)", method: .get)
                #expect(response.status == .ok && response.headers[.contentType] == "image/png", "\(name)")
                let bytes = Array(response.body.readableBytesView)
                #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "\(name) is a PNG")
                // IHDR: width and height, big-endian, at bytes 16–23.
                let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
                let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
                #expect(width == size && height == size, "\(name) is \(width)×\(height)")
            }
            let manifest =
                try JSONSerialization.jsonObject(
                    with: Data(text(try await client.execute(uri: "/manifest.webmanifest", method: .get).body).utf8)) as? [String: Any]
            let icons = try #require(manifest?["icons"] as? [[String: String]])
            #expect(icons.contains { $0["src"] == "/icon-192.png" && $0["sizes"] == "192x192" })
            #expect(icons.contains { $0["src"] == "/icon-512.png" && $0["sizes"] == "512x512" })
            #expect(icons.contains { $0["src"] == "/icon-maskable-512.png" && $0["purpose"] == "maskable" })
            let page = text(try await client.execute(uri: "/setup", method: .get).body)
            let touchIcon = try #require(WebAssets.all.first { $0.name == "apple-touch-icon.png" })
            #expect(page.contains(#"<link rel="apple-touch-icon" href="\#(touchIcon.path)">"#))
            #expect(page.contains(#"<meta name="apple-mobile-web-app-capable" content="yes">"#))
            #expect(page.contains(##"<meta name="theme-color" content="#0f1115" media="(prefers-color-scheme: dark)">"##))
            let worker = try await client.execute(uri: "/sw.js", method: .get)
            #expect(worker.status == .ok && worker.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(text(worker.body).contains("/offline.html"))
        }
    }
}
