import Foundation

/// What a member may do. The first account of an installation is an admin.
public enum MemberRole: String, Codable, Sendable, CaseIterable {
    /// Manages members (invites, roles, removal) besides their own coach and data.
    case admin
    /// Has their own coach and data only.
    case member

    /// "Admin" or "Member".
    public var displayName: String {
        switch self {
        case .admin: return "Admin"
        case .member: return "Member"
        }
    }
}

/// Who may create an account after the first (`AIRFIT_SIGNUP`).
public enum SignupPolicy: String, Sendable, CaseIterable {
    /// Only through an admin's single-use invite link (the default).
    case invite
    /// Anyone who reaches the sign-up page.
    case open
    /// Nobody: the members there are all there will be.
    case closed

    /// The policy `AIRFIT_SIGNUP` names (`invite` when unset or empty), or `nil` for a value that is none of the three.
    public static func fromEnvironment(_ value: String?) -> SignupPolicy? {
        guard let value = value?.trimmingCharacters(in: .whitespaces).lowercased(), !value.isEmpty else { return .invite }
        return SignupPolicy(rawValue: value)
    }
}
