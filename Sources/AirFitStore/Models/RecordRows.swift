import AirFitCore
import Foundation
import SQLKit

/// Decoders for rows read with SQLKit; bulk reads skip the model layer, which costs several times more per row.
enum WorkoutRow {
    static let columns = ["id", "user_id", "type", "started_at", "duration_minutes", "calories", "exercises", "notes", "created_at"]

    static func decode(_ row: any SQLRow) throws -> Workout {
        Workout(
            id: try row.decode(column: "id", as: UUID.self), userID: try row.decode(column: "user_id", as: UUID.self),
            type: try row.decode(column: "type", as: String.self),
            startedAt: Date(timeIntervalSince1970: try row.decode(column: "started_at", as: Double.self)),
            durationMinutes: try row.decode(column: "duration_minutes", as: Double.self),
            caloriesBurned: try row.decode(column: "calories", as: Double?.self),
            exercises: try StoredJSON.decode(try row.decode(column: "exercises", as: String.self)),
            notes: try row.decode(column: "notes", as: String?.self),
            createdAt: Date(timeIntervalSince1970: try row.decode(column: "created_at", as: Double.self)))
    }
}

enum FoodEntryRow {
    static let columns = ["id", "user_id", "meal_type", "logged_at", "items", "notes", "created_at"]

    static func decode(_ row: any SQLRow) throws -> FoodEntry {
        FoodEntry(
            id: try row.decode(column: "id", as: UUID.self), userID: try row.decode(column: "user_id", as: UUID.self),
            mealType: try StoredJSON.enumValue(try row.decode(column: "meal_type", as: String.self), column: "meal_type"),
            loggedAt: Date(timeIntervalSince1970: try row.decode(column: "logged_at", as: Double.self)),
            items: try StoredJSON.decode(try row.decode(column: "items", as: String.self)),
            notes: try row.decode(column: "notes", as: String?.self),
            createdAt: Date(timeIntervalSince1970: try row.decode(column: "created_at", as: Double.self)))
    }
}
