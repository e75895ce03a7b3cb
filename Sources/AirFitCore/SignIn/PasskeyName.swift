import Foundation

/// The name a person gives a passkey ("iPhone", "YubiKey"), shown in their list of passkeys.
public enum PasskeyName {
    /// The longest name, in characters.
    public static let maximumLength = 40

    /// The name to store: trimmed, or `fallback` (the device's name) when empty; `nil` with ``problem(_:)`` otherwise.
    public static func normalized(_ text: String?, fallback: String) -> String? {
        let trimmed = (text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard problem(trimmed) == nil else { return nil }
        return trimmed.isEmpty ? String(fallback.prefix(maximumLength)) : trimmed
    }

    /// What is wrong with a name, or `nil`.
    public static func problem(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.count > maximumLength { return "Keep the passkey's name to \(maximumLength) characters." }
        if trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "The passkey's name can't contain control characters."
        }
        return nil
    }
}
