import Foundation
import Testing

@testable import AirFitCore

/// The account flows as state machines (event → state and actions), without I/O.
@Suite("Account flows")
struct AccountFlowTests {
    @Test("Email change: form → verification sent with the normalised address; own or taken address refused alike")
    func emailChange() {
        #expect(EmailChangeFlow.handle(.open(hasPassword: false, typed: "")).0 == .ssoDisabled)
        #expect(
            EmailChangeFlow.handle(.open(hasPassword: true, typed: "kept@example.com")).0 == .form(email: "kept@example.com", problems: []))
        let sent = EmailChangeFlow.handle(.submit(email: " New@Example.com ", current: "me@example.com", hasPassword: true, taken: false))
        #expect(sent.0 == .verificationSent(to: "n•••@example.com"))
        #expect(sent.1 == [.sendVerification(newEmail: "new@example.com")])
        let own = EmailChangeFlow.handle(.submit(email: "ME@example.com", current: "me@example.com", hasPassword: true, taken: true))
        #expect(own.1.isEmpty)
        let taken = EmailChangeFlow.handle(.submit(email: "b@example.com", current: "me@example.com", hasPassword: true, taken: true))
        #expect(taken.0 == .form(email: "b@example.com", problems: ["That address can't be used. Choose another."]))
        #expect(EmailChangeFlow.handle(.submit(email: "nope", current: "me@example.com", hasPassword: true, taken: false)).1.isEmpty)
        #expect(
            EmailChangeFlow.handle(.limited(email: "x@example.com", message: "Wait")).0 == .form(email: "x@example.com", problems: ["Wait"])
        )
    }

    @Test("Forgot password: any well-formed address reaches 'sent' with one action; try again goes back to the form")
    func forgotPassword() {
        #expect(ForgotPasswordFlow.handle(.submit(email: "Who@Example.com")) == (.sent, [.sendResetIfAccount(email: "who@example.com")]))
        #expect(ForgotPasswordFlow.handle(.submit(email: "who")).1.isEmpty)
        #expect(ForgotPasswordFlow.handle(.tryAgain).0 == .form(email: "", problems: []))
        #expect(ForgotPasswordFlow.handle(.limited(email: "a@b.co", message: "Wait")).1.isEmpty)
    }

    @Test("Password reset: a dead link shows only 'link expired'; a good password resets once")
    func passwordReset() {
        #expect(PasswordResetFlow.handle(.open(linkUsable: false)).0 == .invalidLink)
        #expect(
            PasswordResetFlow.handle(
                .submit(linkUsable: false, password: "a long new secret", confirmation: "a long new secret", email: "a@b.co")
            ).0 == .invalidLink)
        let weak = PasswordResetFlow.handle(.submit(linkUsable: true, password: "qwertyuiop", confirmation: "qwertyuiop", email: "a@b.co"))
        #expect(weak.1.isEmpty)
        let good = PasswordResetFlow.handle(
            .submit(linkUsable: true, password: "a long new secret", confirmation: "a long new secret", email: "a@b.co"))
        #expect(good == (.done, [.resetPassword("a long new secret")]))
        #expect(PasswordResetFlow.handle(.linkTaken).0 == .invalidLink)
    }

    @Test("Password change: wrong current, mismatch, short, common and the email itself are each named")
    func passwordChange() {
        let wrong = PasswordChangeFlow.handle(.submit(currentAccepted: false, new: "short", confirmation: "other", email: "a@b.co"))
        guard case .form(let problems) = wrong.0 else { Issue.record("expected the form"); return }
        #expect(problems.contains("Your current password is not right."))
        #expect(problems.contains("Use a password of at least 10 characters."))
        #expect(problems.contains("The two new passwords are different."))
        let email = PasswordChangeFlow.handle(
            .submit(currentAccepted: true, new: "Long@Example.com", confirmation: "Long@Example.com", email: "long@example.com"))
        #expect(email.0 == .form(problems: ["Use a password that is not your email address."]))
        let set = PasswordChangeFlow.handle(
            .submit(currentAccepted: nil, new: "a long new secret", confirmation: "a long new secret", email: "a@b.co"))
        #expect(set == (.success, [.savePassword("a long new secret")]))
    }

    @Test("Re-authentication: accepted marks the session and returns; rejected or limited stays with a message")
    func reauthentication() {
        #expect(ReauthenticationFlow.handle(.open(hasPassword: false)).0 == .noPassword)
        #expect(ReauthenticationFlow.handle(.submit(.accepted, next: "/x")) == (.confirmed(next: "/x"), [.markRecent]))
        #expect(ReauthenticationFlow.handle(.submit(.rejected, next: "/x")).1.isEmpty)
        #expect(
            ReauthenticationFlow.handle(.submit(.wait("Try again in 1 minute."), next: "/x")).0
                == .form(problems: ["Try again in 1 minute."]))
    }

    @Test("Delete account: warning → re-auth when stale → confirm → deleted only for the exact word; a blocker stops every step")
    func deleteAccount() {
        #expect(DeleteAccountFlow.handle(.proceed(blocker: nil, recentlyAuthenticated: false)).0 == .reauthenticate)
        #expect(DeleteAccountFlow.handle(.proceed(blocker: nil, recentlyAuthenticated: true)).0 == .confirm(problems: []))
        #expect(DeleteAccountFlow.handle(.proceed(blocker: "last admin", recentlyAuthenticated: true)).0 == .warning(blocker: "last admin"))
        #expect(DeleteAccountFlow.handle(.confirm(typed: "delete", blocker: nil, recentlyAuthenticated: true)).1.isEmpty)
        #expect(DeleteAccountFlow.handle(.confirm(typed: "DELETE", blocker: nil, recentlyAuthenticated: false)).0 == .reauthenticate)
        #expect(
            DeleteAccountFlow.handle(.confirm(typed: " DELETE ", blocker: nil, recentlyAuthenticated: true)) == (
                .deleted, [.deleteEverything]
            ))
        #expect(DeleteAccountFlow.handle(.confirm(typed: "DELETE", blocker: "x", recentlyAuthenticated: true)).1.isEmpty)
    }

    @Test("Invite: a dead link or closed sign-up says so; a taken address is refused; a good form creates the account")
    func invite() {
        #expect(InviteFlow.handle(.open(available: false, policy: .invite)).0 == .unavailable(InviteFlow.Message.invalid))
        #expect(InviteFlow.handle(.open(available: true, policy: .closed)).0 == .unavailable(InviteFlow.Message.closed))
        let taken = InviteFlow.handle(
            .submit(available: true, policy: .invite, email: "a@b.co", password: "a long new secret", taken: true))
        #expect(taken.0 == .form(email: "a@b.co", problems: [InviteFlow.Message.taken]))
        let made = InviteFlow.handle(.submit(available: true, policy: .open, email: "A@B.co", password: "a long new secret", taken: false))
        #expect(made == (.joined, [.createAccount(email: "a@b.co", password: "a long new secret")]))
    }

    @Test("Links last 7 days (invite), 24 hours (email) and 1 hour (reset), and work only unused")
    func linkLifetimes() {
        let start = Date(timeIntervalSince1970: 0)
        let reset = OneTimeLink(purpose: .passwordReset, tokenHash: "h", accountID: UUID(), createdAt: start)
        #expect(reset.isUsable(at: start.addingTimeInterval(3599)))
        #expect(!reset.isUsable(at: start.addingTimeInterval(3600)))
        #expect(
            OneTimeLink(purpose: .emailChange, tokenHash: "h", accountID: UUID(), createdAt: start).expiresAt
                == start.addingTimeInterval(86_400))
        #expect(
            OneTimeLink(purpose: .invite, tokenHash: "h", accountID: UUID(), createdAt: start).expiresAt
                == start.addingTimeInterval(604_800))
        #expect(!OneTimeLink(purpose: .invite, tokenHash: "h", accountID: UUID(), createdAt: start, usedAt: start).isUsable(at: start))
    }

    @Test("Sudo mode lasts 10 minutes from the last sign-in or re-authentication")
    func sudoWindow() {
        let start = Date(timeIntervalSince1970: 1000)
        let session = WebSession(tokenHash: "h", accountID: UUID(), csrfToken: "c", createdAt: start, lastSeenAt: start, expiresAt: start)
        #expect(Reauthentication.isRecent(session, now: start.addingTimeInterval(599)))
        #expect(!Reauthentication.isRecent(session, now: start.addingTimeInterval(600)))
    }

    @Test("Passwords: the common list is compiled in (10,000) and checked without case; the last admin is protected")
    func rules() {
        #expect(PasswordPolicy.commonCount > 9_000)
        #expect(PasswordPolicy.isCommon("QWERTYUIOP"))
        #expect(!PasswordPolicy.isCommon("correct horse battery"))
        #expect(PasswordPolicy.problems(String(repeating: "é", count: 40), email: "").contains("Use a password of at most 72 bytes."))
        let admin = Account(email: "a@b.co", passwordHash: "x", userID: UUID(), role: .admin)
        let member = Account(email: "m@b.co", passwordHash: "x", userID: UUID())
        #expect(MemberRules.removalProblem(admin, members: [admin, member]) != nil)
        #expect(MemberRules.removalProblem(admin, members: [admin]) == nil, "the only person may leave")
        #expect(MemberRules.removalProblem(member, members: [admin, member]) == nil)
        #expect(MemberRules.roleChangeProblem(admin, to: .member, members: [admin, member]) != nil)
        var second = member
        second.role = .admin
        #expect(MemberRules.roleChangeProblem(admin, to: .member, members: [admin, second]) == nil)
        #expect(MemberRules.maskedEmail("jane@example.com") == "j•••@example.com")
        #expect(SignupPolicy.fromEnvironment(nil) == .invite)
        #expect(SignupPolicy.fromEnvironment(" OPEN ") == .open)
        #expect(SignupPolicy.fromEnvironment("sometimes") == nil)
    }

    @Test("The command line acts as the oldest admin; an invite for a member's address or a non-address is refused")
    func ownerAndInviteRules() {
        let member = Account(email: "m@b.co", passwordHash: "x", userID: UUID(), createdAt: Date(timeIntervalSince1970: 1))
        let later = Account(email: "late@b.co", passwordHash: "x", userID: UUID(), role: .admin, createdAt: Date(timeIntervalSince1970: 30))
        let first = Account(
            email: "first@b.co", passwordHash: "x", userID: UUID(), role: .admin, createdAt: Date(timeIntervalSince1970: 20))
        #expect(MemberRules.owner(among: [member, later, first]) == first, "the oldest admin, not the oldest member")
        #expect(MemberRules.owner(among: [member]) == nil)
        #expect(MemberRules.owner(among: []) == nil)
        #expect(MemberRules.inviteProblem(email: "", members: [member]) == nil, "a link-only invite")
        #expect(MemberRules.inviteProblem(email: " New@B.co ", members: [member]) == nil)
        #expect(MemberRules.inviteProblem(email: " M@B.co", members: [member]) == "That address already has an account here.")
        #expect(MemberRules.inviteProblem(email: "not an address", members: [member]) == "Enter an email address like name@example.com.")
    }
}
