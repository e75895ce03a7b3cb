import Foundation

extension DataExporter {
    /// Writes a zip with one CSV per table; nested lists (sets, food items) get tables of their own.
    func writeCSV(user: User, to sink: any ByteSink, now: Date) async throws {
        let zip = ZipWriter(sink: sink, date: now)
        let id = user.id
        func table<T>(_ name: String, _ header: [String], _ fetch: (RecordQuery) async throws -> [T], rows: (T) -> [CSVRow]) async throws {
            try zip.startEntry(named: name)
            try zip.write(CSVRow(header: header).line)
            try await forEachPage(fetch) { page in
                var chunk = ""
                for record in page { for row in rows(record) { chunk += row.line } }
                try zip.write(chunk)
            }
        }
        let single: (RecordQuery) -> [User] = { $0.offset == 0 ? [user] : [] }
        try await table("users.csv", UserCSV.header, single) { [UserCSV.row($0)] }
        let profile = try await repository.onboardingProfile(userID: id)
        try await table(
            "onboarding_profiles.csv", ["id", "user_id", "persona_json", "communication_json", "created_at", "updated_at"],
            { $0.offset == 0 ? Array([profile].compactMap { $0 }) : [] }
        ) { profile in
            var row = CSVRow()
            row.raw(profile.id.uuidString)
            row.raw(profile.userID.uuidString)
            row.text(String(decoding: profile.personaPromptData, as: UTF8.self))
            row.text(String(decoding: profile.communicationPreferencesData, as: UTF8.self))
            row.date(profile.createdAt)
            row.date(profile.updatedAt)
            return [row]
        }
        let workouts: (RecordQuery) async throws -> [Workout] = { try await repository.workouts(userID: id, query: $0) }
        try await table(
            "workouts.csv",
            ["id", "started_at", "type", "duration_minutes", "calories", "exercise_count", "set_count", "notes", "created_at"],
            workouts
        ) { workout in
            var row = CSVRow()
            row.raw(workout.id.uuidString)
            row.date(workout.startedAt)
            row.text(workout.type)
            row.number(workout.durationMinutes)
            row.number(workout.caloriesBurned)
            row.number(workout.exercises.count)
            row.number(workout.totalSets)
            row.text(workout.notes)
            row.date(workout.createdAt)
            return [row]
        }
        try await table(
            "workout_sets.csv",
            ["workout_id", "exercise", "set_number", "reps", "weight_kg", "duration_seconds", "distance_meters"], workouts
        ) { workout in
            workout.exercises.flatMap { exercise in
                exercise.sets.enumerated().map { index, set in
                    var row = CSVRow()
                    row.raw(workout.id.uuidString)
                    row.text(exercise.name)
                    row.number(index + 1)
                    row.number(set.reps)
                    row.number(set.weightKg)
                    row.number(set.durationSeconds)
                    row.number(set.distanceMeters)
                    return row
                }
            }
        }
        let meals: (RecordQuery) async throws -> [FoodEntry] = { try await repository.foodEntries(userID: id, query: $0) }
        try await table(
            "food_entries.csv",
            ["id", "logged_at", "meal_type", "calories", "protein_g", "carbs_g", "fat_g", "item_count", "notes", "created_at"], meals
        ) { entry in
            var row = CSVRow()
            row.raw(entry.id.uuidString)
            row.date(entry.loggedAt)
            row.raw(entry.mealType.rawValue)
            row.number(entry.totalCalories)
            row.number(entry.totalProteinGrams)
            row.number(entry.totalCarbsGrams)
            row.number(entry.totalFatGrams)
            row.number(entry.items.count)
            row.text(entry.notes)
            row.date(entry.createdAt)
            return [row]
        }
        try await table("food_items.csv", ["food_entry_id", "name", "quantity", "calories", "protein_g", "carbs_g", "fat_g"], meals) {
            entry in
            entry.items.map { item in
                var row = CSVRow()
                row.raw(entry.id.uuidString)
                row.text(item.name)
                row.text(item.quantity)
                row.number(item.calories)
                row.number(item.proteinGrams)
                row.number(item.carbsGrams)
                row.number(item.fatGrams)
                return row
            }
        }
        try await table(
            "daily_logs.csv",
            ["id", "day", "energy", "sleep_quality", "stress", "mood", "weight_kg", "steps", "notes", "created_at", "updated_at"],
            { try await repository.dailyLogs(userID: id, fromDay: nil, toDay: nil, query: $0) }
        ) { log in
            var row = CSVRow()
            row.raw(log.id.uuidString)
            row.raw(log.day)
            row.number(log.energy)
            row.number(log.sleepQuality)
            row.number(log.stress)
            row.text(log.mood)
            row.number(log.weightKg)
            row.number(log.steps)
            row.text(log.notes)
            row.date(log.createdAt)
            row.date(log.updatedAt)
            return [row]
        }
        let toolEncoder = JSONCoding.encoder
        try await table(
            "coach_messages.csv",
            [
                "id", "conversation_id", "created_at", "role", "content", "model", "input_tokens", "output_tokens",
                "tool_calls_json", "tool_call_id", "complete", "incomplete_reason", "card", "conversation_title",
            ],
            { try await repository.messages(userID: id, query: $0) }
        ) { message in
            var row = CSVRow()
            row.raw(message.id.uuidString)
            row.raw(message.conversationID.uuidString)
            row.date(message.createdAt)
            row.raw(message.role.rawValue)
            row.text(message.content)
            row.text(message.model)
            row.number(message.inputTokens)
            row.number(message.outputTokens)
            row.text(
                message.toolCalls.isEmpty ? nil : (try? toolEncoder.encode(message.toolCalls)).map { String(decoding: $0, as: UTF8.self) })
            row.text(message.toolCallID)
            row.bool(message.isComplete)
            row.text(message.incompleteReason)
            row.text(message.card)
            row.text(message.conversationTitle)
            return [row]
        }
        let history = try await repository.exports(userID: id)
        try await table("data_exports.csv", ["id", "date", "format", "size_bytes"], { $0.offset == 0 ? history : [] }) { export in
            var row = CSVRow()
            row.raw(export.id.uuidString)
            row.date(export.date)
            row.raw(export.format.rawValue)
            row.number(Int(export.size))
            return [row]
        }
        try zip.finish()
    }
}

