import Hummingbird

/// The stylesheet, scripts, manifest and icon: the same for everyone, so served before anyone is looked up.
struct AssetsController: Sendable {
    private static let javaScript = "text/javascript; charset=utf-8"

    func addRoutes(to group: RouterGroup<AirFitRequestContext>) {
        let assets: [(path: String, text: String, type: String)] = [
            ("/app.css", Assets.css, "text/css; charset=utf-8"),
            ("/app.js", Assets.js, Self.javaScript),
            ("/manifest.webmanifest", Assets.manifest, "application/manifest+json"),
            ("/icon.svg", Assets.icon, "image/svg+xml"),
            ("/onboarding.js", OnboardingScript.source, Self.javaScript),
            ("/chat.js", ChatScript.source, Self.javaScript),
            ("/events.js", EventStreamScript.source, Self.javaScript),
            ("/persona-preview.js", PersonaPreviewScript.source, Self.javaScript),
            ("/provider.js", ProviderScript.source, Self.javaScript),
        ]
        for asset in assets {
            group.get(RouterPath(asset.path)) { _, _ -> Response in WebResponses.asset(asset.text, type: asset.type) }
        }
    }
}
