public import Foundation

/// A workout as a form holds it: text fields, read and checked by ``workout(from:user:now:)``.
public struct WorkoutInput: Sendable, Equatable {
    /// One exercise row: a name and its sets written in ``SetNotation``.
    public struct ExerciseRow: Sendable, Equatable {
        public var name: String
        public var sets: String

        /// Creates a row.
        public init(name: String, sets: String) {
            self.name = name
            self.sets = sets
        }
    }

    public var type: String
    public var day: String
    public var time: String
    public var durationMinutes: String
    public var caloriesBurned: String
    public var exercises: [ExerciseRow]
    public var notes: String

    /// Creates an input.
    public init(
        type: String, day: String, time: String, durationMinutes: String, caloriesBurned: String = "",
        exercises: [ExerciseRow] = [], notes: String = ""
    ) {
        self.type = type
        self.day = day
        self.time = time
        self.durationMinutes = durationMinutes
        self.caloriesBurned = caloriesBurned
        self.exercises = exercises
        self.notes = notes
    }

    /// The fields showing `workout` in `user`'s units and time zone.
    public init(_ workout: Workout, user: User) {
        let zone = TimeZone(identifier: user.timeZone) ?? .gmt
        let (day, time) = LocalDateTime.fields(of: workout.startedAt, zone: zone)
        self.init(
            type: workout.type, day: day, time: time, durationMinutes: EntryRule.number(workout.durationMinutes),
            caloriesBurned: workout.caloriesBurned.map(EntryRule.number) ?? "",
            exercises: workout.exercises.map { ExerciseRow(name: $0.name, sets: SetNotation.format($0.sets, units: user.preferredUnits)) },
            notes: workout.notes ?? "")
    }

    /// The workout these fields describe: `original` changed (its id and creation kept), or a new one.
    /// - Throws: ``EntryProblems`` naming every field that can't be read or breaks ``EntryRule``.
    public func workout(from original: Workout?, user: User, now: Date) throws(EntryProblems) -> Workout {
        var problems: [String] = []
        let zone = TimeZone(identifier: user.timeZone) ?? .gmt
        let startedAt = LocalDateTime.date(day: day, time: time, zone: zone)
        if startedAt == nil { problems.append("Give the day and time the workout started.") }
        let duration = FiniteNumber.parse(durationMinutes, in: -1e9...1e9)
        if duration == nil { problems.append("Duration must be a number of minutes.") }
        let calories = EntryInputNumber.optional(caloriesBurned, "Calories burned", &problems)
        var exercises: [Workout.Exercise] = []
        for (index, row) in self.exercises.enumerated() {
            let name = row.name.trimmingCharacters(in: .whitespacesAndNewlines)
            let sets = row.sets.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty || !sets.isEmpty else { continue }
            let previous = original?.exercises.first { $0.name == name }
            do {
                // Sets shown and sent back unchanged keep their exact stored values (a load converted to pounds and back
                // would drift).
                let parsed =
                    if let previous, SetNotation.format(previous.sets, units: user.preferredUnits) == sets {
                        previous.sets
                    } else {
                        try SetNotation.parse(sets, units: user.preferredUnits)
                    }
                exercises.append(Workout.Exercise(name: name, sets: parsed))
            } catch {
                problems.append("Exercise \(index + 1): \(error.message)")
            }
        }
        let workout = Workout(
            id: original?.id ?? UUID(), userID: user.id, type: type.trimmingCharacters(in: .whitespacesAndNewlines).lowercased(),
            startedAt: startedAt ?? now, durationMinutes: duration ?? 1, caloriesBurned: calories, exercises: exercises,
            notes: EntryInputNumber.text(notes), createdAt: original?.createdAt ?? now)
        problems += EntryRule.problems(workout, now: now).filter { problem in
            !(duration == nil && problem.hasPrefix("Duration"))
        }
        guard problems.isEmpty else { throw EntryProblems(problems) }
        return workout
    }
}

/// A meal as a form holds it.
public struct MealInput: Sendable, Equatable {
    /// One food row.
    public struct ItemRow: Sendable, Equatable {
        public var name: String
        public var quantity: String
        public var calories: String
        public var protein: String
        public var carbs: String
        public var fat: String

