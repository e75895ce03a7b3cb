import Hummingbird

/// The stylesheet, scripts, manifest and icon: the same for everyone, so served before anyone is looked up. The
/// content-addressed URL is cached for a year; the plain one for an hour.
struct AssetsController: Sendable {
    func addRoutes(to group: RouterGroup<AirFitRequestContext>) {
        for asset in WebAssets.all {
            group.get(RouterPath(asset.path)) { _, _ -> Response in
                WebResponses.asset(asset.bytes, type: asset.contentType, cacheControl: "public, max-age=31536000, immutable")
            }
            group.get(RouterPath(asset.plainPath)) { _, _ -> Response in
                WebResponses.asset(asset.bytes, type: asset.contentType, cacheControl: "public, max-age=3600")
            }
        }
    }
}
