import Foundation
import Testing

@testable import AirFitCore

@Suite("Recommendation cards")
struct RecommendationFlowTests {
    typealias F = PlanFixtures
    static let created = F.date("2026-11-23T08:00:00Z")
    static let progression = PlanChange(
        kind: .progression, scope: F.squatScope, before: .target(.strength(sets: 3, reps: 5, loadKilograms: 100)),
        after: .target(.strength(sets: 3, reps: 5, loadKilograms: 102.5)), planVersion: 3)
    static let move = PlanChange(
        kind: .schedule, scope: .session(sessionID: F.thursdaySession), before: .slot(SessionSlot(F.thursday)),
        after: .slot(F.slot(7, "09:00", "10:30")), planVersion: 3)

    static let recommendationID = UUID(uuidString: "00000000-0000-0000-0000-0000000000CC")!

    static func pending(_ change: PlanChange = progression) -> Recommendation {
        Recommendation(id: Self.recommendationID, userID: F.userID, change: change, reason: "You hit every set twice.", createdAt: created)
    }

    static func at(days: Double) -> Date { created.addingTimeInterval(days * 86_400) }

    @Test("Accepting applies the change, marks it applied by the person, and asks for the plan edit")
    func accept() {
        let result = RecommendationFlow.handle(.accept(planVersion: 3), Self.pending(), now: Self.at(days: 1))
        #expect(result.outcome == .done)
        #expect(result.recommendation.status == .applied)
        #expect(result.recommendation.appliedBy == .person)
        #expect(result.recommendation.appliedAt == Self.at(days: 1))
        #expect(result.actions == [.apply(Self.progression)])
    }

    @Test(
        "Accepting after the plan changed is stale (409) and leaves the card pending",
        arguments: [2, 4, 10])
    func stale(version: Int) {
        let result = RecommendationFlow.handle(.accept(planVersion: version), Self.pending(), now: Self.at(days: 1))
        #expect(result.outcome == .stale)
        #expect(result.recommendation == Self.pending())
        #expect(result.actions.isEmpty)
        #expect(RecommendationFlow.staleMessage == "Your plan changed since this was suggested")
    }

    @Test(
        "A suggestion expires 7 days after it was made",
        arguments: [(6.999, RecommendationStatus.pendingReview), (7, .expired), (30, .expired)])
    func expiry(days: Double, status: RecommendationStatus) {
        #expect(RecommendationFlow.handle(.refresh, Self.pending(), now: Self.at(days: days)).recommendation.status == status)
    }

    @Test(
        "An expired suggestion can't be accepted, declined or applied by the coach",
        arguments: [RecommendationFlow.Event.accept(planVersion: 3), .decline, .applyByCoach(planVersion: 3)])
    func expiredRefused(event: RecommendationFlow.Event) {
        let result = RecommendationFlow.handle(event, Self.pending(), now: Self.at(days: 7))
        #expect(result.outcome == .refused(.expired))
        #expect(result.recommendation.status == .expired)
        #expect(result.actions.isEmpty)
    }

    @Test("Declining rejects it without touching the plan; a second answer is refused")
    func decline() {
        let declined = RecommendationFlow.handle(.decline, Self.pending(), now: Self.at(days: 2))
        #expect(declined.recommendation.status == .rejected)
        #expect(declined.actions.isEmpty)
        let again = RecommendationFlow.handle(.accept(planVersion: 3), declined.recommendation, now: Self.at(days: 2))
        #expect(again.outcome == .refused(.alreadyDecided))
        #expect(again.recommendation.status == .rejected)
    }

    @Test(
        "Auto-pilot applies progressions and deloads; schedule and goal changes wait for the person",
        arguments: PlanChange.Kind.allCases)
    func autopilot(kind: PlanChange.Kind) {
        var change = kind == .schedule ? Self.move : Self.progression
        change.kind = kind
        let result = RecommendationFlow.handle(.applyByCoach(planVersion: 3), Self.pending(change), now: Self.at(days: 0))
        let mayApply = [.progression, .deload, .deloadReturn].contains(kind)
        #expect(result.outcome == (mayApply ? .done : .refused(.needsReview)))
        #expect(result.recommendation.status == (mayApply ? .applied : .pendingReview))
        #expect(result.recommendation.appliedBy == (mayApply ? .coach : nil))
    }

    @Test("A change the coach applied can be noted; one the person applied can't")
    func acknowledge() {
        let byCoach = RecommendationFlow.handle(.applyByCoach(planVersion: 3), Self.pending(), now: Self.at(days: 0)).recommendation
        let noted = RecommendationFlow.handle(.acknowledge, byCoach, now: Self.at(days: 1))
        #expect(noted.recommendation.status == .acknowledged)
        #expect(noted.recommendation.appliedBy == .coach)
        #expect(RecommendationFlow.handle(.acknowledge, noted.recommendation, now: Self.at(days: 1)).outcome == .refused(.alreadyDecided))
        let byPerson = RecommendationFlow.handle(.accept(planVersion: 3), Self.pending(), now: Self.at(days: 0)).recommendation
        #expect(RecommendationFlow.handle(.acknowledge, byPerson, now: Self.at(days: 1)).outcome == .refused(.notApplied))
        #expect(RecommendationFlow.handle(.acknowledge, Self.pending(), now: Self.at(days: 1)).outcome == .refused(.notApplied))
    }

    @Test(
        "Undo works for 7 days after applying while the plan still holds the change",
        arguments: [
            (6.9, 102.5, RecommendationFlow.Outcome.done),
            (7.0, 102.5, .refused(.undoWindowClosed)),
            (1.0, 105.0, .refused(.changedSinceApplied)),
        ])
    func undo(daysAfterApplying: Double, planKg: Double, outcome: RecommendationFlow.Outcome) {
        let applied = RecommendationFlow.handle(.accept(planVersion: 3), Self.pending(), now: Self.at(days: 1)).recommendation
        let plan = F.plan(squatKg: planKg)
        let result = RecommendationFlow.handle(.undo(plan: plan), applied, now: Self.at(days: 1 + daysAfterApplying))
        #expect(result.outcome == outcome)
        #expect(result.recommendation.status == (outcome == .done ? .undone : .applied))
        #expect(result.actions == (outcome == .done ? [.revert(Self.progression)] : []))
        if outcome == .done {
            #expect(
                Self.progression.undoEdit
                    == .changeTarget(
                        sessionID: F.mondaySession, exerciseID: F.squat, target: .strength(sets: 3, reps: 5, loadKilograms: 100)))
        }
    }

    @Test("A pending or declined suggestion has nothing to undo")
    func undoNothing() {
        let result = RecommendationFlow.handle(.undo(plan: F.plan()), Self.pending(), now: Self.at(days: 1))
        #expect(result.outcome == .refused(.notApplied))
    }

    @Test("Status and applier raw values are what the page's data attributes use")
    func rawValues() {
        #expect(
            RecommendationStatus.allCases.map(\.rawValue) == ["pending_review", "applied", "acknowledged", "rejected", "expired", "undone"])
        #expect(RecommendationApplier.allCases.map(\.rawValue) == ["coach", "person"])
        #expect(RecommendationError.expired.errorDescription?.contains("7 days") == true)
    }
}
