import AirFitCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

/// Members, invites, password and email flows, re-authentication and deleting an account, through the router.
@Suite("Accounts for several people")
struct AccountRouteTests {
    static let password = "correct horse battery"

    /// The owner signed up and onboarding skipped; the installation to look into.
    static func owner(_ client: any TestClientProtocol) async throws -> WebClient {
        var web = WebClient(client: client)
        try await web.signUp()
        return web
    }

    /// An invite made by `admin` and a new browser that joined through it as `email`.
    static func join(
        _ admin: inout WebClient, client: any TestClientProtocol, email: String, role: String = "member"
    ) async throws -> (web: WebClient, path: String) {
        try await admin.get("/settings/members")
        let page = text(try await admin.post("/settings/members/invite", [("email", ""), ("role", role)]).body)
        let link = try #require(attributeValues("value", testID: "members.invite.link", in: page).first)
        let path = String(link.dropFirst("http://127.0.0.1:8080".count))
        var joiner = WebClient(client: client)
        try await joiner.get(path)
        let joined = try await joiner.post(path, [("email", email), ("password", password)])
        #expect(joined.status == .seeOther)
        #expect(joined.headers[.location] == "/onboarding")
        return (joiner, path)
    }

    @Test("An admin's invite link makes a member once; the member has their own data and no Members page")
    func inviteJoinsOnce() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var admin = try await Self.owner(client)
            let hub = text(try await admin.get("/settings").body)
            #expect(hub.contains(#"data-testid="settings.members""#))
            var (member, path) = try await Self.join(&admin, client: client, email: "friend@example.com")
            try await member.get("/onboarding")
            try await member.post("/onboarding", [("screen", "opening"), ("action", "skip")])
            #expect(!text(try await member.get("/settings").body).contains(#"data-testid="settings.members""#))
            #expect(try await member.get("/settings/members").status == .notFound)

            // The same link again, from a third browser: it worked once.
            var third = WebClient(client: client)
            #expect(try await third.get(path).status == .gone)
            try await third.get("/signin")
            #expect(try await third.post(path, [("email", "third@example.com"), ("password", Self.password)]).status == .gone)
            #expect(try await installation.accounts.accountCount() == 2)

