import AirFitCore
import Foundation
import Testing

/// Workout, meal and hydration reminders and achievements: what the planner queues from the plan and the logs, and
/// what the dispatcher drops as done. (Europe/Berlin in March before the 29th is UTC+1; 2026-03-24 is a Tuesday.)
@Suite("Notification planner: training, meals and achievements")
struct NotificationPlannerTrainingTests {
    static func member(
        sessionAt: String? = "18:00", workouts: [Workout] = [], loggedDays: Set<String> = [], style: AchievementStyle = .subtleAffirming,
        edit: (inout NotificationPreferences) -> Void = { _ in }
    ) throws -> NotificationMember {
        var member = try NotificationPlannerTests.member(edit: edit)
        if let sessionAt {
            let start = try NotificationFixture.time(sessionAt)
            let end = try #require(TimeOfDay(hour: start.hour + 1, minute: start.minute))
            member.plan = TrainingPlan(
                userID: member.user.id,
                sessions: [PlannedSession(slot: SessionSlot(dayOfWeek: 3, startTime: start, endTime: end), focus: .lower)])
        }
        member.workouts = workouts
        member.loggedDays = loggedDays
        member.achievementStyle = style
        return member
    }

    static func workout(_ member: NotificationMember? = nil, at: String, lifts: [(String, Double)] = []) throws -> Workout {
        Workout(
            userID: member?.user.id ?? UUID(), type: "Strength", startedAt: try NotificationFixture.instant(at), durationMinutes: 45,
            exercises: lifts.map { Workout.Exercise(name: $0.0, sets: [Workout.ExerciseSet(reps: 5, weightKg: $0.1)]) })
    }

    @Test("A workout reminder comes an hour before Tuesday's planned session, on the member's wall clock")
    func workoutReminder() throws {
        let member = try Self.member()
        let planned = NotificationPlanner.plan(for: member, now: try NotificationFixture.instant("2026-03-24T08:00:00Z"))
        let reminder = try #require(planned.first { $0.category == .workoutReminders })
        #expect(NotificationFixture.wallClock(reminder.dueAt, in: member.timeZone) == "2026-03-24 17:00")
        #expect(reminder.title == "Lower body at 6:00 PM" && reminder.link == "/plan")
        // Not the day before (the session is more than 24 hours away), nor once the reminder's time has passed.
        #expect(
            !NotificationPlanner.plan(for: member, now: try NotificationFixture.instant("2026-03-23T08:00:00Z")).contains {
                $0.category == .workoutReminders
            })
        #expect(
            !NotificationPlanner.plan(for: member, now: try NotificationFixture.instant("2026-03-24T16:30:00Z")).contains {
                $0.category == .workoutReminders
            })
    }

    @Test("A session already logged that day gets no reminder, and one queued before the log is dropped at delivery")
    func workoutAlreadyLogged() throws {
        let logged = try Self.member(workouts: [try Self.workout(at: "2026-03-24T06:30:00Z")])
        #expect(
            !NotificationPlanner.plan(for: logged, now: try NotificationFixture.instant("2026-03-24T08:00:00Z")).contains {
                $0.category == .workoutReminders
            })
        let queued = try #require(
            NotificationPlanner.plan(for: try Self.member(), now: try NotificationFixture.instant("2026-03-24T08:00:00Z"))
                .first { $0.category == .workoutReminders })
        #expect(NotificationPlanner.isObsolete(queued, for: logged, now: queued.dueAt))
    }

    @Test("Meal and hydration reminders only when switched on; a meal logged in the two hours before drops the reminder")
    func mealsAndWater() throws {
        let now = try NotificationFixture.instant("2026-03-24T08:00:00Z")
        #expect(
            !NotificationPlanner.plan(for: try Self.member(), now: now).contains {
                $0.category == .mealLogging || $0.category == .hydration
            })
        var member = try Self.member {
            $0.categories[.mealLogging] = true
            $0.categories[.hydration] = true
        }
        let planned = NotificationPlanner.plan(for: member, now: now)
        let lunch = try #require(planned.first { $0.dedupeKey == "meal_logging:2026-03-24:lunch" })
        #expect(NotificationFixture.wallClock(lunch.dueAt, in: member.timeZone) == "2026-03-24 13:00")
        #expect(planned.filter { $0.category == .hydration }.count == 3)
        #expect(!NotificationPlanner.isObsolete(lunch, for: member, now: lunch.dueAt))
        member.mealTimes = [try NotificationFixture.instant("2026-03-24T11:15:00Z")]
        #expect(NotificationPlanner.isObsolete(lunch, for: member, now: lunch.dueAt))
    }

    @Test(
        "A streak milestone is celebrated in the member's style; private celebrates nothing",
        arguments: [
            (AchievementStyle.enthusiasticCelebration, "7 days in a row! You're on fire, keep it going!"),
            (.dataFocused, "Streak: 7 consecutive days logged."), (.privateReflection, nil),
        ] as [(AchievementStyle, String?)])
    func streak(style: AchievementStyle, text: String?) throws {
        let days = Set((18...24).map { String(format: "2026-03-%02d", $0) })
        let member = try Self.member(sessionAt: nil, loggedDays: days, style: style)
        let planned = NotificationPlanner.plan(for: member, now: try NotificationFixture.instant("2026-03-24T19:00:00Z"))
        #expect(planned.first { $0.category == .achievements }?.body == text)
        // Six days is not a milestone.
        let six = try Self.member(sessionAt: nil, loggedDays: days.subtracting(["2026-03-18"]), style: style)
        #expect(
            !NotificationPlanner.plan(for: six, now: try NotificationFixture.instant("2026-03-24T19:00:00Z")).contains {
                $0.category == .achievements
            })
    }

    @Test("A heavier set than ever before is a personal best; a first time or a lighter day is not")
    func personalBest() throws {
        let workouts = [
            try Self.workout(at: "2026-03-24T17:00:00Z", lifts: [("Back Squat", 102.5), ("Bench press", 60), ("Deadlift", 120)]),
            try Self.workout(at: "2026-03-20T17:00:00Z", lifts: [("back squat", 100), ("Bench press", 70)]),
        ]
        let member = try Self.member(sessionAt: nil, workouts: workouts)
        let bests = NotificationPlanner.plan(for: member, now: try NotificationFixture.instant("2026-03-24T19:00:00Z"))
            .filter { $0.category == .achievements }
        #expect(bests.map(\.body) == ["Nice work: a new best on Back Squat, 102.5 kg."])
        #expect(bests.first?.dedupeKey == "achievements:best:back squat:102.5")
    }
}

