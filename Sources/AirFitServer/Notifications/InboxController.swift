import AirFitCore
import Foundation
import Hummingbird

/// `/inbox`: the coach's notifications, newest first. Opening one marks it read and goes to its page; the bell on
/// every page reads the unread count from `GET /inbox/unread` (a small JSON answer, so pages render no slower).
struct InboxController: Sendable {
    let notifications: any NotificationRepository
    let now: @Sendable () -> Date
    let views: Views

    static let path = "/inbox"
    static let title = "Inbox"
    /// How many notifications the page lists.
    static let pageSize = 50

    func addRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.get(RouterPath(Self.path)) { _, context -> Response in
            let user = context.signed.user
            let items = try await notifications.inbox(userID: user.id, limit: Self.pageSize)
            let page = InboxView(items: items.map { InboxView.Item($0, timeZone: TimeZone(identifier: user.timeZone) ?? .gmt) })
            return views.response(page, title: Self.title, signed: context.signed)
        }
        group.get("/inbox/unread") { _, context -> Response in
            let count = try await notifications.unreadNotificationCount(userID: context.signed.user.id)
            var response = WebResponses.json(#"{"unread":\#(count)}"#)
            response.headers[.cacheControl] = "no-store"
            return response
        }
        group.post("/inbox/:notification/open") { _, context -> Response in
            let user = context.signed.user
            guard let id = context.parameters.get("notification").flatMap(UUID.init(uuidString:)),
                try await notifications.markNotificationRead(id: id, userID: user.id, at: now())
            else { throw HTTPError(.notFound, message: "That notification isn't in your inbox.") }
            let link = try await notifications.inbox(userID: user.id, limit: Self.pageSize).first { $0.id == id }?.link
            return WebResponses.redirect(SafeRedirect.path(link, fallback: Self.path))
        }
        group.post("/inbox/:notification/read") { _, context -> Response in
            guard let id = context.parameters.get("notification").flatMap(UUID.init(uuidString:)),
                try await notifications.markNotificationRead(id: id, userID: context.signed.user.id, at: now())
            else { throw HTTPError(.notFound, message: "That notification isn't in your inbox.") }
            return WebResponses.redirect(Self.path)
        }
        group.post("/inbox/read-all") { _, context -> Response in
            try await notifications.markAllNotificationsRead(userID: context.signed.user.id, at: now())
            return WebResponses.redirect(Self.path)
        }
    }
}