            // Each sees only their own entries.
            try await member.post(
                "/log/meal",
                [
                    ("meal_type", "breakfast"), ("day", "2025-06-15"), ("time", "08:00"), ("item_name_0", "Friend oats"),
                    ("item_calories_0", "300"),
                ])
            #expect(text(try await member.get("/history").body).contains("Friend oats"))
            #expect(!text(try await admin.get("/history").body).contains("Friend oats"))
            let members = text(try await admin.get("/settings/members").body)
            #expect(occurrences(of: #"data-testid="members.row""#, in: members) == 2)
            #expect(!members.contains("friend@example.com"), "emails are shown masked")
        }
    }

    @Test("An invite expires after 7 days, and with AIRFIT_SIGNUP=closed it does not work at all")
    func inviteExpires() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var admin = try await Self.owner(client)
            try await admin.get("/settings/members")
            let page = text(try await admin.post("/settings/members/invite", [("email", "later@example.com"), ("role", "member")]).body)
            #expect(page.contains("l•••@example.com"))
            #expect(
                try await admin.post("/settings/members/invite", [("email", "not an address"), ("role", "member")]).status
                    == .unprocessableContent)
            let taken = try await admin.post("/settings/members/invite", [("email", "OWNER@example.com"), ("role", "member")])
            #expect(taken.status == .conflict && text(taken.body).contains("already has an account"))
            let mailed = try #require(try await installation.link(mailedTo: "later@example.com"))
            installation.clock.advance(minutes: 7 * 24 * 60 + 1)
            var late = WebClient(client: client)
            #expect(try await late.get(mailed).status == .gone)
        }
        var closedInstallation = TestInstallation()
        closedInstallation.signup = .closed
        let closed = closedInstallation
        try await closed.app().test(.router) { client in
            var admin = try await Self.owner(client)
            try await admin.get("/settings/members")
            let page = text(try await admin.post("/settings/members/invite", [("email", ""), ("role", "member")]).body)
            let link = try #require(attributeValues("value", testID: "members.invite.link", in: page).first)
            var joiner = WebClient(client: client)
            let response = try await joiner.get(String(link.dropFirst("http://127.0.0.1:8080".count)))
            #expect(response.status == .gone)
            #expect(text(response.body).contains("Sign-up is closed"))
            #expect(try await joiner.get("/signup").status == .gone)
        }
    }

    @Test("With AIRFIT_SIGNUP=open anyone signs up from the sign-in page; a common password is refused")
    func openSignup() async throws {
        var openInstallation = TestInstallation()
        openInstallation.signup = .open
        let installation = openInstallation
        try await installation.app().test(.router) { client in
            _ = try await Self.owner(client)
            var visitor = WebClient(client: client)
            #expect(text(try await visitor.get("/signin").body).contains(#"href="/signup""#))
            try await visitor.get("/signup")
            let weak = try await visitor.post("/signup", [("email", "new@example.com"), ("password", "1234567890")])
            #expect(weak.status == .unprocessableContent)
            #expect(text(weak.body).contains("most common"))
            #expect(text(weak.body).contains(#"value="new@example.com""#))
            let made = try await visitor.post("/signup", [("email", "new@example.com"), ("password", Self.password)])
            #expect(made.headers[.location] == "/onboarding")
            #expect(try await installation.accounts.account(email: "new@example.com")?.role == .member)
        }
    }

    @Test("The last admin can be neither demoted nor removed; another admin can be; a removed member's data is gone")
    func lastAdmin() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var admin = try await Self.owner(client)
            _ = try await Self.join(&admin, client: client, email: "friend@example.com")
            let owner = try #require(try await installation.accounts.account(email: "owner@example.com"))
            let friend = try #require(try await installation.accounts.account(email: "friend@example.com"))
            try await admin.get("/settings/members")
            let demote = try await admin.post("/settings/members/\(owner.id)/role", [("role", "member")])
            #expect(demote.status == .conflict)
            #expect(text(demote.body).contains("last admin"))
            let removeSelf = text(try await admin.get("/settings/members/\(owner.id)/remove").body)
            #expect(removeSelf.contains("last admin"))
            // Deleting their own account is blocked the same way while others are members.
            #expect(text(try await admin.get("/settings/security/delete").body).contains("last admin"))

            try await admin.get("/settings/members")
            #expect(try await admin.post("/settings/members/\(friend.id)/role", [("role", "admin")]).status == .seeOther)
            #expect(try await installation.accounts.account(id: friend.id)?.role == .admin)
            try await admin.get("/settings/members")
            #expect(try await admin.post("/settings/members/\(friend.id)/remove", []).status == .seeOther)
            #expect(try await installation.accounts.account(id: friend.id) == nil)
            #expect(try await installation.repository.user(id: friend.userID) == nil)
        }
    }

    @Test("Forgot password: the same answer for any address; the emailed link works once, within an hour, and signs out everywhere")
    func forgotPassword() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var owner = try await Self.owner(client)
            var stranger = WebClient(client: client)
            try await stranger.get("/forgot")
            let known = try await stranger.post("/forgot", [("email", "OWNER@example.com")])
            try await stranger.get("/forgot")
            let unknown = try await stranger.post("/forgot", [("email", "nobody@example.com")])
            #expect(known.status == .ok && unknown.status == .ok)
            #expect(
                text(known.body).replacingOccurrences(of: stranger.csrf ?? "", with: "")
                    == text(unknown.body).replacingOccurrences(of: stranger.csrf ?? "", with: ""))
            let path = try #require(try await installation.link(mailedTo: "owner@example.com"))
            #expect(await installation.mail.messages(to: "nobody@example.com").isEmpty)
            let message = try #require(await installation.mail.messages(to: "owner@example.com").last)
            #expect(message.html?.contains(path) == true)

            var reset = WebClient(client: client)
            #expect(text(try await reset.get(path).body).contains(#"data-testid="reset.password""#))
            let weak = try await reset.post(path, [("password", "1234567890")])
            #expect(weak.status == .unprocessableContent, "\(text(weak.body))")
            #expect(try await reset.post(path, [("password", "a brand new secret")]).status == .ok)
            var replay = WebClient(client: client)
            try await replay.get("/signin")
            #expect(try await replay.post(path, [("password", "another new secret")]).status == .gone)
            // Every session ended: the owner's browser is signed out.
            #expect(try await owner.get("/").headers[.location] == "/signin")
            var again = WebClient(client: client)
            try await again.get("/signin")
            #expect(
                try await again.post("/signin", [("email", "owner@example.com"), ("password", "a brand new secret")]).status == .seeOther)

            // A new link, an hour and a minute later, no longer works.
            try await stranger.get("/forgot")
            try await stranger.post("/forgot", [("email", "owner@example.com")])
            let later = try #require(try await installation.link(mailedTo: "owner@example.com", after: 1))
            installation.clock.advance(minutes: 61)
            var late = WebClient(client: client)
            #expect(try await late.get(later).status == .gone)
        }
    }

    @Test("Forgot password is limited per address: after five requests the sixth says when to try again")
    func forgotPasswordLimit() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            _ = try await Self.owner(client)
            var stranger = WebClient(client: client)
            for _ in 0..<SignInThrottle.freeAttempts {
                try await stranger.get("/forgot")
                #expect(try await stranger.post("/forgot", [("email", "owner@example.com")]).status == .ok)
            }
            try await stranger.get("/forgot")
            let limited = try await stranger.post("/forgot", [("email", "owner@example.com")])
            #expect(limited.status == .tooManyRequests)
            #expect(text(limited.body).contains("Try again in"))
        }
    }

    @Test("Changing the password needs the current one and a recent sign-in, refuses common ones, and signs out other browsers")
    func passwordChange() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var first = try await Self.owner(client)
            var second = WebClient(client: client)
            try await second.get("/signin")
            try await second.post("/signin", [("email", "owner@example.com"), ("password", Self.password)])
            #expect(try await second.get("/").status == .ok)

            installation.clock.advance(minutes: 11)
            let away = try await first.get("/settings/security/password")
            #expect(away.headers[.location] == "/reauth?next=%2Fsettings%2Fsecurity%2Fpassword")
            try await first.get("/reauth?next=%2Fsettings%2Fsecurity%2Fpassword")
            #expect(
                try await first.post("/reauth", [("password", "wrong password!"), ("next", "/settings/security/password")]).status
                    == .unauthorized)
            let back = try await first.post("/reauth", [("password", Self.password), ("next", "/settings/security/password")])
            #expect(back.headers[.location] == "/settings/security/password")

            try await first.get("/settings/security/password")
            let wrong = try await first.post(
                "/settings/security/password",
                [("current", "not my password"), ("new", "a brand new secret"), ("confirm", "a brand new secret")])
            #expect(wrong.status == .unprocessableContent)
            #expect(text(wrong.body).contains("current password is not right"))
            let common = try await first.post(
                "/settings/security/password", [("current", Self.password), ("new", "qwertyuiop"), ("confirm", "qwertyuiop")])
            #expect(text(common.body).contains("most common"))
            let done = try await first.post(
                "/settings/security/password",
                [("current", Self.password), ("new", "a brand new secret"), ("confirm", "a brand new secret")])
            #expect(text(done.body).contains(#"data-testid="password.success""#))
            #expect(try await second.get("/").headers[.location] == "/signin")
            #expect(try await first.get("/").status == .ok)
            let log = text(try await first.get("/settings/security").body)
            #expect(log.contains("Password changed"))
            #expect(log.contains("for a sensitive change"))
        }
    }

    @Test("Email change: typed address kept through re-auth; link to the new address, notice to the old; changes only when confirmed")
    func emailChange() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var owner = try await Self.owner(client)
            var admin = owner
            _ = try await Self.join(&admin, client: client, email: "taken@example.com")
            owner = admin
            installation.clock.advance(minutes: 11)
            try await owner.get("/settings/security")
            let kept = try await owner.post("/settings/security/email", [("email", "new@example.com")])
            let reauth = try #require(kept.headers[.location])
            #expect(reauth.hasPrefix("/reauth?next="))
            try await owner.get(reauth)
            let back = try await owner.post(
                "/reauth", [("password", Self.password), ("next", "/settings/security/email?email=new%40example.com")])
            let form = text(try await owner.get(try #require(back.headers[.location])).body)
            #expect(form.contains(#"value="new@example.com""#))

            let taken = try await owner.post("/settings/security/email", [("email", "taken@example.com")])
            #expect(taken.status == .unprocessableContent)
            #expect(!text(taken.body).contains("taken@example.com") || text(taken.body).contains(#"value="taken@example.com""#))
            let sent = try await owner.post("/settings/security/email", [("email", "new@example.com")])
            #expect(text(sent.body).contains(#"data-testid="email.sent""#))
            #expect(try await installation.accounts.account(email: "owner@example.com") != nil, "nothing changes before the link")
            let confirm = try #require(try await installation.link(mailedTo: "new@example.com"))
            let cancel = try #require(try await installation.link(mailedTo: "owner@example.com"))
            #expect(confirm.hasPrefix("/email/confirm/") && cancel.hasPrefix("/email/cancel/"))

            var phone = WebClient(client: client)
            #expect(text(try await phone.get(confirm).body).contains(#"data-testid="email.confirm""#))
            #expect(try await installation.accounts.account(email: "new@example.com") == nil, "a GET changes nothing")
            #expect(try await phone.post(confirm, []).status == .ok)
            #expect(try await installation.accounts.account(email: "new@example.com") != nil)
            #expect(try await phone.post(confirm, []).status == .gone)
            // The cancel link died with the change.
            #expect(try await phone.get(cancel).status == .gone)
        }
    }

    @Test("Cancelling from the old address stops the change: the verification link then does nothing")
    func emailChangeCancelled() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var owner = try await Self.owner(client)
            try await owner.get("/settings/security/email")
            try await owner.post("/settings/security/email", [("email", "new@example.com")])
            let confirm = try #require(try await installation.link(mailedTo: "new@example.com"))
            let cancel = try #require(try await installation.link(mailedTo: "owner@example.com"))
            var other = WebClient(client: client)
            try await other.get(cancel)
            #expect(try await other.post(cancel, []).status == .ok)
            try await other.get(confirm)
            #expect(try await other.post(confirm, []).status == .gone)
            #expect(try await installation.accounts.account(email: "owner@example.com") != nil)
        }
    }

    @Test("Delete account: counts, re-auth, type DELETE; then every trace is gone and the other member's data stays")
    func deleteAccount() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var admin = try await Self.owner(client)
            var (member, _) = try await Self.join(&admin, client: client, email: "friend@example.com")
            try await member.get("/onboarding")
            try await member.post("/onboarding", [("screen", "opening"), ("action", "skip")])
            try await member.post(
                "/log/meal",
                [
                    ("meal_type", "breakfast"), ("day", "2025-06-15"), ("time", "08:00"), ("item_name_0", "Friend oats"),
                    ("item_calories_0", "300"),
                ])
            try await admin.get("/log/meal")
            let eggs = try await admin.post(
                "/log/meal",
                [
                    ("meal_type", "breakfast"), ("day", "2025-06-15"), ("time", "08:00"), ("item_name_0", "Owner eggs"),
                    ("item_calories_0", "200"),
                ])
            #expect(eggs.status == .seeOther, "\(text(eggs.body))")
            let friend = try #require(try await installation.accounts.account(email: "friend@example.com"))

            let warning = text(try await member.get("/settings/security/delete").body)
            #expect(warning.contains(#"data-testid="delete.warning""#))
            #expect(warning.contains("Meals: 1"))
            installation.clock.advance(minutes: 11)
            let proceed = try await member.post("/settings/security/delete", [])
            #expect(proceed.headers[.location] == "/reauth?next=%2Fsettings%2Fsecurity%2Fdelete%2Fconfirm")
            try await member.get("/reauth")
            let back = try await member.post("/reauth", [("password", Self.password), ("next", "/settings/security/delete/confirm")])
            try await member.get(try #require(back.headers[.location]))
            #expect(try await member.post("/settings/security/delete/confirm", [("confirm", "delete")]).status == .unprocessableContent)
            let gone = try await member.post("/settings/security/delete/confirm", [("confirm", "DELETE")])
            #expect(text(gone.body).contains("Account deleted"))
            #expect(try await installation.accounts.account(id: friend.id) == nil)
            #expect(try await installation.repository.user(id: friend.userID) == nil)
            #expect(try await installation.sessions.sessions(accountID: friend.id, now: installation.clock.now()).isEmpty)
            #expect(try await installation.securityLog.events(accountID: friend.id, limit: 10).isEmpty)
            var retry = WebClient(client: client)
            try await retry.get("/signin")
            #expect(
                try await retry.post("/signin", [("email", "friend@example.com"), ("password", Self.password)]).status == .unauthorized)
            #expect(text(try await admin.get("/history").body).contains("Owner eggs"))
        }
    }

    @Test("The security page lists this browser and the others; signing out everywhere else ends only the others")
    func sessions() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var first = try await Self.owner(client)
            var second = WebClient(client: client)
            try await second.get("/signin")
            try await second.post("/signin", [("email", "owner@example.com"), ("password", Self.password)])
            let page = text(try await first.get("/settings/security").body)
            #expect(occurrences(of: "Last used", in: page) == 2)
            #expect(page.contains("This device"))
            let ended = try await first.post("/settings/security/sessions/others", [])
            #expect(ended.headers[.location] == "/settings/security?ended=1")
            #expect(text(try await first.get("/settings/security?ended=1").body).contains("Signed out 1 other session."))
            #expect(try await second.get("/").headers[.location] == "/signin")
        }
    }

    @Test("A member's message naming another member's conversation is refused, not mixed into it")
    func conversationsBelongToOnePerson() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var admin = try await Self.owner(client)
            var (member, _) = try await Self.join(&admin, client: client, email: "friend@example.com")
            try await member.get("/onboarding")
            try await member.post("/onboarding", [("screen", "opening"), ("action", "skip")])
            let owner = try #require(try await installation.accounts.account(email: "owner@example.com"))
            let conversation = UUID()
            try await installation.repository.appendMessage(
                CoachMessage(
                    userID: owner.userID, conversationID: conversation, role: .user, content: "Owner's plan",
                    createdAt: installation.clock.now()))
            try await member.get("/chat")
            let mixed = try await member.post("/chat", [("conversation", conversation.uuidString), ("message", "Mine now?")])
            #expect(mixed.status == .notFound)
            let friend = try #require(try await installation.accounts.account(email: "friend@example.com"))
            #expect(try await installation.repository.messages(conversationID: conversation, userID: friend.userID, last: nil).isEmpty)
        }
    }
}
