import AirFitCore
import Hummingbird
import Mustache

/// Renders pages: each ``PageView`` with its template, inside the shared layout. Mustache escapes every `{{value}}`.
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

    /// The full HTML page: `view` rendered with its template (its values first, then `chrome`'s), wrapped in the
    /// layout. Every template can link an asset by its content-addressed URL: `{{asset.chat_js}}`.
    /// `signedIn` adds the inbox bell.
    func page(_ view: some PageView, title: String, appearance: String = "system", chrome: PageChrome? = nil, signedIn: Bool = false)
        -> String
    {
        let body = library.render(RenderContext(view, chrome: chrome), withTemplate: type(of: view).template) ?? ""
        let layout = LayoutView(title: title, appearance: appearance, body: body, signedIn: signedIn)
        return library.render(RenderContext(layout, chrome: nil), withTemplate: LayoutView.template) ?? body
    }

    /// A page response for `user` (theme from their appearance setting).
    func response(
        _ view: some PageView, title: String, user: User?, chrome: PageChrome? = nil, status: HTTPResponse.Status = .ok
    ) -> Response {
        WebResponses.html(
            page(view, title: title, appearance: user?.appearanceMode.rawValue ?? "system", chrome: chrome, signedIn: user != nil),
            status: status)
    }
}

extension Views {
    /// A signed-in person's page with the form chrome: the CSRF token, `title` as the heading, and `problems` at the top.
    func response(
        _ view: some PageView, title: String, signed: SignedIn, problems: [String] = [], status: HTTPResponse.Status = .ok
    ) -> Response {
        let chrome = PageChrome(csrf: signed.session.csrfToken, heading: title, errors: problems)
        return response(view, title: title, user: signed.user, chrome: chrome, status: status)
    }
}

/// A page's typed template values; `template` names its file in `Templates/` (without `.mustache`).
protocol PageView: Sendable {
    /// The template file rendering this view.
    static var template: String { get }
}

/// The values the shared partials read: `{{> csrf}}` (`csrf`), `{{> back}}` (`heading`, `saved`) and
/// `{{> errors}}` (`errors`, `hasErrors`).
struct PageChrome: Sendable, MustacheParent {
    /// The form's CSRF token.
    var csrf: String?
    /// The page's heading.
    var heading: String?
    /// Shows "Saved." under the heading.
    var saved = false
    /// Problems with the posted form, shown at the top.
    var errors: [String] = []

    func child(named name: String) -> Any? {
        switch name {
        case "csrf": csrf
        case "heading": heading
        case "saved": saved
        case "errors": errors
        case "hasErrors": !errors.isEmpty
        default: nil
        }
    }
}

/// The layout's values around a rendered body.
struct LayoutView: PageView {
    static let template = "layout"
    let title: String
    let appearance: String
    let body: String
    /// The browser's bar colour follows the system's light or dark mode, unless the person chose one.
    let followsSystem: Bool
    let themeColor: String
    /// Shows the inbox bell (its count is filled in by `app.js` from `/inbox/unread`).
    let signedIn: Bool

    init(title: String, appearance: String, body: String, signedIn: Bool = false) {
        self.title = title
        self.appearance = appearance
        self.body = body
        self.signedIn = signedIn
        followsSystem = appearance != "light" && appearance != "dark"
        themeColor = appearance == "dark" ? "#0f1115" : "#f6f7fb"
    }
}

/// What a template sees at its top level: `asset`, the view's stored properties, then the chrome's values.
///
/// The view is turned into dictionaries and arrays once, up front: swift-mustache would otherwise reflect a struct
/// with `Mirror` on every single lookup, several times per row of a long list.
private struct RenderContext: MustacheParent {
    private let values: [String: Any]
    private let chrome: PageChrome?

    init(_ view: some PageView, chrome: PageChrome?) {
        values = Self.fields(of: view)
        self.chrome = chrome
    }

    func child(named name: String) -> Any? {
        if name == "asset" { return WebAssets.urls }
        return values[name] ?? chrome?.child(named: name)
    }

    /// A struct's stored properties by name, each value converted (nil optionals left out, so a section sees them
    /// as absent).
    private static func fields(of value: Any) -> [String: Any] {
        var fields: [String: Any] = [:]
        for child in Mirror(reflecting: value).children {
            guard let label = child.label, let value = converted(child.value) else { continue }
            fields[label] = value
        }
        return fields
    }

    /// Plain values as they are; structs as dictionaries; arrays element by element; optionals unwrapped.
    private static func converted(_ value: Any) -> Any? {
        switch value {
        case is String, is Int, is Bool, is Double: return value
        default: break
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional: return mirror.children.first.flatMap { converted($0.value) }
        case .struct: return fields(of: value)
        case .collection: return mirror.children.compactMap { converted($0.value) }
        default: return value
        }
    }
}

/// One option of a radio group, checkbox list or select: its form value, its label, whether it is chosen.
struct Choice: Sendable {
    let value: String
    let name: String
    var checked = false
    /// A second line under the label (examples, a summary).
    var detail: String?
}
