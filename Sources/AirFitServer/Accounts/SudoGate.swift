import AirFitCore
import Foundation
import Hummingbird

/// Sends a person whose last sign-in is older than ``Reauthentication/window`` to confirm their password before a
/// sensitive page or change, and back afterwards with what they had typed (never a password) kept.
enum SudoGate {
    /// `nil` when `signed` proved who they are recently enough; else the redirect to the re-authentication page,
    /// returning to `path` with `keep` as its query.
    static func check(_ signed: SignedIn, now: Date, returningTo path: String, keep: [(String, String)] = []) -> Response? {
        guard !Reauthentication.isRecent(signed.session, now: now) else { return nil }
        return WebResponses.redirect(reauthPath(next: returnPath(path, keep: keep)))
    }

    /// `path` with `keep` as its query (percent-encoded), or `path` when that would not be a safe same-origin path.
    static func returnPath(_ path: String, keep: [(String, String)]) -> String {
        guard !keep.isEmpty else { return path }
        let query = keep.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&")
        let full = "\(path)?\(query)"
        return SafeRedirect.isSameOriginPath(full) ? full : path
    }

    /// The re-authentication page returning to `next`.
    static func reauthPath(next: String) -> String { "/reauth?next=\(encode(next))" }

    /// Percent-encodes everything but unreserved characters.
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
