import AirFitAI
import Foundation

/// Developer tools: provider health, the running configuration, and the decode form with its result.
struct DebugView: PageView {
    static let template = "debug"

    /// One provider's health check.
    struct HealthRow: Sendable {
        let id: String
        let name: String
        let address: String
        let status: String
        /// `ok` or `warn`, the badge's colour.
        let tone: String
        let hasLatency: Bool
        let latency: String
        let hasError: Bool
        let error: String
    }

    /// One line of the configuration list.
    struct ConfigurationRow: Sendable {
        let label: String
        let value: String
    }

    let checkedHealth: Bool
    let nothingToCheck: Bool
    var health: [HealthRow] = []
    let configuration: [ConfigurationRow]
    /// The wire formats of the decode form; `checked` marks the selected one.
    let formats: [Choice]
    let stream: String
    var hasResult = false
    var result = ""
}
