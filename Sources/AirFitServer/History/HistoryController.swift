import AirFitCore
import Foundation
import Hummingbird

/// The history of what the person and the coach logged: `/history` (newest days first, a page of days at a time,
/// `?before=<day>` for older ones, `?kind=` to filter) and `/history/<day>` (one day).
struct HistoryController: Sendable {
    let repository: any AirFitRepository
    let now: @Sendable () -> Date
    let views: Views

    func addRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.get("/history") { request, context -> Response in
            let user = context.signed.user
            let query = request.uri.queryParameters
            let kind = query["kind"].flatMap { HistoryKind(rawValue: String($0)) }
            var before: String?
            if let cursor = query["before"].map(String.init) {
                guard DailyLog.isValidDay(cursor) else {
                    throw HTTPError(.badRequest, message: "That page of history does not exist. Start again from the newest days.")
                }
                before = cursor
            }
            let page = try await self.page(user, kind: kind, before: before)
            let view = HistoryView(
                heading: "History", days: page.days, kind: kind, base: "/history", olderThan: page.olderThan, now: now(),
                zone: Self.zone(user))
            return views.response(view, title: "History", user: user)
        }
        group.get("/history/:day") { request, context -> Response in
            let user = context.signed.user
            guard let day = context.parameters.get("day"), DailyLog.isValidDay(day) else {
                throw HTTPError(.notFound, message: "There is no such day. Days look like 2026-11-21.")
            }
            let kind = request.uri.queryParameters["kind"].flatMap { HistoryKind(rawValue: String($0)) }
            let days = try await self.day(day, user: user, kind: kind)
            let heading = HistoryView.heading(day, now: now(), zone: Self.zone(user))
            var view = HistoryView(
                heading: heading, days: days, kind: kind, base: "/history/\(day)", olderThan: nil, backHref: "/history", now: now(),
                zone: Self.zone(user))
            let query = request.uri.queryParameters
            if let deleted = query["deleted"].flatMap({ HistoryKind(rawValue: String($0)) }),
                let id = query["undo"].flatMap({ UUID(uuidString: String($0)) })
            {
                view.undo = HistoryView.Undo(noun: deleted.singular, id: id.uuidString)
            }
            let chrome = PageChrome(csrf: context.signed.session.csrfToken, heading: heading)
            return views.response(view, title: heading, user: user, chrome: chrome)
        }
    }

    private static func zone(_ user: User) -> TimeZone { TimeZone(identifier: user.timeZone) ?? .gmt }

    /// The page of days before `before` (from the newest when nil).
    private func page(_ user: User, kind: HistoryKind?, before: String?) async throws -> HistoryPage {
        let zone = Self.zone(user)
        let limit = HistoryPage.recordsPerKind
        let records = RecordQuery(to: before.flatMap { HistoryPage.start(of: $0, zone: zone) }, limit: limit, newestFirst: true)
        let wants = { (option: HistoryKind) in kind == nil || kind == option }
        let workouts = wants(.workout) ? try await repository.workouts(userID: user.id, query: records) : []
        let meals = wants(.meal) ? try await repository.foodEntries(userID: user.id, query: records) : []
        let logs =
            wants(.checkin)
            ? try await repository.dailyLogs(
                userID: user.id, fromDay: nil, toDay: before.flatMap(HistoryPage.dayBefore),
                query: RecordQuery(limit: limit, newestFirst: true)) : []
        return HistoryPage(workouts: workouts, meals: meals, logs: logs, zone: zone, units: user.preferredUnits)
    }

    /// Everything on `day` (at most one page's worth of each kind).
    private func day(_ day: String, user: User, kind: HistoryKind?) async throws -> [HistoryDay] {
        let zone = Self.zone(user)
        guard let span = HistoryPage.interval(of: day, zone: zone) else { return [] }
        let records = RecordQuery(from: span.lowerBound, to: span.upperBound, limit: 500, newestFirst: true)
        let wants = { (option: HistoryKind) in kind == nil || kind == option }
        let workouts = wants(.workout) ? try await repository.workouts(userID: user.id, query: records) : []
        let meals = wants(.meal) ? try await repository.foodEntries(userID: user.id, query: records) : []
        let log = wants(.checkin) ? try await repository.dailyLog(userID: user.id, day: day) : nil
        let page = HistoryPage(
            workouts: workouts, meals: meals, logs: log.map { [$0] } ?? [], zone: zone, units: user.preferredUnits, daysPerPage: 1,
            recordsPerKind: 501)
        return page.days
    }
}
