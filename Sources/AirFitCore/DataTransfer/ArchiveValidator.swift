import Foundation

/// Checks an archive's consistency before anything is written.
public enum ArchiveValidator {
    /// Throws `RepositoryError.invalid` naming the first problem found.
    public static func validate(_ archive: ExportArchive) throws {
        guard archive.format == ExportArchive.formatName else {
            throw RepositoryError.invalid("This file is not an AirFit export (its \"format\" is \"\(archive.format)\").")
        }
        guard archive.version == ExportArchive.currentVersion else {
            throw RepositoryError.invalid(
                "This export has version \(archive.version); this AirFit reads version \(ExportArchive.currentVersion).")
        }
        let owner = archive.user.id
        func check(_ section: String, _ owners: [UUID], _ ids: [UUID]) throws {
            if let index = owners.firstIndex(where: { $0 != owner }) {
                throw RepositoryError.invalid("\(section)[\(index)] belongs to another user than the archive's user.")
            }
            var seen = Set<UUID>()
            if let index = ids.firstIndex(where: { !seen.insert($0).inserted }) {
                throw RepositoryError.invalid("\(section)[\(index)] repeats the id \(ids[index]).")
            }
        }
        if let profile = archive.onboardingProfile, profile.userID != owner {
            throw RepositoryError.invalid("onboardingProfile belongs to another user than the archive's user.")
        }
        try check("workouts", archive.workouts.map(\.userID), archive.workouts.map(\.id))
        try check("foodEntries", archive.foodEntries.map(\.userID), archive.foodEntries.map(\.id))
        try check("dailyLogs", archive.dailyLogs.map(\.userID), archive.dailyLogs.map(\.id))
        try check("coachMessages", archive.coachMessages.map(\.userID), archive.coachMessages.map(\.id))
        try check("dataExports", archive.dataExports.map(\.userID), archive.dataExports.map(\.id))
        var problems = ArchiveLimits.problems(archive.user)
        for (index, workout) in archive.workouts.enumerated() { problems += ArchiveLimits.problems(workout, at: "workouts[\(index)]") }
        for (index, entry) in archive.foodEntries.enumerated() { problems += ArchiveLimits.problems(entry, at: "foodEntries[\(index)]") }
        for (index, message) in archive.coachMessages.enumerated() {
            problems += ArchiveLimits.problems(message, at: "coachMessages[\(index)]")
        }
        if let index = archive.dataExports.firstIndex(where: { $0.size < 0 }) {
            problems.append("dataExports[\(index)].size must be 0 or more.")
        }
        if let first = problems.first {
            let more = problems.count > 1 ? " (and \(problems.count - 1) more problem\(problems.count == 2 ? "" : "s"))" : ""
            throw RepositoryError.invalid("\(first)\(more)")
        }
        var days = Set<String>()
        for (index, log) in archive.dailyLogs.enumerated() {
            if let problem = log.validationProblems.first { throw RepositoryError.invalid("dailyLogs[\(index)]: \(problem)") }
            guard days.insert(log.day).inserted else {
                throw RepositoryError.invalid("dailyLogs[\(index)] repeats the day \(log.day).")
            }
        }
    }
}
