import AirFitCore
import Hummingbird
import Mustache

/// Renders pages: each body template inside the shared layout. Mustache escapes every `{{value}}`.
struct Views: Sendable {
    private let library: MustacheLibrary

    /// Compiles every template of `Templates/` (embedded at build time), once; a template typo fails at start-up,
    /// not on a request.
    init() {
        var library = MustacheLibrary()
        for (name, text) in EmbeddedFiles.templates.sorted(by: { $0.key < $1.key }) {
            // The templates are files of this target, checked by the tests; a parse failure is a programming error.
            try! library.register(text, named: name)
        }
        self.library = library
    }

    /// The full HTML page: `template` rendered with `context`, wrapped in the layout. Every template can link an
    /// asset by its content-addressed URL: `{{asset.chat_js}}`.
    func page(_ template: String, title: String, appearance: String = "system", context: [String: Any]) -> String {
        var context = context
        context["asset"] = WebAssets.urls
        let body = library.render(context, withTemplate: template) ?? ""
        let layout: [String: Any] = ["title": title, "appearance": appearance, "body": body, "asset": WebAssets.urls]
        return library.render(layout, withTemplate: "layout") ?? body
    }

    /// A page response for `user` (theme from their appearance setting).
    func response(
        _ template: String, title: String, user: User?, context: [String: Any], status: HTTPResponse.Status = .ok
    ) -> Response {
        WebResponses.html(
            page(template, title: title, appearance: user?.appearanceMode.rawValue ?? "system", context: context), status: status)
    }
}
