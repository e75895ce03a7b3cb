import AirFitCore
import Foundation
import Logging

/// The opt-in daily email digest: when a member's digest falls due, what reached their inbox since the last one
/// and is still unread goes to their account's address, through the mail queue. Nothing unread, no email. Logs name
/// the recipient's domain only.
struct EmailDigestChannel: NotificationChannel {
    let accounts: any AccountRepository
    let notifications: any NotificationRepository
    let mail: any MailSending
    let from: MailAddress
    let publicURL: URL
    let logger: Logger

    func deliver(_ notification: CoachNotification, to member: NotificationMember) async {
        guard notification.category == .emailDigest else { return }
        do {
            guard let account = try await accounts.accounts().first(where: { $0.userID == member.user.id }) else { return }
            let unread = try await notifications.notifications(
                userID: member.user.id, states: [.delivered], since: notification.dueAt.addingTimeInterval(-86_400)
            )
            .filter { $0.category != .emailDigest && !$0.isTest && $0.readAt == nil }
            guard !unread.isEmpty else { return }
            try await mail.send(Self.message(unread, to: account.email, from: from, inbox: publicURL.appendingPathComponent("inbox")))
            logger.info("Email digest queued", metadata: ["to": "\(MailAddress(account.email).domain)", "items": "\(unread.count)"])
        } catch {
            logger.warning("An email digest could not be sent", metadata: ["error": "\(String(describing: type(of: error)))"])
        }
    }

    /// The digest email: each notification's title and message, newest last, and a link to the inbox.
    static func message(_ items: [CoachNotification], to address: String, from: MailAddress, inbox: URL) -> MailMessage {
        let count = items.count == 1 ? "1 notification" : "\(items.count) notifications"
        let lines = items.map { "• \($0.title): \($0.body)" }
        let text =
            (["Your coach sent \(count) today:", ""] + lines + [
                "", "Open your inbox: \(inbox.absoluteString)", "",
                "You get this because the daily email digest is on in Settings → Notifications.",
            ]).joined(separator: "\n")
        let list = items.map { "<li><strong>\(HTMLText.escape($0.title))</strong>: \(HTMLText.escape($0.body))</li>" }.joined()
        let html =
            "<!doctype html><html><body style=\"font-family:sans-serif\"><p>Your coach sent \(count) today:</p><ul>\(list)</ul>"
            + "<p><a href=\"\(HTMLText.escape(inbox.absoluteString))\">Open your inbox</a></p>"
            + "<p>You get this because the daily email digest is on in Settings → Notifications.</p></body></html>"
        return MailMessage(from: from, to: MailAddress(address), subject: "Your day with AirFit: \(count)", text: text, html: html)
    }
}