/// The users.csv columns.
enum UserCSV {
    static let header = [
        "id", "name", "nickname", "email", "preferred_units", "appearance_mode", "haptic_feedback", "analytics",
        "ai_provider", "ai_model", "ai_temperature", "ai_max_tokens", "ai_base_url", "notifications_enabled", "notifications_off",
        "quiet_hours_enabled", "quiet_hours_start", "quiet_hours_end", "app_lock", "app_lock_minutes", "time_zone",
        "week_start", "height_cm", "weight_kg", "fitness_level", "latitude", "longitude", "location_name",
        "created_at", "last_active_at", "goal_weight_kg", "daily_calorie_target", "daily_protein_target_grams",
    ]

    static func row(_ user: User) -> CSVRow {
        var row = CSVRow()
        row.raw(user.id.uuidString)
        row.text(user.name)
        row.text(user.nickname)
        row.text(user.email)
        row.raw(user.preferredUnits.rawValue)
        row.raw(user.appearanceMode.rawValue)
        row.bool(user.hapticFeedbackEnabled)
        row.bool(user.analyticsEnabled)
        row.text(user.selectedAIProvider)
        row.text(user.selectedAIModel)
        row.number(user.aiTemperature)
        row.number(user.aiMaxTokens)
        row.text(user.aiBaseURL)
        row.bool(user.notificationPreferences.systemEnabled)
        let off = NotificationCategory.allCases.filter { !(user.notificationPreferences.categories[$0] ?? true) }
        row.raw(off.map(\.rawValue).joined(separator: ";"))
        row.bool(user.quietHours.enabled)
        row.raw(user.quietHours.start.description)
        row.raw(user.quietHours.end.description)
        row.bool(user.appLockEnabled)
        row.number(user.appLockTimeoutMinutes)
        row.text(user.timeZone)
        row.raw(user.weekStart.rawValue)
        row.number(user.heightCm)
        row.number(user.weightKg)
        row.raw(user.fitnessLevel?.rawValue)
        row.number(user.location?.latitude)
        row.number(user.location?.longitude)
        row.text(user.location?.name)
        row.date(user.createdAt)
        row.date(user.lastActiveAt)
        row.number(user.goalWeightKg)
        row.number(user.dailyCalorieTarget)
        row.number(user.dailyProteinTargetGrams)
        return row
    }
}
