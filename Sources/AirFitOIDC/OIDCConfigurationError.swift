/// A provider setting that cannot work; the message names the variable or field and says what to do (never a value
/// of a secret).
public struct OIDCConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong and how to fix it.
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
