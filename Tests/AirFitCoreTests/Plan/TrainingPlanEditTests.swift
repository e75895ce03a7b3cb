import Foundation
import Testing

@testable import AirFitCore

@Suite("Editing a training plan")
struct TrainingPlanEditTests {
    typealias F = PlanFixtures
    let availability = [F.monday, F.thursday, F.saturday]

    @Test(
        "Every accepted edit shows in the plan and raises its version by one",
        arguments: [
            PlanEdit.addSession(PlannedSession(slot: F.slot(7, "09:30", "10:30"), focus: .mobility)),
            .removeSession(sessionID: F.thursdaySession),
            .moveSession(sessionID: F.thursdaySession, to: SessionSlot(F.saturday)),
            .addExercise(
                sessionID: F.mondaySession,
                exercise: PlannedExercise(name: "Leg Curl", kind: .isolation, target: .strength(sets: 3, reps: 12, loadKilograms: nil))),
            .removeExercise(sessionID: F.mondaySession, exerciseID: F.curl),
            .changeTarget(sessionID: F.mondaySession, exerciseID: F.squat, target: .strength(sets: 5, reps: 5, loadKilograms: 102.5)),
            .changeTarget(sessionID: F.thursdaySession, exerciseID: F.run, target: .cardio(minutes: nil, kilometres: 5)),
            .changeGoalDay(day: "2027-03-01"),
            .changeTimeGoal(TimeGoal(kilometres: 5, targetMinutes: 25, targetDay: "2027-06-01")),
        ])
    func accepted(edit: PlanEdit) throws {
        let plan = F.plan()
        let edited = try plan.applying(edit, availability: availability)
        #expect(edited.version == plan.version + 1)
        #expect(edited != plan)
        switch edit {
        case .addSession(let session): #expect(edited.session(id: session.id) == session)
        case .removeSession(let id): #expect(edited.session(id: id) == nil && edited.sessions.count == 1)
        case .moveSession(let id, let slot): #expect(edited.session(id: id)?.slot == slot)
        case .addExercise(let id, let exercise): #expect(edited.session(id: id)?.exercise(id: exercise.id) == exercise)
        case .removeExercise(let session, let exercise): #expect(edited.session(id: session)?.exercise(id: exercise) == nil)
        case .changeTarget(let session, let exercise, let target):
            #expect(edited.value(at: .exercise(sessionID: session, exerciseID: exercise)) == .target(target))
        case .changeGoalDay(let day): #expect(edited.goalDay == day)
        case .changeTimeGoal(let goal): #expect(edited.timeGoal == goal)
        }
    }

    @Test(
        "A target out of range is refused with a message that names the limit",
        arguments: [
            (ExerciseTarget.strength(sets: 0, reps: 5, loadKilograms: 100), PlanEditError.setsOutOfRange),
            (.strength(sets: 21, reps: 5, loadKilograms: 100), .setsOutOfRange),
            (.strength(sets: 3, reps: 0, loadKilograms: 100), .repsOutOfRange),
            (.strength(sets: 3, reps: 101, loadKilograms: 100), .repsOutOfRange),
            (.strength(sets: 3, reps: 5, loadKilograms: -0.5), .loadOutOfRange),
            (.strength(sets: 3, reps: 5, loadKilograms: 500.01), .loadOutOfRange),
            (.strength(sets: 3, reps: 5, loadKilograms: .nan), .loadOutOfRange),
            (.strength(sets: 3, reps: 5, loadKilograms: .infinity), .loadOutOfRange),
            (.cardio(minutes: 30, kilometres: nil), .targetDoesNotFitKind),
        ])
    func strengthRefused(target: ExerciseTarget, error: PlanEditError) {
        let edit = PlanEdit.changeTarget(sessionID: F.mondaySession, exerciseID: F.squat, target: target)
        #expect(throws: error) { try F.plan().applying(edit, availability: availability) }
        #expect(error.errorDescription?.isEmpty == false)
    }

