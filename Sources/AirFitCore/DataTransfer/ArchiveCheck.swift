import Foundation

/// The consistency rules of an archive, fed one record at a time, so a file can be checked without holding it.
///
/// ``ArchiveValidator/validate(_:)`` feeds it a decoded archive; the streaming reader feeds it each record as it is
/// decoded. Both end with ``verify(format:version:user:onboardingProfile:)``, which throws the first problem in one fixed
/// order whatever order the records came in. Memory grows with the number of records only by their ids (and the days
/// of daily logs), which the uniqueness rules need.
struct ArchiveCheck {
    /// The record arrays of an archive, in the order they are checked.
    enum Section: String, CaseIterable, Sendable {
        case workouts, foodEntries, dailyLogs, coachMessages, dataExports
    }

    private struct Progress {
        var firstOwner: (owner: UUID, index: Int)?
        var firstOtherOwner: Int?
        var ids = Set<UUID>()
        var repeated: (index: Int, id: UUID)?
        var firstProblem: String?
        var problemCount = 0
    }

    private var progress: [Section: Progress] = [:]
    private var days = Set<String>()
    private var firstLogFailure: String?

    /// Notes one workout at position `index` of its array.
    mutating func add(_ workout: Workout, at index: Int) {
        note(.workouts, owner: workout.userID, id: workout.id, at: index)
        problems(.workouts, ArchiveLimits.problems(workout, at: "workouts[\(index)]"))
    }

    /// Notes one meal.
    mutating func add(_ entry: FoodEntry, at index: Int) {
        note(.foodEntries, owner: entry.userID, id: entry.id, at: index)
        problems(.foodEntries, ArchiveLimits.problems(entry, at: "foodEntries[\(index)]"))
    }

    /// Notes one daily log.
    mutating func add(_ log: DailyLog, at index: Int) {
        note(.dailyLogs, owner: log.userID, id: log.id, at: index)
        guard firstLogFailure == nil else { return }
        if let problem = log.validationProblems.first {
            firstLogFailure = "dailyLogs[\(index)]: \(problem)"
        } else if !days.insert(log.day).inserted {
            firstLogFailure = "dailyLogs[\(index)] repeats the day \(log.day)."
        }
    }

    /// Notes one message.
    mutating func add(_ message: CoachMessage, at index: Int) {
        note(.coachMessages, owner: message.userID, id: message.id, at: index)
        problems(.coachMessages, ArchiveLimits.problems(message, at: "coachMessages[\(index)]"))
    }

    /// Notes one record of the export history.
    mutating func add(_ export: DataExport, at index: Int) {
        note(.dataExports, owner: export.userID, id: export.id, at: index)
        // Only the first negative size is a problem of its own.
        if export.size < 0, progress[.dataExports, default: Progress()].problemCount == 0 {
            problems(.dataExports, ["dataExports[\(index)].size must be 0 or more."])
        }
    }

    /// Throws `RepositoryError.invalid` naming the first problem of the archive made of these records and this header.
    func verify(format: String, version: Int, user: User, onboardingProfile: ExportedOnboardingProfile?) throws {
        guard format == ExportArchive.formatName else {
            throw RepositoryError.invalid("This file is not an AirFit export (its \"format\" is \"\(format)\").")
        }
        guard version == ExportArchive.currentVersion else {
            throw RepositoryError.invalid("This export has version \(version); this AirFit reads version \(ExportArchive.currentVersion).")
        }
        let owner = user.id
        if let profile = onboardingProfile, profile.userID != owner {
            throw RepositoryError.invalid("onboardingProfile belongs to another user than the archive's user.")
        }
        for section in Section.allCases {
            guard let state = progress[section] else { continue }
            // The first record's owner is the archive's, or the first record is the first of another user.
            if let first = state.firstOwner, first.owner != owner {
                throw RepositoryError.invalid("\(section.rawValue)[\(first.index)] belongs to another user than the archive's user.")
            }
            if let index = state.firstOtherOwner {
                throw RepositoryError.invalid("\(section.rawValue)[\(index)] belongs to another user than the archive's user.")
            }
            if let repeated = state.repeated {
                throw RepositoryError.invalid("\(section.rawValue)[\(repeated.index)] repeats the id \(repeated.id).")
            }
        }
        let userProblems = ArchiveLimits.problems(user)
        let sections = [Section.workouts, .foodEntries, .coachMessages, .dataExports].compactMap { progress[$0] }
        let count = userProblems.count + sections.map(\.problemCount).reduce(0, +)
        if let first = userProblems.first ?? sections.lazy.compactMap(\.firstProblem).first {
            let more = count > 1 ? " (and \(count - 1) more problem\(count == 2 ? "" : "s"))" : ""
            throw RepositoryError.invalid("\(first)\(more)")
        }
        if let failure = firstLogFailure { throw RepositoryError.invalid(failure) }
    }

    /// Whether the records so far break no rule, all belonging to `owner` (a second reading checks each record before
    /// handing it on).
    func isSound(owner: UUID) -> Bool {
        guard firstLogFailure == nil else { return false }
        return progress.values.allSatisfy { state in
            (state.firstOwner.map { $0.owner == owner } ?? true) && state.firstOtherOwner == nil && state.repeated == nil
                && state.problemCount == 0
        }
    }

    private mutating func note(_ section: Section, owner: UUID, id: UUID, at index: Int) {
        var state = progress.removeValue(forKey: section) ?? Progress()
        if let first = state.firstOwner {
            if state.firstOtherOwner == nil, owner != first.owner { state.firstOtherOwner = index }
        } else {
            state.firstOwner = (owner, index)
        }
        if state.repeated == nil, !state.ids.insert(id).inserted { state.repeated = (index, id) }
        progress[section] = state
    }

    private mutating func problems(_ section: Section, _ found: [String]) {
        guard !found.isEmpty else { return }
        progress[section, default: Progress()].problemCount += found.count
        if progress[section]?.firstProblem == nil { progress[section]?.firstProblem = found[0] }
    }
}
