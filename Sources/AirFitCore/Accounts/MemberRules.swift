/// The rules for managing members: an installation always keeps an admin.
public enum MemberRules {
    /// Why `target` cannot be removed from `members` (its own choice or an admin's), or `nil` when it can.
    ///
    /// The last admin cannot go while anyone else is still a member: the role must be handed over first. The last
    /// person of all may delete their own account (the next visit then starts a new installation).
    public static func removalProblem(_ target: Account, members: [Account]) -> String? {
        guard target.role == .admin, members.count > 1 else { return nil }
        let otherAdmins = members.filter { $0.role == .admin && $0.id != target.id }
        guard otherAdmins.isEmpty else { return nil }
        return "You are the last admin. Make another member an admin first, so someone can still manage members."
    }

    /// Why `target` cannot be given `role`, or `nil` when it can: the last admin cannot be demoted.
    public static func roleChangeProblem(_ target: Account, to role: MemberRole, members: [Account]) -> String? {
        guard target.role == .admin, role != .admin else { return nil }
        let otherAdmins = members.filter { $0.role == .admin && $0.id != target.id }
        return otherAdmins.isEmpty ? "This is the last admin. Make another member an admin first." : nil
    }

    /// The account the installation belongs to when nobody is signed in (the command line acts as it): the oldest
    /// admin, or `nil` when there is no admin (no accounts yet, a command-line-only installation).
    public static func owner(among members: [Account]) -> Account? {
        members.filter { $0.role == .admin }.min { ($0.createdAt, $0.email) < ($1.createdAt, $1.email) }
    }

    /// Why `email` cannot be invited, or `nil` when it can: it must look like an address, and must not belong to a
    /// member already. An empty `email` (a link to hand over by other means) is always fine.
    public static func inviteProblem(email: String, members: [Account]) -> String? {
        let email = Account.normalize(email: email)
        guard !email.isEmpty else { return nil }
        if let problem = EmailRule.problem(email) { return problem }
        return members.contains { $0.email == email } ? "That address already has an account here." : nil
    }

    /// The email as a member list shows it to an admin: the first letter and the domain ("j•••@example.com"), so a
    /// list on a screen does not spell out everyone's address.
    public static func maskedEmail(_ email: String) -> String {
        guard let at = email.firstIndex(of: "@"), at > email.startIndex else { return "•••" }
        return "\(email[email.startIndex])•••\(email[at...])"
    }
}
