import AirFitCore
import Foundation
import Logging

/// The emails the account features send: each as plain text and HTML, with a link on this site's public address.
///
/// A link's token is only ever in the message itself: failures are logged with the recipient's domain and the kind
/// of message, nothing else.
struct AccountMail: Sendable {
    let sender: any MailSending
    let from: MailAddress
    /// This site's origin as people reach it (`AIRFIT_PUBLIC_URL`), for the links.
    let publicURL: URL
    let logger: Logger

    /// The kinds of message, with their subject lines.
    enum Kind: String, Sendable {
        case invite, emailChange, emailChangeNotice, passwordReset

        var subject: String {
            switch self {
            case .invite: return "You're invited to AirFit"
            case .emailChange: return "Confirm your new AirFit email address"
            case .emailChangeNotice: return "Your AirFit email address is being changed"
            case .passwordReset: return "Reset your AirFit password"
            }
        }
    }

    /// The absolute URL of `path` on this site.
    func link(_ path: String) -> String {
        var origin = publicURL.absoluteString
        while origin.hasSuffix("/") { origin.removeLast() }
        return origin + path
    }

    /// An invitation to join, from an admin.
    func invite(to address: String, path: String) async throws {
        try await send(
            .invite, to: address,
            lines: [
                "You've been invited to join AirFit, a personal AI fitness coach whose personality you design.",
                "Open this link within 7 days to create your account (it works once):",
            ], path: path)
    }

    /// The verification link for a new address.
    func emailChange(to address: String, path: String) async throws {
        try await send(
            .emailChange, to: address,
            lines: [
                "Someone asked to use this address for their AirFit account.",
                "If it was you, open this link within 24 hours to confirm it (it works once):",
            ], path: path, footer: "If it wasn't you, ignore this email: nothing changes.")
    }

    /// The notice to the old address, with a link that cancels the change.
    func emailChangeNotice(to address: String, newAddress: String, path: String) async throws {
        try await send(
            .emailChangeNotice, to: address,
            lines: [
                "Someone asked to change your AirFit sign-in address to \(MemberRules.maskedEmail(newAddress)). It changes only once the new address is confirmed.",
                "If this wasn't you, cancel the change with this link and change your password:",
            ], path: path)
    }

    /// The password reset link.
    func passwordReset(to address: String, path: String) async throws {
        try await send(
            .passwordReset, to: address,
            lines: [
                "Someone asked to reset the password of your AirFit account.",
                "Open this link within 1 hour to choose a new password (it works once); every device will be signed out:",
            ], path: path, footer: "If it wasn't you, ignore this email: your password stays as it is.")
    }

    private func send(_ kind: Kind, to address: String, lines: [String], path: String, footer: String? = nil) async throws {
        let url = link(path)
        let text = (lines + [url] + (footer.map { [$0] } ?? [])).joined(separator: "\n\n") + "\n"
        let paragraphs = lines.map { "<p>\(HTMLText.escape($0))</p>" }.joined()
        let html =
            "<!doctype html><html><body style=\"font-family:sans-serif\">\(paragraphs)<p><a href=\"\(HTMLText.escape(url))\">\(HTMLText.escape(url))</a></p>"
            + (footer.map { "<p>\(HTMLText.escape($0))</p>" } ?? "") + "</body></html>"
        let message = MailMessage(from: from, to: MailAddress(address), subject: kind.subject, text: text, html: html)
        do {
            try await sender.send(message)
        } catch {
            logger.error("Could not queue an email", metadata: ["kind": "\(kind.rawValue)", "to": "\(message.to.domain)"])
            throw error
        }
    }
}
