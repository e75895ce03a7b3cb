import Foundation

/// The auto-pilot switch on the Activity page: it flips at once (optimistic), writes the setting, and flips back with
/// an error when the write fails. One write at a time: a tap while writing is ignored.
public struct AutopilotToggle: Sendable, Equatable {
    /// Where the switch stands.
    public enum State: Sendable, Equatable {
        case idle(isOn: Bool)
        /// Showing `target` while the write runs; `previous` is what to go back to on failure.
        case writing(previous: Bool, target: Bool)
        /// The write failed: back at the earlier value, with the banner's message.
        case failed(isOn: Bool, message: String)
    }

    /// What happened.
    public enum Event: Sendable, Equatable {
        case tap
        case writeSucceeded
        case writeFailed(message: String)
        /// The page read the stored setting fresh.
        case loaded(isOn: Bool)
    }

    /// What the page must do.
    public enum Action: Sendable, Equatable {
        /// Save the setting as `isOn`.
        case write(isOn: Bool)
    }

    /// The banner shown when a write fails and the server gave no message a person can use.
    public static let defaultFailureMessage = "Auto-pilot couldn't be changed. Check your connection and try again."

    /// Where the switch stands now.
    public private(set) var state: State

    /// Creates the toggle as loaded.
    public init(isOn: Bool) { state = .idle(isOn: isOn) }

    /// What the switch shows: the target while writing.
    public var isOn: Bool {
        switch state {
        case .idle(let isOn), .failed(let isOn, _): return isOn
        case .writing(_, let target): return target
        }
    }

    /// Whether a write is in flight (the switch is disabled).
    public var isWriting: Bool {
        if case .writing = state { return true }
        return false
    }

    /// The error banner's text, when the last write failed.
    public var errorMessage: String? {
        if case .failed(_, let message) = state { return message }
        return nil
    }

    /// Moves on after `event` and says what to do.
    public mutating func handle(_ event: Event) -> [Action] {
        switch (state, event) {
        case (.idle(let isOn), .tap), (.failed(let isOn, _), .tap):
            state = .writing(previous: isOn, target: !isOn)
            return [.write(isOn: !isOn)]
        case (.writing, .tap):
            return []
        case (.writing(_, let target), .writeSucceeded):
            state = .idle(isOn: target)
            return []
        case (.writing(let previous, _), .writeFailed(let message)):
            let trimmed = message.trimmingCharacters(in: .whitespacesAndNewlines)
            state = .failed(isOn: previous, message: trimmed.isEmpty ? Self.defaultFailureMessage : trimmed)
            return []
        case (.idle, .writeSucceeded), (.idle, .writeFailed), (.failed, .writeSucceeded), (.failed, .writeFailed):
            // A late answer with no write in flight changes nothing.
            return []
        case (.writing, .loaded):
            // The write in flight decides; a fresh read would undo the optimistic switch.
            return []
        case (.idle, .loaded(let isOn)), (.failed, .loaded(let isOn)):
            state = .idle(isOn: isOn)
            return []
        }
    }
}
