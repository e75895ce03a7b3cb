import Foundation

/// The rule for a conversation's name: one line, at most ``maximumLength`` characters; empty means "name it after its
/// first line".
public enum ConversationTitle {
    /// The longest name.
    public static let maximumLength = 80
    /// What a conversation without a message from the person is called.
    public static let untitled = "New conversation"

    /// Why `text` can't be a name, or nil when it can.
    public static func problem(_ text: String) -> String? {
        let cleaned = cleaned(text)
        return cleaned.count > maximumLength ? "Keep the name to \(maximumLength) characters (it has \(cleaned.count))." : nil
    }

    /// The name as stored: one line, trimmed; nil when nothing is left (the automatic name comes back).
    public static func stored(_ text: String) -> String? {
        let cleaned = cleaned(text)
        return cleaned.isEmpty ? nil : cleaned
    }

    /// A conversation's automatic name: the first line of the person's first message, shortened with an ellipsis.
    public static func firstLine(_ content: String) -> String {
        let line = content.split(whereSeparator: \.isNewline).first.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? ""
        guard !line.isEmpty else { return untitled }
        return line.count > maximumLength ? String(line.prefix(maximumLength - 1)) + "…" : line
    }

    private static func cleaned(_ text: String) -> String {
        TextInput.clean(text, singleLine: true).trimmingCharacters(in: .whitespaces)
    }
}