extension NotificationPlannerTrainingTests {
    @Test("Without a plan, the training times from onboarding get the reminders")
    func availabilityWithoutPlan() throws {
        var member = try Self.member(sessionAt: nil)
        member.availability = [
            SessionSlot(dayOfWeek: 3, startTime: try NotificationFixture.time("07:30"), endTime: try NotificationFixture.time("08:30"))
        ]
        let planned = NotificationPlanner.plan(for: member, now: try NotificationFixture.instant("2026-03-23T20:00:00Z"))
        let reminder = try #require(planned.first { $0.category == .workoutReminders })
        #expect(reminder.title == "Training time at 7:30 AM")
        #expect(NotificationFixture.wallClock(reminder.dueAt, in: member.timeZone) == "2026-03-24 06:30")
        #expect(reminder.dedupeKey == "workout_reminders:2026-03-24:time-07:30")
    }
}

extension NotificationPlannerTrainingTests {
    @Test(
        "Half-way to the goal weight is a milestone, in the member's units; not yet a quarter is none",
        arguments: [
            ([80.0, 77.0, 74.5], MeasurementSystem.metric, "Goal progress: your goal weight of 70 kg at 50%."),
            ([80.0, 74.0], .imperial, "Goal progress: your goal weight of 154.3 lbs at 50%."), ([80.0, 79.0], .metric, nil),
        ] as [([Double], MeasurementSystem, String?)])
    func goalMilestone(weights: [Double], units: MeasurementSystem, expected: String?) throws {
        var member = try Self.member(sessionAt: nil, style: .dataFocused) { _ in }
        var user = member.user
        user.goalWeightKg = 70
        user.preferredUnits = units
        member = NotificationMember(
            user: user, sleep: member.sleep, inactivityStyle: member.inactivityStyle, lastActivity: member.lastActivity,
            pendingRecommendations: [])
        member.achievementStyle = .dataFocused
        member.weights = weights
        let notes = NotificationPlanner.plan(for: member, now: try NotificationFixture.instant("2026-03-24T19:00:00Z"))
            .filter { $0.category == .achievements }
        #expect(notes.map(\.body) == (expected.map { [$0] } ?? []))
    }
}
