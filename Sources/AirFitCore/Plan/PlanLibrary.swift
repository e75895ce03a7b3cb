import Foundation

/// The exercises of each session focus, with starting targets.
enum PlanLibrary {
    /// One exercise as the library lists it.
    struct Entry: Equatable {
        var name: String
        var kind: ExerciseKind
        var target: ExerciseTarget
    }

    private static func lift(_ name: String, _ kind: ExerciseKind = .compound, reps: Int) -> Entry {
        Entry(name: name, kind: kind, target: .strength(sets: 3, reps: reps, loadKilograms: nil))
    }

    private static func cardio(_ name: String, minutes: Double) -> Entry {
        Entry(name: name, kind: .cardio, target: .cardio(minutes: minutes, kilometres: nil))
    }

    /// The library, most important exercise first.
    static let entries: [SessionFocus: [Entry]] = [
        .fullBody: [
            lift("Goblet Squat", reps: 10), lift("Push-Up", reps: 10), lift("Dumbbell Row", reps: 10),
            lift("Romanian Deadlift", reps: 10), lift("Dead Bug", .isolation, reps: 10),
        ],
        .upper: [
            lift("Bench Press", reps: 8), lift("Barbell Row", reps: 8), lift("Overhead Press", reps: 8),
            lift("Biceps Curl", .isolation, reps: 12),
        ],
        .lower: [
            lift("Back Squat", reps: 8), lift("Romanian Deadlift", reps: 8), lift("Walking Lunge", reps: 10),
            lift("Calf Raise", .isolation, reps: 15),
        ],
        .push: [
            lift("Bench Press", reps: 8), lift("Overhead Press", reps: 8), lift("Incline Dumbbell Press", reps: 10),
            lift("Triceps Pushdown", .isolation, reps: 12),
        ],
        .pull: [
            lift("Deadlift", reps: 5), lift("Pull-Up", reps: 6), lift("Seated Cable Row", reps: 10),
            lift("Biceps Curl", .isolation, reps: 12),
        ],
        .legs: [
            lift("Back Squat", reps: 8), lift("Romanian Deadlift", reps: 8), lift("Leg Press", reps: 10),
            lift("Leg Curl", .isolation, reps: 12),
        ],
        .run: [cardio("Easy Run", minutes: 30)],
        .ride: [cardio("Bike Ride", minutes: 45)],
        .swim: [cardio("Swim", minutes: 30)],
        .mobility: [
            cardio("Mobility Flow", minutes: 20), lift("Glute Bridge", .isolation, reps: 12), lift("Bird Dog", .isolation, reps: 10),
        ],
        .conditioning: [lift("Kettlebell Swing", reps: 15), cardio("Rowing Intervals", minutes: 20), lift("Burpee", reps: 10)],
    ]

    /// The exercises for a session of `focus`: fewer when days are short, two easier sets for beginners and for
    /// someone recovering, who also does more repetitions at a lighter effort.
    static func exercises(for focus: SessionFocus, lifeSnapshot: LifeSnapshotSelections, short: Bool) -> [Entry] {
        let list = entries[focus] ?? []
        let easier = lifeSnapshot.newToFitness || lifeSnapshot.recovering
        return list.prefix(short ? 3 : 4).map { entry in
            var entry = entry
            switch entry.target {
            case .strength(let sets, let reps, let load):
                let reps = lifeSnapshot.recovering ? max(reps, 12) : reps
                entry.target = .strength(sets: easier ? 2 : sets, reps: reps, loadKilograms: load)
            case .cardio(let minutes, let kilometres):
                entry.target = .cardio(minutes: minutes.map { short ? min($0, 30) : $0 }, kilometres: kilometres)
            }
            return entry
        }
    }
}
