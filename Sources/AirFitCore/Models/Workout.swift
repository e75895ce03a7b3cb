public import Foundation

/// A logged training session.
public struct Workout: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    public var userID: UUID
    /// What kind of session: "strength", "run", "yoga", … (free text, lower-cased by convention).
    public var type: String
    public var startedAt: Date
    public var durationMinutes: Double
    public var caloriesBurned: Double?
    public var exercises: [Exercise]
    public var notes: String?
    public var createdAt: Date

    /// Creates a workout.
    public init(
        id: UUID = UUID(), userID: UUID, type: String, startedAt: Date, durationMinutes: Double,
        caloriesBurned: Double? = nil, exercises: [Exercise] = [], notes: String? = nil, createdAt: Date = Date()
    ) {
        self.id = id
        self.userID = userID
        self.type = type
        self.startedAt = startedAt
        self.durationMinutes = durationMinutes
        self.caloriesBurned = caloriesBurned
        self.exercises = exercises
        self.notes = notes
        self.createdAt = createdAt
    }

    /// One exercise in a workout with its sets.
    public struct Exercise: Codable, Sendable, Equatable {
        public var name: String
        public var sets: [ExerciseSet]

        /// Creates an exercise.
        public init(name: String, sets: [ExerciseSet] = []) {
            self.name = name
            self.sets = sets
        }
    }

    /// One set: repetitions and load, or a duration/distance for timed work.
    public struct ExerciseSet: Codable, Sendable, Equatable {
        public var reps: Int?
        public var weightKg: Double?
        public var durationSeconds: Double?
        public var distanceMeters: Double?

        /// Creates a set.
        public init(reps: Int? = nil, weightKg: Double? = nil, durationSeconds: Double? = nil, distanceMeters: Double? = nil) {
            self.reps = reps
            self.weightKg = weightKg
            self.durationSeconds = durationSeconds
            self.distanceMeters = distanceMeters
        }
    }

    /// Total sets across all exercises.
    public var totalSets: Int { exercises.reduce(0) { $0 + $1.sets.count } }
}
