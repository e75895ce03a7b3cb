/// A short name for the browser and system of a `User-Agent` ("Chrome on Android"), for the list of sessions and
/// the security log. Only these names are kept, never the header itself.
enum DeviceName {
    /// The name for `userAgent`, or `nil` when there is none.
    static func from(userAgent: String?) -> String? {
        guard let agent = userAgent, !agent.isEmpty else { return nil }
        let browser: String
        if agent.contains("Edg/") {
            browser = "Edge"
        } else if agent.contains("Firefox/") {
            browser = "Firefox"
        } else if agent.contains("Chrome/") || agent.contains("Chromium/") || agent.contains("CriOS/") {
            browser = "Chrome"
        } else if agent.contains("Safari/") {
            browser = "Safari"
        } else if agent.hasPrefix("curl/") {
            browser = "curl"
        } else if agent.lowercased().contains("airfit") {
            browser = "AirFit app"
        } else {
            browser = "A browser"
        }
        let systems = [
            ("Android", "Android"), ("iPhone", "iPhone"), ("iPad", "iPad"), ("Mac OS X", "Mac"), ("Windows", "Windows"),
            ("CrOS", "ChromeOS"), ("Linux", "Linux"),
        ]
        guard let system = systems.first(where: { agent.contains($0.0) })?.1 else { return browser }
        return "\(browser) on \(system)"
    }
}
