public import Foundation

extension NotificationPlanner {
    /// How long before a planned session its reminder comes.
    public static let workoutLead: TimeInterval = 3600
    /// Meal reminders: lunch and dinner, each skipped when a meal was logged in the two hours before.
    public static let mealTimes = [("lunch", TimeOfDay(hour: 13, minute: 0)!), ("dinner", TimeOfDay(hour: 19, minute: 30)!)]
    /// Hydration nudges through the day.
    public static let hydrationTimes = [
        TimeOfDay(hour: 10, minute: 0)!, TimeOfDay(hour: 13, minute: 30)!, TimeOfDay(hour: 16, minute: 30)!,
    ]
    /// The shares of the way to the goal weight worth celebrating, in percent.
    public static let goalMilestones = [25, 50, 75, 100]
    /// The streak lengths worth celebrating.
    public static let streakMilestones = [3, 7, 14, 30, 60, 100, 200, 365]

    /// Workout reminders for the planned sessions (else the training times from onboarding) starting in the next 24
    /// hours (none for a day that already has a workout), and meal and hydration reminders for the next day's times.
    static func reminders(for member: NotificationMember, now: Date, clock: ZonedWallClock) -> [CoachNotification] {
        var planned: [CoachNotification] = []
        let today = clock.localDay(of: now)
        for day in today...(today + 1) {
            let key = dayKey(day)
            // 1970-01-01 was a Thursday: weekday 5 when 1 is Sunday.
            let weekday = ((day + 4) % 7 + 7) % 7 + 1
            for (slot, name, id) in trainingTimes(member, onDayOfWeek: weekday) {
                let due = clock.instant(onDay: day, at: slot.startTime).addingTimeInterval(-workoutLead)
                guard due > now, due <= now.addingTimeInterval(86_400), !hasWorkout(member, onDay: key, clock: clock) else { continue }
                planned.append(
                    note(
                        member, .workoutReminders,
                        ("\(name) at \(slot.startTime.twelveHourDescription)", "Your planned session starts in an hour. Ready?"),
                        link: "/plan", due: due, key: "\(key):\(id)", now: now))
            }
            for (meal, time) in mealTimes {
                let due = clock.instant(onDay: day, at: time)
                guard due > now, due <= now.addingTimeInterval(86_400) else { continue }
                planned.append(
                    note(
                        member, .mealLogging,
                        ("What did you have for \(meal)?", "Log your \(meal) in a few taps so your coach can keep your targets on track."),
                        link: "/log/meal", due: due, key: "\(key):\(meal)", now: now))
            }
            for time in hydrationTimes {
                let due = clock.instant(onDay: day, at: time)
                guard due > now, due <= now.addingTimeInterval(86_400) else { continue }
                planned.append(
                    note(
                        member, .hydration, ("Time for some water", "A glass of water now keeps your energy up for the rest of the day."),
                        link: "/", due: due, key: "\(key):\(time.description)", now: now))
            }
        }
        return planned
    }

    /// A streak milestone reached today, and a personal best in today's workouts, in the member's style (none for
    /// `private`).
    static func achievements(for member: NotificationMember, now: Date, clock: ZonedWallClock) -> [CoachNotification] {
        let rule = AchievementRule(style: member.achievementStyle)
        guard rule.sendsNotifications else { return [] }
        var planned: [CoachNotification] = []
        let today = clock.localDay(of: now)
        var streak = 0
        while member.loggedDays.contains(dayKey(today - streak)) { streak += 1 }
        if streakMilestones.contains(streak), let achievement = Achievement.streak(days: streak), let text = rule.text(for: achievement) {
            planned.append(
                note(
                    member, .achievements, ("\(streak)-day streak", text), link: "/progress", due: now,
                    key: "streak:\(streak):\(dayKey(today - streak + 1))", now: now))
        }
        if let (percent, goal) = goalMilestone(member), let achievement = Achievement.goalMilestone(goal: goal, percent: percent),
            let text = rule.text(for: achievement), let start = member.weights.first, let target = member.user.goalWeightKg
        {
            planned.append(
                note(
                    member, .achievements, (percent == 100 ? "Goal reached" : "\(percent)% of the way", text), link: "/progress",
                    due: now, key: "goal:\(target):\(start):\(percent)", now: now))
        }
        for best in personalBests(member.workouts, onDay: dayKey(today), clock: clock) {
            guard let achievement = Achievement.personalBest(exercise: best.exercise, value: best.kilograms, unit: "kg"),
                let text = rule.text(for: achievement)
            else { continue }
            planned.append(
                note(
                    member, .achievements, ("New personal best", text), link: "/progress", due: now,
                    key: "best:\(best.exercise.lowercased()):\(best.kilograms)", now: now))
        }
        return planned
    }

