import Foundation
import Testing

@testable import AirFitCore

@Suite("The first plan from onboarding")
struct PlanTemplatesTests {
    typealias F = PlanFixtures

    /// `count` one-hour slots on distinct weekdays, Monday first, plus (from 7) a second slot on Monday evening.
    static func slots(_ count: Int) -> [WorkoutAvailabilityBlock] {
        (0..<count).map { index in
            index < 7
                ? F.block([2, 3, 4, 5, 6, 7, 1][index], "07:00", "08:00")
                : F.block(2, String(format: "%02d:00", 10 + index), String(format: "%02d:00", 11 + index))
        }
    }

    static let cases: [(AspirationCard, Int)] = AspirationCard.allCases.flatMap { card in (1...6).map { (card, $0) } }

    @Test("Every aspiration with 1 to 6 slots gets one session per slot, each inside its own slot", arguments: cases)
    func fills(aspiration: AspirationCard, slotCount: Int) throws {
        let availability = Self.slots(slotCount)
        let plan = PlanTemplates.plan(userID: F.userID, aspiration: aspiration, lifeSnapshot: .init(), availability: availability)
        #expect(plan.version == 1)
        #expect(plan.userID == F.userID)
        #expect(plan.sessions.count == slotCount)
        let blocks = plan.sessions.compactMap { $0.slot.block(in: availability)?.id }
        #expect(blocks.count == slotCount)
        #expect(Set(blocks).count == slotCount)
        try PlanRules.checkPlacement(plan.sessions, availability: availability)
        for session in plan.sessions {
            #expect(!session.exercises.isEmpty)
            try PlanRules.check(session.exercises)
            #expect(session.exercises.allSatisfy { $0.target.loadKilograms == nil })
        }
    }

    @Test("The same answers give the same plan", arguments: cases)
    func deterministic(aspiration: AspirationCard, slotCount: Int) {
        var snapshot = LifeSnapshotSelections()
        snapshot.busyProfessional = slotCount.isMultiple(of: 2)
        let make = {
            PlanTemplates.plan(
                userID: F.userID, aspiration: aspiration, lifeSnapshot: snapshot, availability: Self.slots(slotCount), makeID: F.counter())
        }
        #expect(make() == make())
    }

    @Test(
        "Sessions follow the aspiration",
        arguments: [
            (AspirationCard.strengthTone, 3, [SessionFocus.push, .pull, .legs]),
            (.strengthTone, 2, [.upper, .lower]),
            (.endurance, 3, [.run, .fullBody, .run]),
            (.loseWeight, 2, [.fullBody, .conditioning]),
            (.recoverRebuild, 2, [.mobility, .fullBody]),
            (.custom, 3, [.fullBody, .conditioning, .mobility]),
        ])
    func focus(aspiration: AspirationCard, slotCount: Int, expected: [SessionFocus]) {
        let plan = PlanTemplates.plan(userID: F.userID, aspiration: aspiration, lifeSnapshot: .init(), availability: Self.slots(slotCount))
        #expect(plan.sessions.map(\.focus) == expected)
    }

    @Test("More than six slots still give six sessions, one per weekday first")
    func capped() {
        let availability = Self.slots(9)
        let plan = PlanTemplates.plan(userID: F.userID, aspiration: .strengthTone, lifeSnapshot: .init(), availability: availability)
        #expect(plan.sessions.count == 6)
        #expect(Set(plan.sessions.map(\.slot.dayOfWeek)).count == 6)
    }

    @Test("No slots, or only empty ones, give an empty plan")
    func noSlots() {
        let empty = PlanTemplates.plan(
            userID: F.userID, aspiration: .endurance, lifeSnapshot: .init(), availability: [F.block(2, "07:00", "07:00")])
        #expect(empty.sessions.isEmpty)
    }

    @Test("Overlapping slots never hold two sessions")
    func overlapping() throws {
        let availability = [F.block(2, "07:00", "09:00"), F.block(2, "08:00", "10:00"), F.block(3, "07:00", "08:00")]
        let plan = PlanTemplates.plan(userID: F.userID, aspiration: .strengthTone, lifeSnapshot: .init(), availability: availability)
        #expect(plan.sessions.count == 2)
        try PlanRules.checkPlacement(plan.sessions, availability: availability)
    }

    @Test("A session lasts an hour, 45 minutes on busy weeks, and never longer than its slot")
    func length() {
        var busy = LifeSnapshotSelections()
        busy.parentCaregiver = true
        let long = [F.block(2, "06:00", "09:00")]
        let short = [F.block(2, "06:00", "06:30")]
        let lengths = [(long, LifeSnapshotSelections()), (long, busy), (short, LifeSnapshotSelections())].map {
            PlanTemplates.plan(userID: F.userID, aspiration: .lastingHealth, lifeSnapshot: $1, availability: $0).sessions[0].slot
                .durationMinutes
        }
        #expect(lengths == [60, 45, 30])
    }

    @Test("Beginners and people recovering start with two sets; recovering swaps conditioning for mobility")
    func easier() {
        var snapshot = LifeSnapshotSelections()
        snapshot.newToFitness = true
        snapshot.recovering = true
        let plan = PlanTemplates.plan(userID: F.userID, aspiration: .loseWeight, lifeSnapshot: snapshot, availability: Self.slots(2))
        #expect(plan.sessions.map(\.focus) == [.fullBody, .mobility])
        for exercise in plan.sessions.flatMap(\.exercises) {
            if case .strength(let sets, let reps, _) = exercise.target {
                #expect(sets == 2)
                #expect(reps >= 12)
            }
        }
    }

    @Test(
        "The aspiration is read from the persona's card or, for the person's own words, from the goal",
        arguments: [
            ("Improve Endurance", nil, AspirationCard.endurance),
            ("Enhance Strength & Tone: bench my bodyweight", nil, .strengthTone),
            ("Run my first marathon", "endurance", .endurance),
            ("Drop two sizes", "weight_loss", .loseWeight),
            ("Feel better", nil, .lastingHealth),
        ])
    func aspiration(text: String, goalType: String?, expected: AspirationCard) {
        let persona = PersonaProfile(
            lifeContext: .init(), coreAspiration: text, structuredGoal: goalType.map { StructuredGoal(goalType: $0, primaryMetric: "x") },
            coachingStyle: .init(), engagementPreference: .consistentBalanced, customEngagement: .init(), availability: [],
            sleepSchedule: .default, motivationStyle: .init(achievementStyle: .subtleAffirming, inactivityStyle: .gentleNudge),
            establishBaseline: false)
        #expect(PlanTemplates.aspiration(of: persona) == expected)
    }
}
