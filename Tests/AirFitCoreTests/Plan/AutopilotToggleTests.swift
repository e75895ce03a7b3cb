import Foundation
import Testing

@testable import AirFitCore

@Suite("The auto-pilot switch")
struct AutopilotToggleTests {
    typealias S = AutopilotToggle.State
    typealias E = AutopilotToggle.Event

    static let states: [S] = [
        .idle(isOn: false), .idle(isOn: true), .writing(previous: false, target: true), .writing(previous: true, target: false),
        .failed(isOn: false, message: "Saving failed."), .failed(isOn: true, message: "Saving failed."),
    ]
    static let events: [E] = [
        .tap, .writeSucceeded, .writeFailed(message: "Saving failed."), .writeFailed(message: " "), .loaded(isOn: true),
        .loaded(isOn: false),
    ]

    /// The expected state and actions, written out per state and event.
    static func expected(_ state: S, _ event: E) -> (S, [AutopilotToggle.Action]) {
        switch (state, event) {
        case (.idle(let on), .tap), (.failed(let on, _), .tap): return (.writing(previous: on, target: !on), [.write(isOn: !on)])
        case (.writing(_, let target), .writeSucceeded): return (.idle(isOn: target), [])
        case (.writing(let previous, _), .writeFailed(let message)):
            return (.failed(isOn: previous, message: message == " " ? AutopilotToggle.defaultFailureMessage : message), [])
        case (.idle, .loaded(let on)), (.failed, .loaded(let on)): return (.idle(isOn: on), [])
        default: return (state, [])
        }
    }

    static func toggle(in state: S) -> AutopilotToggle {
        var toggle = AutopilotToggle(isOn: false)
        switch state {
        case .idle(let on): toggle = AutopilotToggle(isOn: on)
        case .writing(let previous, _):
            toggle = AutopilotToggle(isOn: previous)
            _ = toggle.handle(.tap)
        case .failed(let on, let message):
            toggle = AutopilotToggle(isOn: on)
            _ = toggle.handle(.tap)
            _ = toggle.handle(.writeFailed(message: message))
        }
        return toggle
    }

    @Test("Every state answers every event as designed", arguments: states, events)
    func exhaustive(state: S, event: E) {
        var toggle = Self.toggle(in: state)
        #expect(toggle.state == state)
        let actions = toggle.handle(event)
        let (expectedState, expectedActions) = Self.expected(state, event)
        #expect(toggle.state == expectedState)
        #expect(actions == expectedActions)
    }

    @Test("A tap flips the switch at once and writes; a second tap while writing is ignored")
    func optimistic() {
        var toggle = AutopilotToggle(isOn: false)
        #expect(toggle.handle(.tap) == [.write(isOn: true)])
        #expect(toggle.isOn)
        #expect(toggle.isWriting)
        #expect(toggle.handle(.tap).isEmpty)
        #expect(toggle.isOn)
        _ = toggle.handle(.writeSucceeded)
        #expect(toggle.state == .idle(isOn: true))
        #expect(toggle.errorMessage == nil)
    }

    @Test("A failed write flips the switch back and shows the error until the next tap")
    func rollback() {
        var toggle = AutopilotToggle(isOn: true)
        _ = toggle.handle(.tap)
        #expect(!toggle.isOn)
        _ = toggle.handle(.writeFailed(message: "The setting couldn't be saved. Try again."))
        #expect(toggle.isOn)
        #expect(!toggle.isWriting)
        #expect(toggle.errorMessage == "The setting couldn't be saved. Try again.")
        #expect(toggle.handle(.tap) == [.write(isOn: false)])
        #expect(toggle.errorMessage == nil)
    }
}
