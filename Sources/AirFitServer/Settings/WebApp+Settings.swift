import AirFitAI
import AirFitCore
import Foundation
import Hummingbird

/// The settings hub and its sub-pages; each POST saves the owner and redirects back with "Saved.".
extension WebApp {
    func registerSettings(on router: Router<AirFitRequestContext>) {
        router.get("/settings") { request, _ -> Response in
            try await requireSignIn(request) { signed in
                let persona = try await dependencies.repository.onboardingProfile(userID: signed.user.id)
                return page(
                    "settings", title: "Settings", user: signed.user,
                    context: [
                        "csrf": signed.session.csrfToken, "units": signed.user.preferredUnits.displayName,
                        "appearance": signed.user.appearanceMode.displayName,
                        "persona": persona == nil ? "Not set up" : "Active",
                        "provider": try await providerHubSummary(signed.user),
                        "version": AirFitVersion.current, "isDevelopment": dependencies.isDevelopment,
                    ])
            }
        }
        // "Show the last request": the exact bodies the person's coach sent, from their own data.
        router.get("/settings/privacy/requests") { request, _ -> Response in
            try await requireSignIn(request) { signed in
                let records = try await dependencies.repository.providerRequests(userID: signed.user.id)
                let zone = TimeZone(identifier: signed.user.timeZone) ?? .gmt
                let context: [String: Any] = [
                    "heading": "Requests to your AI provider", "kept": ProviderRequestRecord.keptPerPerson,
                    "requests": records.map { record -> [String: Any] in
                        [
                            "when": Self.requestTime(record.createdAt, zone: zone), "provider": record.provider, "model": record.model,
                            "body": Self.pretty(record.body),
                        ]
                    },
                ]
                return page("providerRequests", title: "Requests to your AI provider", user: signed.user, context: context)
            }
        }
        for section in SettingsSection.allCases {
            router.get(RouterPath("/settings/\(section.rawValue)")) { request, _ -> Response in
                try await requireSignIn(request) { signed in
                    var context = SettingsForms.context(section, user: signed.user)
                    context["csrf"] = signed.session.csrfToken
                    context["heading"] = section.title
                    context["saved"] = request.uri.queryParameters["saved"] != nil
                    return page(section.rawValue, title: section.title, user: signed.user, context: context)
                }
            }
            guard section != .about else { continue }
            router.post(RouterPath("/settings/\(section.rawValue)")) { request, _ -> Response in
                try await requireForm(request) { signed, form in
                    var user = signed.user
                    let errors = SettingsForms.apply(section, form: form, to: &user)
                    guard errors.isEmpty else {
                        var context = SettingsForms.context(section, user: signed.user)
                        context.merge(["csrf": signed.session.csrfToken, "heading": section.title, "errors": errors, "hasErrors": true]) {
                            $1
                        }
                        var response = page(section.rawValue, title: section.title, user: signed.user, context: context)
                        response.status = .unprocessableContent
                        return response
                    }
                    try await dependencies.repository.updateUser(user, from: signed.user)
                    return WebResponses.redirect("/settings/\(section.rawValue)?saved=1")
                }
            }
        }
    }
}

/// The settings sub-pages with a form (data management has its own routes).
enum SettingsSection: String, CaseIterable, Sendable {
    case units, appearance, notifications, privacy, about

    var title: String {
        switch self {
        case .units: return "Units"
        case .appearance: return "Appearance"
        case .notifications: return "Notifications"
        case .privacy: return "Privacy & security"
        case .about: return "About"
        }
    }
}

extension WebApp {
    /// "22 Nov 2026, 14:05" in the person's zone.
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
