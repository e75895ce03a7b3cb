import AirFitCore
import Foundation

/// Settings → API tokens: the list, the form, and a new token's value (once).
struct APITokensView: PageView {
    static let template = "apiTokens"

    /// One token in the list.
    struct Row: Sendable {
        let id: String
        let name: String
        let scopes: String
        let created: String
        let lastUsed: String
        let expiry: String
        let expired: Bool

        init(_ token: APIToken, now: Date, zone: TimeZone) {
            id = token.id.uuidString
            name = token.name
            scopes = token.scopes.map(\.label).joined(separator: ", ")
            created = SecurityView.time(token.createdAt, zone: zone)
            lastUsed = token.lastUsedAt.map { "Last used \(SecurityView.time($0, zone: zone))" } ?? "Never used"
            expired = token.isExpired(at: now)
            if let expiresAt = token.expiresAt {
                expiry = (expired ? "Expired " : "Expires ") + SecurityView.time(expiresAt, zone: zone)
            } else {
                expiry = "No expiry"
            }
        }
    }

    /// What the form shows (kept after a mistake).
    struct Form: Sendable {
        struct Choice: Sendable {
            let value: String
            let label: String
            let summary: String
            let checked: Bool
        }
        let name: String
        let scopes: [Choice]
        let lifetimes: [Choice]

        init(name: String = "", scopes: Set<String> = ["read"], lifetime: String = APITokenLifetime.quarter.rawValue) {
            self.name = name
            self.scopes = APITokenScope.allCases.map {
                Choice(value: $0.rawValue, label: $0.label, summary: $0.summary, checked: scopes.contains($0.rawValue))
            }
            let chosen = APITokenLifetime(rawValue: lifetime) ?? .quarter
            lifetimes = APITokenLifetime.allCases.map { Choice(value: $0.rawValue, label: $0.label, summary: "", checked: $0 == chosen) }
        }
    }

    /// A token just created: its value, shown on this page only.
    struct Created: Sendable {
        let name: String
        let value: String
    }

    let rows: [Row]
    let form: Form
    let created: Created?
    let notice: String?
}
