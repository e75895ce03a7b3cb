import AirFitAI
import AirFitCore
import Foundation
import Hummingbird

/// The settings hub and its sub-pages; each POST saves the person's settings and redirects back with "Saved.".
struct SettingsController: Sendable {
    let repository: any AirFitRepository
    let providerSettings: ProviderSettings
    let plans: PlanCoordinator
    let isDevelopment: Bool
    let views: Views
    /// Whether Web Push is set up (the notifications page lists devices and offers push).
    var pushAvailable = false

    func addRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.get("/settings") { _, context -> Response in
            let signed = context.signed
            let facts = try await repository.settingsHubFacts(userID: signed.user.id)
            var page = SettingsHubView(
                units: signed.user.preferredUnits.displayName, appearance: signed.user.appearanceMode.displayName,
                persona: facts.hasPersona ? "Active" : "Not set up", provider: try await providerSettings.hubSummary(signed.user),
                location: signed.user.location.map { $0.name ?? LocationRule.coordinates($0) } ?? "Not set",
                version: AirFitVersion.current, isDevelopment: isDevelopment, isAdmin: signed.account.role == .admin)
            // Only stored suggestions can be waiting; the coordinator applies their expiry.
            page.pendingRecommendations = facts.storedAsPending > 0 ? try await plans.pendingCount(for: signed.user) : 0
            page.hasPendingRecommendations = page.pendingRecommendations > 0
            page.plan = facts.planName ?? "Unlimited"
            return views.response(page, title: "Settings", user: signed.user, chrome: PageChrome(csrf: signed.session.csrfToken))
        }
        // "Show the last request": the exact bodies the person's coach sent, from their own data.
        group.get("/settings/privacy/requests") { _, context -> Response in
            let signed = context.signed
            let records = try await repository.providerRequests(userID: signed.user.id)
            let zone = TimeZone(identifier: signed.user.timeZone) ?? .gmt
            let page = ProviderRequestsView(
                kept: ProviderRequestRecord.keptPerPerson,
                requests: records.map { record in
                    ProviderRequestsView.Row(
                        when: Self.requestTime(record.createdAt, zone: zone), provider: record.provider, model: record.model,
                        body: Self.pretty(record.body))
                })
            let title = "Requests to your AI provider"
            return views.response(page, title: title, user: signed.user, chrome: PageChrome(heading: title))
        }
        for section in SettingsSection.allCases {
            group.get(RouterPath("/settings/\(section.rawValue)")) { request, context -> Response in
                let signed = context.signed
                let chrome = PageChrome(
                    csrf: signed.session.csrfToken, heading: section.title, saved: request.uri.queryParameters["saved"] != nil)
                return views.response(
                    SettingsForms.view(section, user: signed.user, push: try await push(section, signed.user)), title: section.title,
                    user: signed.user, chrome: chrome)
            }
            guard section != .about else { continue }
            group.post(RouterPath("/settings/\(section.rawValue)")) { request, context -> Response in
                let signed = context.signed
                let form = try await request.decodeForm(FormFields.self)
                var user = signed.user
                let errors = section.apply(form.values, to: &user)
                guard errors.isEmpty else {
                    let chrome = PageChrome(csrf: signed.session.csrfToken, heading: section.title, errors: errors)
                    return views.response(
                        SettingsForms.view(section, user: signed.user, push: try await push(section, signed.user)), title: section.title,
                        user: signed.user, chrome: chrome, status: .unprocessableContent)
                }
                try await repository.updateUser(user, from: signed.user)
                return WebResponses.redirect("/settings/\(section.rawValue)?saved=1")
            }
        }
        for document in AboutDocument.allCases {
            group.get(RouterPath("/settings/about/\(document.rawValue)")) { _, context -> Response in
                let email = ProcessInfo.processInfo.environment["AIRFIT_SUPPORT_EMAIL"].flatMap { $0.isEmpty ? nil : $0 }
                let page = LegalView(heading: document.title, paragraphs: document.paragraphs(supportEmail: email))
                return views.response(page, title: document.title, user: context.signed.user)
            }
        }
    }
}

extension SettingsController {
    /// "22 Nov 2026, 14:05" in the person's zone.
    /// The push devices for the notifications page (nil elsewhere, or without Web Push).
    private func push(_ section: SettingsSection, _ user: User) async throws -> NotificationsView.Push? {
        guard section == .notifications, pushAvailable else { return nil }
        return NotificationsView.Push(
            devices: try await repository.pushDevices(userID: user.id), timeZone: TimeZone(identifier: user.timeZone) ?? .gmt)
    }

    static func requestTime(_ date: Date, zone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "d MMM yyyy, HH:mm:ss"
        return formatter.string(from: date)
    }

    /// The JSON body indented for reading (as sent when it is not JSON).
    static func pretty(_ body: String) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)),
            let data = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else { return body }
        return String(decoding: data, as: UTF8.self)
    }
}