        /// Creates a row.
        public init(name: String, quantity: String = "", calories: String, protein: String = "", carbs: String = "", fat: String = "") {
            self.name = name
            self.quantity = quantity
            self.calories = calories
            self.protein = protein
            self.carbs = carbs
            self.fat = fat
        }
    }

    public var mealType: String
    public var day: String
    public var time: String
    public var items: [ItemRow]
    public var notes: String

    /// Creates an input.
    public init(mealType: String, day: String, time: String, items: [ItemRow], notes: String = "") {
        self.mealType = mealType
        self.day = day
        self.time = time
        self.items = items
        self.notes = notes
    }

    /// The fields showing `meal` in `user`'s time zone.
    public init(_ meal: FoodEntry, user: User) {
        let (day, time) = LocalDateTime.fields(of: meal.loggedAt, zone: TimeZone(identifier: user.timeZone) ?? .gmt)
        self.init(
            mealType: meal.mealType.rawValue, day: day, time: time,
            items: meal.items.map { item in
                ItemRow(
                    name: item.name, quantity: item.quantity ?? "", calories: EntryRule.number(item.calories),
                    protein: item.proteinGrams.map(EntryRule.number) ?? "", carbs: item.carbsGrams.map(EntryRule.number) ?? "",
                    fat: item.fatGrams.map(EntryRule.number) ?? "")
            }, notes: meal.notes ?? "")
    }

    /// The meal these fields describe: `original` changed, or a new one. Rows without a name and calories are left out.
    /// - Throws: ``EntryProblems``.
    public func meal(from original: FoodEntry?, user: User, now: Date) throws(EntryProblems) -> FoodEntry {
        var problems: [String] = []
        let type = MealType(rawValue: mealType)
        if type == nil { problems.append("Choose breakfast, lunch, dinner or a snack.") }
        let loggedAt = LocalDateTime.date(day: day, time: time, zone: TimeZone(identifier: user.timeZone) ?? .gmt)
        if loggedAt == nil { problems.append("Give the day and time of the meal.") }
        var foods: [FoodItem] = []
        for (index, row) in items.enumerated() {
            let name = row.name.trimmingCharacters(in: .whitespacesAndNewlines)
            let blank = [row.quantity, row.calories, row.protein, row.carbs, row.fat].allSatisfy {
                $0.trimmingCharacters(in: .whitespaces).isEmpty
            }
            if name.isEmpty && blank { continue }
            let label = "Food \(index + 1)"
            let calories = EntryInputNumber.optional(row.calories, "\(label): calories", &problems)
            if calories == nil, row.calories.trimmingCharacters(in: .whitespaces).isEmpty {
                problems.append("\(label): give its calories (an estimate is fine).")
            }
            let quantity = row.quantity.trimmingCharacters(in: .whitespacesAndNewlines)
            foods.append(
                FoodItem(
                    name: name, quantity: quantity.isEmpty ? nil : quantity, calories: calories ?? 0,
                    proteinGrams: EntryInputNumber.optional(row.protein, "\(label): protein", &problems),
                    carbsGrams: EntryInputNumber.optional(row.carbs, "\(label): carbohydrates", &problems),
                    fatGrams: EntryInputNumber.optional(row.fat, "\(label): fat", &problems)))
        }
        let meal = FoodEntry(
            id: original?.id ?? UUID(), userID: user.id, mealType: type ?? .snack, loggedAt: loggedAt ?? now, items: foods,
            notes: EntryInputNumber.text(notes), createdAt: original?.createdAt ?? now)
        problems += EntryRule.problems(meal, now: now)
        guard problems.isEmpty else { throw EntryProblems(problems) }
        return meal
    }
}

/// A check-in as a form holds it: scores 1–5 (empty for none), mood, weight in the person's units, steps.
public struct CheckinInput: Sendable, Equatable {
    public var day: String
    public var energy: String
    public var sleepQuality: String
    public var stress: String
    public var mood: String
    public var weight: String
    public var steps: String
    public var notes: String

    /// Creates an input.
    public init(
        day: String, energy: String = "", sleepQuality: String = "", stress: String = "", mood: String = "", weight: String = "",
        steps: String = "", notes: String = ""
    ) {
        self.day = day
        self.energy = energy
        self.sleepQuality = sleepQuality
        self.stress = stress
        self.mood = mood
        self.weight = weight
        self.steps = steps
        self.notes = notes
    }

