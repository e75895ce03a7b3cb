import AirFitCore
import Hummingbird
import Mustache

/// Renders pages: each body template inside the shared layout. Mustache escapes every `{{value}}`.
struct Views: Sendable {
    private let library: MustacheLibrary

    /// Compiles every template; a template typo fails at start-up, not on a request.
    init() {
        var library = MustacheLibrary()
        for (name, text) in Templates.all {
            // The templates are constants in this target; a parse failure is a programming error.
            try! library.register(text, named: name)
        }
        self.library = library
    }

    /// The full HTML page: `template` rendered with `context`, wrapped in the layout.
    func page(_ template: String, title: String, appearance: String = "system", context: [String: Any]) -> String {
        let body = library.render(context, withTemplate: template) ?? ""
        let layout: [String: Any] = ["title": title, "appearance": appearance, "body": body]
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
