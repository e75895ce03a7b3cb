public import Foundation

/// What a new password must be: at least ``minimumLength`` characters, at most ``maximumBytes`` bytes (bcrypt reads
/// no further), not the person's email, and not one of the 10,000 most common passwords.
public enum PasswordPolicy {
    /// The shortest password accepted.
    public static let minimumLength = 10
    /// bcrypt ignores everything after this many bytes, so a longer password would be silently shortened.
    public static let maximumBytes = 72

    /// Messages for each problem with `password` for the account `email`; empty when it is fine.
    public static func problems(_ password: String, email: String) -> [String] {
        var problems: [String] = []
        if password.count < minimumLength { problems.append("Use a password of at least \(minimumLength) characters.") }
        if password.utf8.count > maximumBytes { problems.append("Use a password of at most \(maximumBytes) bytes.") }
        let lowered = password.lowercased()
        if !email.isEmpty, lowered == Account.normalize(email: email) {
            problems.append("Use a password that is not your email address.")
        } else if isCommon(password) {
            problems.append("That password is one of the most common ones and easy to guess. Choose another.")
        }
        return problems
    }

    /// Whether `password` is on the list of the most common passwords (compared without case).
    public static func isCommon(_ password: String) -> Bool {
        common.contains(password.lowercased())
    }

    /// How many passwords the list holds.
    public static var commonCount: Int { common.count }

    /// The compiled-in list, lower-cased, read once.
    private static let common: Set<String> = {
        let text = String(decoding: PackageResources.common_passwords_txt, as: UTF8.self)
        return Set(text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
    }()
}

/// What an email address must look like to sign in with.
public enum EmailRule {
    /// The message for an address that does not look like one, or `nil`.
    public static func problem(_ email: String) -> String? {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        let valid =
            parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !parts[1].hasPrefix(".")
            && !parts[1].hasSuffix(".") && email.count <= 254 && !email.contains(where: { $0.isWhitespace || $0 == "<" || $0 == ">" })
        return valid ? nil : "Enter an email address like name@example.com."
    }
}