    @Test(
        "A cardio target needs a duration or distance within range",
        arguments: [
            (ExerciseTarget.cardio(minutes: nil, kilometres: nil), PlanEditError.cardioNeedsDurationOrDistance),
            (.cardio(minutes: 0.5, kilometres: nil), .minutesOutOfRange),
            (.cardio(minutes: 601, kilometres: nil), .minutesOutOfRange),
            (.cardio(minutes: -.infinity, kilometres: nil), .minutesOutOfRange),
            (.cardio(minutes: nil, kilometres: 0.05), .kilometresOutOfRange),
            (.cardio(minutes: 30, kilometres: 500.5), .kilometresOutOfRange),
            (.cardio(minutes: nil, kilometres: .nan), .kilometresOutOfRange),
            (.strength(sets: 3, reps: 5, loadKilograms: nil), .targetDoesNotFitKind),
        ])
    func cardioRefused(target: ExerciseTarget, error: PlanEditError) {
        let edit = PlanEdit.changeTarget(sessionID: F.thursdaySession, exerciseID: F.run, target: target)
        #expect(throws: error) { try F.plan().applying(edit, availability: availability) }
    }

    @Test(
        "The limits themselves are accepted",
        arguments: [
            ExerciseTarget.strength(sets: 1, reps: 1, loadKilograms: 0), .strength(sets: 20, reps: 100, loadKilograms: 500),
        ])
    func limitsAccepted(target: ExerciseTarget) throws {
        let edit = PlanEdit.changeTarget(sessionID: F.mondaySession, exerciseID: F.squat, target: target)
        #expect(try F.plan().applying(edit, availability: availability).version == 4)
    }

    @Test(
        "A session outside the person's slots, or in a slot that already has one, is refused",
        arguments: [
            (F.slot(2, "06:30", "07:30"), PlanEditError.outsideAvailability),
            (F.slot(3, "07:00", "08:00"), .outsideAvailability),
            (F.slot(5, "19:00", "20:00"), .outsideAvailability),
            (F.slot(5, "18:30", "19:00"), .blockTaken),
            (SessionSlot(F.monday), .blockTaken),
        ])
    func placementRefused(slot: SessionSlot, error: PlanEditError) {
        let edit = PlanEdit.addSession(PlannedSession(slot: slot, focus: .mobility))
        #expect(throws: error) { try F.plan().applying(edit, availability: availability) }
    }

    @Test("A session fits inside a slot that runs past midnight")
    func overnight() throws {
        let night = F.block(7, "22:00", "01:00")
        let edit = PlanEdit.moveSession(sessionID: F.thursdaySession, to: F.slot(7, "23:30", "00:30"))
        let edited = try F.plan().applying(edit, availability: availability + [night])
        #expect(edited.session(id: F.thursdaySession)?.slot.dayOfWeek == 7)
        #expect(!F.slot(7, "23:30", "01:30").isInside(night))
    }

    @Test(
        "Editing something that is no longer in the plan says so",
        arguments: [
            (PlanEdit.removeSession(sessionID: UUID()), PlanEditError.sessionNotFound),
            (.removeExercise(sessionID: F.mondaySession, exerciseID: UUID()), .exerciseNotFound),
            (
                .addExercise(
                    sessionID: F.mondaySession,
                    exercise: PlannedExercise(name: "  ", kind: .isolation, target: .strength(sets: 1, reps: 1, loadKilograms: nil))),
                .invalidName
            ),
        ])
    func missing(edit: PlanEdit, error: PlanEditError) {
        #expect(throws: error) { try F.plan().applying(edit, availability: availability) }
    }

    @Test("A plan survives a JSON round trip")
    func codable() throws {
        let plan = F.plan()
        let data = try JSONEncoder().encode(plan)
        #expect(try JSONDecoder().decode(TrainingPlan.self, from: data) == plan)
    }
}
