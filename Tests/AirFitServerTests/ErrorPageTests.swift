import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import AirFitServer

@Suite("Error pages")
struct ErrorPageTests {
    @Test("A browser at an unknown address gets a real page with a way home; a script still gets the plain message")
    func notFoundPage() async throws {
        try await makeTestApp().test(.router) { client in
            let page = try await client.execute(
                uri: "/nowhere", method: .get, headers: [.accept: "text/html,application/xhtml+xml,*/*;q=0.8"])
            #expect(page.status == .notFound)
            #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
            let html = text(page.body)
            #expect(html.contains(#"<h1 data-testid="error.heading">Page not found</h1>"#))
            #expect(html.contains("There is nothing at this address."))
            #expect(html.contains(#"href="/" data-testid="error.home""#))
            #expect(page.headers[HTTPFields.Element.Name("Content-Security-Policy")!] != nil)
            let plain = try await client.execute(uri: "/nowhere", method: .get)
            #expect(plain.status == .notFound && !text(plain.body).contains("<html"))
        }
    }

    @Test("A wrong method from a browser keeps its Allow header on the page")
    func methodNotAllowedPage() async throws {
        try await makeTestApp().test(.router) { client in
            let page = try await client.execute(uri: "/health", method: .delete, headers: [.accept: "text/html"])
            #expect(page.status == .methodNotAllowed)
            #expect(page.headers[.allow] == "GET")
            #expect(text(page.body).contains("That address works differently"))
        }
    }

    @Test("An unexpected error reaches a browser as a page that names no internals")
    func unexpectedErrorPage() async throws {
        struct Broken: Error {}
        let router = Router()
        router.add(middleware: ErrorPageMiddleware(views: Views(), logger: Logger(label: "test")))
        router.get("/broken") { _, _ -> Response in throw Broken() }
        try await Application(router: router).test(.router) { client in
            let page = try await client.execute(uri: "/broken", method: .get, headers: [.accept: "text/html"])
            #expect(page.status == .internalServerError)
            let html = text(page.body)
            #expect(html.contains("Something went wrong") && html.contains(#"data-testid="error.home""#) && !html.contains("Broken"))
        }
    }
}