    /// Exercises whose heaviest set in `day`'s workouts beats every earlier workout's (exercises done before only).
    static func personalBests(_ workouts: [Workout], onDay day: String, clock: ZonedWallClock) -> [(exercise: String, kilograms: Double)] {
        var earlier: [String: Double] = [:]
        var today: [String: (name: String, kilograms: Double)] = [:]
        for workout in workouts {
            let isToday = dayKey(clock.localDay(of: workout.startedAt)) == day
            for exercise in workout.exercises {
                let heaviest = exercise.sets.compactMap(\.weightKg).filter { $0.isFinite && $0 > 0 }.max() ?? 0
                guard heaviest > 0 else { continue }
                let key = exercise.name.trimmingCharacters(in: .whitespaces).lowercased()
                if isToday {
                    if heaviest > today[key]?.kilograms ?? 0 { today[key] = (exercise.name, heaviest) }
                } else {
                    earlier[key] = max(earlier[key] ?? 0, heaviest)
                }
            }
        }
        return today.compactMap { key, best in
            guard let previous = earlier[key], best.kilograms > previous else { return nil }
            return (best.name, best.kilograms)
        }
        .sorted { $0.exercise < $1.exercise }
    }

    /// The sessions planned on a weekday (1 = Sunday), else the member's training times from onboarding that day:
    /// each slot with the name its reminder gives it and the id its dedupe key uses.
    static func trainingTimes(_ member: NotificationMember, onDayOfWeek weekday: Int) -> [(SessionSlot, String, String)] {
        if let plan = member.plan {
            return plan.sessions(onDayOfWeek: weekday).map { ($0.slot, $0.focus.displayName, $0.id.uuidString.lowercased()) }
        }
        return member.availability.filter { $0.dayOfWeek == weekday }.sorted { $0.startTime < $1.startTime }
            .map { ($0, "Training time", "time-\($0.startTime.description)") }
    }

    /// The highest goal-weight milestone the logged weights reached (the first weight of the year as the start, the
    /// latest as where the member is), with the goal in the member's words and units; `nil` below the first.
    static func goalMilestone(_ member: NotificationMember) -> (percent: Int, goal: String)? {
        guard let target = member.user.goalWeightKg, target.isFinite, let start = member.weights.first, let current = member.weights.last,
            member.weights.count >= 2, abs(start - target) >= 0.5
        else { return nil }
        let share = (start - current) / (start - target) * 100
        guard share.isFinite, let reached = goalMilestones.last(where: { Double($0) <= share }) else { return nil }
        let goal = "your goal weight of \(member.user.preferredUnits.formatWeight(kilograms: target, fractionDigits: 1))"
        return (reached, goal)
    }

    /// Whether the member logged a workout on local day `key`.
    static func hasWorkout(_ member: NotificationMember, onDay key: String, clock: ZonedWallClock) -> Bool {
        member.workouts.contains { dayKey(clock.localDay(of: $0.startedAt)) == key }
    }

    /// Whether `notification` no longer makes sense at `now`: a check-in at a time (or in a zone) the member has
    /// since changed, a workout reminder for a day with a workout logged, a meal reminder with a meal logged in the
    /// two hours before it.
    public static func isObsolete(_ notification: CoachNotification, for member: NotificationMember, now: Date) -> Bool {
        let clock = ZonedWallClock(timeZone: member.timeZone)
        switch notification.category {
        case .dailyCheckIn where !notification.isTest:
            let time = member.user.notificationPreferences.effectiveCheckInTime(wakeTime: member.sleep?.wakeTime)
            return clock.instant(onDay: clock.localDay(of: notification.dueAt), at: time) != notification.dueAt
        case .workoutReminders:
            return hasWorkout(member, onDay: dayKey(clock.localDay(of: notification.dueAt)), clock: clock)
        case .mealLogging:
            let window = notification.dueAt.addingTimeInterval(-2 * 3600)...max(now, notification.dueAt)
            return member.mealTimes.contains { window.contains($0) }
        default:
            return false
        }
    }

    static func note(
        _ member: NotificationMember, _ category: NotificationCategory, _ text: (title: String, body: String), link: String, due: Date,
        key: String, now: Date
    ) -> CoachNotification {
        CoachNotification(
            userID: member.user.id, category: category, title: text.title, body: text.body, link: link, dueAt: due,
            dedupeKey: "\(category.rawValue):\(key)", createdAt: now)
    }
}
