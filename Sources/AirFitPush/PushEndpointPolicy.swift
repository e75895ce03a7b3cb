public import Foundation

/// Which push services the server will post to: the browsers' own (Google's FCM, Mozilla's autopush, Apple's and
/// Microsoft's), over https. A subscription naming any other host is refused, so a member can't make the server post
/// to an address of their choosing. Loopback (`http://127.0.0.1`) is allowed only for development and tests.
public struct PushEndpointPolicy: Sendable, Equatable {
    /// Host names and domain suffixes (a leading dot) of the browsers' push services.
    public static let browserServices = [
        "fcm.googleapis.com", "android.googleapis.com", ".push.services.mozilla.com", ".push.apple.com", ".notify.windows.com",
    ]

    /// The hosts allowed (exact names, or suffixes with a leading dot).
    public let hosts: [String]
    /// Whether loopback push services (a test's fake one) are allowed.
    public let allowsLoopback: Bool

    /// The browsers' services, and loopback when `allowsLoopback`.
    public init(hosts: [String] = PushEndpointPolicy.browserServices, allowsLoopback: Bool = false) {
        self.hosts = hosts.map { $0.lowercased() }
        self.allowsLoopback = allowsLoopback
    }

    /// Whether the server may post to `endpoint`.
    public func allows(_ endpoint: URL) -> Bool {
        guard let host = endpoint.host?.lowercased(), let scheme = endpoint.scheme?.lowercased() else { return false }
        if ["127.0.0.1", "localhost", "::1"].contains(host) { return allowsLoopback && (scheme == "http" || scheme == "https") }
        guard scheme == "https" else { return false }
        return hosts.contains { $0.hasPrefix(".") ? host.hasSuffix($0) : host == $0 }
    }
}
