/// Why an entry as typed (or as the coach sent it) was not stored: every problem found, each a sentence.
public struct EntryProblems: Error, Equatable, Sendable {
    public var messages: [String]

    /// Creates the problems.
    public init(_ messages: [String]) {
        self.messages = messages
    }
}
