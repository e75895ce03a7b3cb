import Foundation
import Testing

@testable import AirFitCore

/// A weekly slot from "HH:mm" times.
private func block(_ day: Int, _ start: String, _ end: String) -> WorkoutAvailabilityBlock {
    WorkoutAvailabilityBlock(dayOfWeek: day, startTime: TimeOfDay(start)!, endTime: TimeOfDay(end)!)
}

@Suite("Onboarding availability editing")
struct OnboardingAvailabilityTests {

    @Test("Adding a slot keeps the list sorted by day and time and saves the draft")
    func add() {
        var flow = OnboardingFlowTests.flow(at: .typicalAvailability)
        let wednesday = block(4, "18:00", "19:00")
        let monday = block(2, "07:00", "08:00")
        let mondayLate = block(2, "12:00", "13:00")
        #expect(flow.handle(.addAvailability(wednesday)) == [.persistDraft, .show(.typicalAvailability)])
        #expect(flow.handle(.addAvailability(mondayLate)) == [.persistDraft, .show(.typicalAvailability)])
        #expect(flow.handle(.addAvailability(monday)) == [.persistDraft, .show(.typicalAvailability)])
        #expect(flow.draft.availability == [monday, mondayLate, wednesday])
        #expect(flow.screen == .typicalAvailability)
    }

    @Test(
        "A slot that starts and ends at once, runs over 12 hours past midnight, overlaps another or has no day is refused",
        arguments: [
            (block(2, "07:30", "08:30"), "Monday 7:30 AM – 8:30 AM overlaps 7:00 AM – 8:00 AM; merge or adjust them."),
            (block(2, "06:00", "07:01"), "overlaps 7:00 AM – 8:00 AM"),
            (block(1, "23:00", "07:30"), "Sunday 11:00 PM – 7:30 AM (overnight) overlaps Monday's 7:00 AM – 8:00 AM"),
            (block(3, "09:00", "08:00"), "On Tuesday, 9:00 AM – 8:00 AM (overnight) would run 23 hours past midnight."),
            (block(3, "09:00", "09:00"), "On Tuesday, the slot starts and ends at 9:00 AM. Choose an end time."),
            (block(0, "09:00", "10:00"), "Choose a day of the week"),
        ])
    func refused(candidate: WorkoutAvailabilityBlock, message: String) throws {
        var flow = OnboardingFlowTests.flow(at: .typicalAvailability)
        _ = flow.handle(.addAvailability(block(2, "07:00", "08:00")))
        let before = flow.draft
        let actions = flow.handle(.addAvailability(candidate))
        let issues = try #require(
            actions.first.flatMap { action -> [ValidationIssue]? in
                if case .showIssues(let issues) = action { return issues } else { return nil }
            })
        #expect(actions.count == 1)
        #expect(issues.map(\.field) == ["availability[1]"])
        #expect(issues[0].message.contains(message), "\(issues[0].message)")
        #expect(flow.draft == before)
    }

    @Test("A shift worker's slot runs past midnight: 10:00 PM – 12:30 AM is kept and shown as overnight")
    func overnight() {
        var flow = OnboardingFlowTests.flow(at: .typicalAvailability)
        let night = block(6, "22:00", "00:30")
        #expect(flow.handle(.addAvailability(night)) == [.persistDraft, .show(.typicalAvailability)])
        #expect(night.isOvernight && night.durationMinutes == 150)
        #expect(night.timeRange == "10:00 PM – 12:30 AM (overnight)")
        // Saturday night runs into Sunday morning.
        #expect(block(7, "23:00", "01:00").overlaps(block(1, "00:30", "02:00")))
        #expect(!block(7, "23:00", "01:00").overlaps(block(1, "01:00", "02:00")))
    }

    @Test("Touching slots on the same day do not overlap")
    func touching() {
        var flow = OnboardingFlowTests.flow(at: .typicalAvailability)
        _ = flow.handle(.addAvailability(block(2, "07:00", "08:00")))
        #expect(flow.handle(.addAvailability(block(2, "08:00", "09:00"))) == [.persistDraft, .show(.typicalAvailability)])
        #expect(flow.draft.availability.count == 2)
    }

    @Test("Removing a slot by id leaves the others; an unknown id changes nothing but is harmless")
    func remove() {
        var flow = OnboardingFlowTests.flow(at: .typicalAvailability)
        let keep = block(2, "07:00", "08:00")
        let drop = block(5, "17:00", "18:00")
        _ = flow.handle(.addAvailability(keep))
        _ = flow.handle(.addAvailability(drop))
        #expect(flow.handle(.removeAvailability(id: drop.id)) == [.persistDraft, .show(.typicalAvailability)])
        #expect(flow.draft.availability == [keep])
        _ = flow.handle(.removeAvailability(id: UUID()))
        #expect(flow.draft.availability == [keep])
    }

    @Test("Slots can only be edited on the availability screen")
    func otherScreens() {
        var flow = OnboardingFlowTests.flow(at: .sleepAndBoundaries)
        let before = flow.draft
        #expect(flow.handle(.addAvailability(block(2, "07:00", "08:00"))) == [.show(.sleepAndBoundaries)])
        #expect(flow.handle(.removeAvailability(id: UUID())) == [.show(.sleepAndBoundaries)])
        #expect(flow.draft == before)
    }

    @Test("At most 21 slots")
    func limit() {
        var flow = OnboardingFlowTests.flow(at: .typicalAvailability)
        for day in 1...7 {
            for hour in [6, 12, 18] {
                let start = String(format: "%02d:00", hour)
                let end = String(format: "%02d:30", hour)
                #expect(flow.handle(.addAvailability(block(day, start, end))).first == .persistDraft)
            }
        }
        #expect(flow.draft.availability.count == 21)
        let actions = flow.handle(.addAvailability(block(1, "21:00", "22:00")))
        guard case .showIssues(let issues) = actions.first else {
            Issue.record("expected issues, got \(actions)")
            return
        }
        #expect(issues.map(\.message) == ["You can add up to 21 time slots; remove one to add another."])
        #expect(flow.draft.availability.count == 21)
    }

    @Test("Next with slots carries them into the persona")
    func intoPersona() {
        var flow = OnboardingFlowTests.flow(at: .typicalAvailability)
        let slot = block(7, "09:00", "10:30")
        _ = flow.handle(.addAvailability(slot))
        #expect(flow.handle(.next) == [.persistDraft, .show(.sleepAndBoundaries)])
        #expect(PersonaSynthesis.profile(from: flow.draft).availability == [slot])
    }
}
