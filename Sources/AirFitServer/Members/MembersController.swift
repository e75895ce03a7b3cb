import AirFitCore
import Foundation
import Hummingbird

/// Settings → Members, for admins (everyone else gets 404): single-use invite links, the members with their roles,
/// role changes and removal. The last admin can be neither demoted nor removed. Needs a recent sign-in.
struct MembersController: Sendable {
    let services: AccountServices
    /// Each member's last log or chat, for the inactive mark (``ReEngagementRule/isInactive(lastActivity:now:)``).
    let activity: any NotificationRepository
    let views: Views

    static let path = "/settings/members"

    func addRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.get(RouterPath(Self.path)) { _, context -> Response in
            let signed = try admin(context)
            if let redirect = SudoGate.check(signed, now: services.now(), returningTo: Self.path) { return redirect }
            return try await page(signed)
        }
        group.post("/settings/members/invite") { request, context -> Response in
            let signed = try admin(context)
            let form = try await request.decodeForm(InviteForm.self)
            let email = Account.normalize(email: form.email ?? "")
            let role = MemberRole(rawValue: form.role ?? "") ?? .member
            if let redirect = SudoGate.check(
                signed, now: services.now(), returningTo: Self.path, keep: [("email", email), ("role", role.rawValue)])
            {
                return redirect
            }
            // The same rule as `airfit members invite`: an optional address that looks like one and has no account yet.
            let members = try await services.accounts.accounts()
            if let problem = MemberRules.inviteProblem(email: email, members: members) {
                let taken = members.contains { $0.email == email }
                return try await page(signed, typed: email, problems: [problem], status: taken ? .conflict : .unprocessableContent)
            }
            let token = try await services.issueLink(
                .invite, accountID: signed.account.id, payload: role.rawValue, sentTo: email.isEmpty ? nil : email)
            let path = "/join/\(token)"
            if !email.isEmpty { try await services.mail.invite(to: email, path: path) }
            try await services.record(.memberInvited, account: signed.account.id, request: request)
            return try await page(signed, created: services.mail.link(path), sentTo: email.isEmpty ? nil : MemberRules.maskedEmail(email))
        }
        group.post("/settings/members/invites/:invite/revoke") { request, context -> Response in
            let signed = try admin(context)
            if let redirect = SudoGate.check(signed, now: services.now(), returningTo: Self.path) { return redirect }
            let id = context.parameters.get("invite").flatMap(UUID.init(uuidString:))
            guard let link = try await services.links.links(accountID: signed.account.id, purpose: .invite).first(where: { $0.id == id }),
                try await services.links.useLink(id: link.id, now: services.now())
            else { throw HTTPError(.notFound, message: "That invite was already used, revoked or expired.") }
            return WebResponses.redirect(Self.path)
        }
        group.post("/settings/members/:member/role") { request, context -> Response in
            let signed = try admin(context)
            if let redirect = SudoGate.check(signed, now: services.now(), returningTo: Self.path) { return redirect }
            let form = try await request.decodeForm(RoleForm.self)
            let members = try await services.accounts.accounts()
            guard var target = members.first(where: { $0.id.uuidString == context.parameters.get("member") }) else {
                throw HTTPError(.notFound, message: "That member is not here any more.")
            }
            guard let role = MemberRole(rawValue: form.role ?? "") else {
                return try await page(signed, problems: ["Choose Admin or Member."], status: .unprocessableContent)
            }
            if let problem = MemberRules.roleChangeProblem(target, to: role, members: members) {
                return try await page(signed, problems: [problem], status: .conflict)
            }
            target.role = role
            try await services.save(target)
            try await services.record(.roleChanged, account: signed.account.id, request: request)
            return WebResponses.redirect(target.id == signed.account.id && role != .admin ? "/settings" : Self.path)
        }
        group.get("/settings/members/:member/remove") { _, context -> Response in
            let signed = try admin(context)
            let path = "/settings/members/\(context.parameters.get("member") ?? "")/remove"
            if let redirect = SudoGate.check(signed, now: services.now(), returningTo: path) { return redirect }
            let target = try await member(context)
            let problem = MemberRules.removalProblem(target, members: try await services.accounts.accounts())
            let view = MemberRemoveView(
                id: target.id.uuidString, name: try await displayName(target), problem: problem, isSelf: target.id == signed.account.id)
            return views.response(view, title: "Remove member", signed: signed)
        }
        group.post("/settings/members/:member/remove") { request, context -> Response in
            let signed = try admin(context)
            if let redirect = SudoGate.check(signed, now: services.now(), returningTo: Self.path) { return redirect }
            let target = try await member(context)
            if target.id == signed.account.id { return WebResponses.redirect(DeleteAccountController.path) }
            if let problem = MemberRules.removalProblem(target, members: try await services.accounts.accounts()) {
                return try await page(signed, problems: [problem], status: .conflict)
            }
            _ = try await services.eraser.eraseAccount(target)
            await services.sessions.cache?.removeSessions(accountID: target.id, except: nil)
            await services.sessions.cache?.removeAccount(target.id)
            try await services.record(.memberRemoved, account: signed.account.id, request: request)
            return WebResponses.redirect(Self.path)
        }
    }

    /// The signed-in person when they are an admin; anyone else finds nothing here.
    private func admin(_ context: SignedInRequestContext) throws -> SignedIn {
        guard context.signed.account.role == .admin else { throw HTTPError(.notFound, message: "There is nothing at this address.") }
        return context.signed
    }

    private func member(_ context: SignedInRequestContext) async throws -> Account {
        guard let id = context.parameters.get("member").flatMap(UUID.init(uuidString:)),
            let account = try await services.accounts.account(id: id)
        else { throw HTTPError(.notFound, message: "That member is not here any more.") }
        return account
    }

    private func displayName(_ account: Account) async throws -> String {
        let user = try await services.users.user(id: account.userID)
        return user.map(\.displayName).flatMap { $0 == "there" ? nil : $0 } ?? MemberRules.maskedEmail(account.email)
    }

    private func page(
        _ signed: SignedIn, typed: String = "", created: String? = nil, sentTo: String? = nil, problems: [String] = [],
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let now = services.now()
        let zone = TimeZone(identifier: signed.user.timeZone) ?? .gmt
        var rows: [MembersView.Row] = []
        for account in try await services.accounts.accounts() {
            let last = try await activity.lastActivity(userID: account.userID)
            rows.append(
                MembersView.Row(
                    id: account.id.uuidString, name: try await displayName(account), email: MemberRules.maskedEmail(account.email),
                    roles: MemberRole.allCases.map { Choice(value: $0.rawValue, name: $0.displayName, checked: $0 == account.role) },
                    role: account.role.displayName, joined: SecurityView.time(account.createdAt, zone: zone),
                    isSelf: account.id == signed.account.id,
                    inactive: last.map { ReEngagementRule.isInactive(lastActivity: $0, now: now) } ?? false,
                    lastActive: last.map { SecurityView.time($0, zone: zone) } ?? "never"))
        }
        let invites = try await services.links.links(accountID: signed.account.id, purpose: .invite).filter { $0.isUsable(at: now) }
        let view = MembersView(
            members: rows,
            invites: invites.map {
                MembersView.Invite(
                    id: $0.id.uuidString, to: $0.sentTo.map(MemberRules.maskedEmail) ?? "Link only",
                    role: MemberRole(rawValue: $0.payload)?.displayName ?? "Member", expires: SecurityView.time($0.expiresAt, zone: zone))
            }, hasInvites: !invites.isEmpty,
            createdLink: created, createdSentTo: sentTo, typed: typed, policy: Self.policyText(services.signup))
        return views.response(view, title: "Members", signed: signed, problems: problems, status: status)
    }

    static func policyText(_ policy: SignupPolicy) -> String {
        switch policy {
        case .invite: return "New people join with an invite link from an admin."
        case .open: return "Anyone who reaches this AirFit can create an account (AIRFIT_SIGNUP=open)."
        case .closed: return "Sign-up is closed (AIRFIT_SIGNUP=closed): invite links don't work."
        }
    }
}

/// The members page.
struct MembersView: PageView {
    static let template = "members"

    struct Row: Sendable {
        let id: String
        let name: String
        let email: String
        let roles: [Choice]
        let role: String
        let joined: String
        let isSelf: Bool
        /// Seven days or more without a log or a chat.
        let inactive: Bool
        let lastActive: String
    }

    struct Invite: Sendable {
        let id: String
        let to: String
        let role: String
        let expires: String
    }

    let members: [Row]
    let invites: [Invite]
    let hasInvites: Bool
    /// The link just made, shown once.
    let createdLink: String?
    let createdSentTo: String?
    let typed: String
    let policy: String
}

/// "Remove this member?"
struct MemberRemoveView: PageView {
    static let template = "memberRemove"
    let id: String
    let name: String
    let problem: String?
    let isSelf: Bool
}

/// The invite form: an optional address to send the link to, and the role.
struct InviteForm: Decodable {
    @FormText var email: String?
    @FormText var role: String?
}

/// A role change.
struct RoleForm: Decodable {
    @FormText var role: String?
}
