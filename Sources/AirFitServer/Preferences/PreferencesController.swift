import AirFitCore
import Foundation
import Hummingbird

/// Settings → Time zone & week start: `/settings/preferences` sets the time zone (every IANA zone, with a search
/// box when scripts run) and whether weeks start on Sunday or Monday. Days everywhere (home, history, entries,
/// progress) are the person's in that zone, and the progress page's weeks and the availability picker start on
/// that day.
struct PreferencesController: Sendable {
    let repository: any AirFitRepository
    let views: Views

    /// The page's address.
    static let path = "/settings/preferences"
    /// The page's title.
    static let title = "Time zone & week start"

    func addRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.get(RouterPath(Self.path)) { request, context -> Response in
            let signed = context.signed
            var page = PreferencesView(timeZone: signed.user.timeZone, weekStart: signed.user.weekStart.rawValue)
            if request.uri.queryParameters["saved"] != nil { page.notices = ["Saved."] }
            return views.response(page, title: Self.title, signed: signed)
        }
        group.post(RouterPath(Self.path)) { request, context -> Response in
            let signed = context.signed
            let form = try await request.decodeForm(PreferencesForm.self)
            let chosen: (timeZone: String, weekStart: WeekStart)
            do throws(SettingsProblems) {
                chosen = try PreferencesRule.preferences(timeZone: form.timeZone, weekStart: form.weekStart)
            } catch {
                // What was chosen comes back, with each wrong field marked.
                var page = PreferencesView(timeZone: form.timeZone ?? "", weekStart: form.weekStart ?? "")
                page.timeZoneInvalid = error.fields.contains("timeZone")
                page.weekStartInvalid = error.fields.contains("weekStart")
                return views.response(
                    page, title: Self.title, signed: signed, problems: error.all.map(\.message), status: .unprocessableContent)
            }
            var user = signed.user
            user.timeZone = chosen.timeZone
            user.weekStart = chosen.weekStart
            if user != signed.user { try await repository.updateUser(user, from: signed.user) }
            return WebResponses.redirect("\(Self.path)?saved=1")
        }
    }
}

/// The preferences form as posted.
struct PreferencesForm: Decodable {
    @FormText var timeZone: String?
    @FormText var weekStart: String?
}