    /// The fields showing `log` in `user`'s units.
    public init(_ log: DailyLog, user: User) {
        let weight = log.weightKg.map { kilograms in
            user.preferredUnits == .imperial
                ? EntryRule.number((MeasurementSystem.pounds(fromKilograms: kilograms) * 10).rounded() / 10) : EntryRule.number(kilograms)
        }
        self.init(
            day: log.day, energy: log.energy.map(String.init) ?? "", sleepQuality: log.sleepQuality.map(String.init) ?? "",
            stress: log.stress.map(String.init) ?? "", mood: log.mood ?? "", weight: weight ?? "", steps: log.steps.map(String.init) ?? "",
            notes: log.notes ?? "")
    }

    /// The check-in these fields describe: `original` changed, or a new one for the day. With `keepingBlanks`, an empty
    /// field leaves what `original` holds (a quick weight adds to the day's check-in); otherwise it clears it.
    /// - Throws: ``EntryProblems``.
    public func checkin(from original: DailyLog?, user: User, now: Date, keepingBlanks: Bool = false) throws(EntryProblems) -> DailyLog {
        var problems: [String] = []
        var log =
            original
            ?? DailyLog(userID: user.id, day: day.trimmingCharacters(in: .whitespaces), createdAt: now, updatedAt: now)
        if original == nil, !DailyLog.isValidDay(log.day) { problems.append("Choose the day of the check-in.") }
        /// Applies a field: blank clears it (or keeps it), anything else is read by `read`.
        func apply<T>(_ text: String, _ field: WritableKeyPath<DailyLog, T?>, _ read: (String) -> T?) {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty {
                if !keepingBlanks { log[keyPath: field] = nil }
            } else if let value = read(trimmed) {
                log[keyPath: field] = value
            }
        }
        func score(_ label: String) -> (String) -> Int? {
            { text in
                guard let value = FiniteNumber.parse(text, in: 1...5), value == value.rounded() else {
                    problems.append("\(label) must be a whole number from 1 to 5.")
                    return nil
                }
                return Int(value)
            }
        }
        apply(energy, \.energy, score("Energy"))
        apply(sleepQuality, \.sleepQuality, score("Sleep quality"))
        apply(stress, \.stress, score("Stress"))
        apply(mood, \.mood) { EntryInputNumber.text($0) }
        let unchangedWeight = original.map { CheckinInput($0, user: user).weight } == weight.trimmingCharacters(in: .whitespaces)
        if !unchangedWeight {
            // A weight shown and sent back unchanged keeps its exact stored kilograms.
            apply(weight, \.weightKg) { text in
                guard let value = FiniteNumber.parse(text, in: -1e9...1e9) else {
                    problems.append("Weight must be a number.")
                    return nil
                }
                return user.preferredUnits == .imperial ? MeasurementSystem.kilograms(fromPounds: value) : value
            }
        }
        apply(steps, \.steps) { text in
            guard let value = FiniteNumber.parse(text, in: 0...1_000_000), value == value.rounded() else {
                problems.append("Steps must be a whole number from 0 to 1,000,000.")
                return nil
            }
            return Int(value)
        }
        apply(notes, \.notes) { EntryInputNumber.text($0) }
        log.updatedAt = now
        if log.notes.map({ $0.count > EntryRule.maximumNotes }) == true {
            problems.append("The notes are longer than \(EntryRule.maximumNotes) characters.")
        }
        problems += log.validationProblems.filter { !problems.contains($0) }
        guard problems.isEmpty else { throw EntryProblems(problems) }
        return log
    }
}

/// Reading the number and text fields of the entry forms.
enum EntryInputNumber {
    /// An optional number: nil when empty; a problem when it is not a finite number (ranges are ``EntryRule``'s).
    static func optional(_ text: String, _ label: String, _ problems: inout [String]) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        guard let value = FiniteNumber.parse(trimmed, in: -1e9...1e9) else {
            problems.append("\(label) must be a number.")
            return nil
        }
        return value
    }

    /// Trimmed text, nil when empty.
    static func text(_ text: String) -> String? {
        let trimmed = TextInput.clean(text).trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}
