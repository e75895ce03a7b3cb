import AirFitCore
import Foundation
import Hummingbird

/// Settings → Security: sessions (sign out one, or everywhere else), the security log, linked accounts, and the
/// re-authentication page every sensitive change sends people to.
struct SecurityController: Sendable {
    let services: AccountServices
    let pages: ConfirmPages
    let views: Views

    /// How many log lines the page shows.
    static let logLength = 30

    func addRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.get("/settings/security") { request, context -> Response in
            let ended = request.uri.queryParameters["ended"].flatMap { Int($0) }.map { max(0, min($0, 10_000)) }
            return try await page(context.signed, notice: ended.map(Self.endedNotice))
        }
        group.post("/settings/security/sessions/others") { request, context -> Response in
            let signed = context.signed
            let ended = try await services.endSessions(of: signed.account.id, except: signed.session.id)
            if ended > 0 { try await services.record(.sessionsEnded, account: signed.account.id, request: request) }
            return WebResponses.redirect("/settings/security?ended=\(ended)")
        }
        group.post("/settings/security/sessions/:session/end") { request, context -> Response in
            let signed = context.signed
            // Only one of the person's own sessions, found among them: another person's id is simply not there.
            guard let id = context.parameters.get("session").flatMap(UUID.init(uuidString:)), id != signed.session.id,
                let session = try await services.sessions.repository.sessions(accountID: signed.account.id, now: services.now())
                    .first(where: { $0.id == id })
            else { throw HTTPError(.notFound, message: "That session has already ended.") }
            try await services.sessions.removeHash(session.tokenHash)
            try await services.record(.sessionsEnded, account: signed.account.id, request: request)
            return WebResponses.redirect("/settings/security?ended=1")
        }
        group.get("/reauth") { request, context -> Response in
            let next = Self.next(request.uri.queryParameters["next"].map(String.init))
            return try await pages.reauth(context.signed, next: next)
        }
        group.post("/reauth") { request, context -> Response in
            let signed = context.signed
            let form = try await request.decodeForm(ReauthForm.self)
            let next = Self.next(form.next)
            guard signed.account.hasPassword else {
                return try await pages.reauth(
                    signed, next: next, problems: ["Your account has no password."], status: .unprocessableContent)
            }
            let outcome = try await services.passwords.check(
                form.password ?? "", hash: signed.account.passwordHash, email: signed.account.email, address: context.peerAddress)
            let check: ReauthenticationFlow.Check
            switch outcome {
            case .accepted: check = .accepted
            case .rejected: check = .rejected
            case .wait(let message): check = .wait(message)
            }
            let (state, actions) = ReauthenticationFlow.handle(.submit(check, next: next))
            for action in actions {
                switch action {
                case .markRecent:
                    var session = signed.session
                    session.authenticatedAt = services.now()
                    try await services.sessions.update(session)
                    try await services.record(.reauthenticated, account: signed.account.id, request: request)
                }
            }
            guard case .confirmed(let next) = state else {
                let status: HTTPResponse.Status = if case .wait = check { .tooManyRequests } else { .unauthorized }
                var problems: [String] = []
                if case .form(let found) = state { problems = found }
                return try await pages.reauth(signed, next: next, problems: problems, status: status)
            }
            return WebResponses.redirect(next)
        }
    }

    private func page(_ signed: SignedIn, notice: String?) async throws -> Response {
        let zone = TimeZone(identifier: signed.user.timeZone) ?? .gmt
        let sessions = try await services.sessions.repository.sessions(accountID: signed.account.id, now: services.now())
        let events = try await services.log.events(accountID: signed.account.id, limit: Self.logLength)
        let view = SecurityView(
            passwordLabel: SignInMethods(hasPassword: signed.account.hasPassword, providers: 0, passkeys: 0).passwordLabel,
            sessions: sessions.map { session in
                SecurityView.SessionRow(
                    id: session.id.uuidString, device: session.device ?? "Unknown device",
                    lastUsed: SecurityView.time(session.lastSeenAt, zone: zone), isCurrent: session.id == signed.session.id)
            },
            hasOtherSessions: sessions.contains { $0.id != signed.session.id },
            events: events.map {
                SecurityView.EventRow(what: $0.kind.displayName, when: SecurityView.time($0.at, zone: zone), device: $0.device)
            },
            notice: notice)
        return views.response(view, title: "Security", signed: signed)
    }

    /// Where re-authentication returns: a same-origin path, never the re-auth page itself.
    static func next(_ text: String?) -> String {
        SafeRedirect.path(text, fallback: "/settings/security", excluding: ["/reauth"])
    }

    /// "Signed out 2 other sessions."
    static func endedNotice(_ count: Int) -> String {
        switch count {
        case 0: return "There were no other sessions to sign out."
        case 1: return "Signed out 1 other session."
        default: return "Signed out \(count) other sessions."
        }
    }
}

/// The re-authentication form.
struct ReauthForm: Decodable {
    @FormText var password: String?
    @FormText var next: String?
}
