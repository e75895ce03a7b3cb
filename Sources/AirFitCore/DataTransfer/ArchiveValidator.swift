import Foundation

/// Checks an archive's consistency before anything is written.
public enum ArchiveValidator {
    /// Throws `RepositoryError.invalid` naming the first problem found.
    ///
    /// The rules are those of a streamed import (``ArchiveFileSource``): both feed every record to the same checks.
    public static func validate(_ archive: ExportArchive) throws {
        var check = ArchiveCheck()
        for (index, workout) in archive.workouts.enumerated() { check.add(workout, at: index) }
        for (index, entry) in archive.foodEntries.enumerated() { check.add(entry, at: index) }
        for (index, log) in archive.dailyLogs.enumerated() { check.add(log, at: index) }
        for (index, message) in archive.coachMessages.enumerated() { check.add(message, at: index) }
        for (index, export) in archive.dataExports.enumerated() { check.add(export, at: index) }
        try check.verify(format: archive.format, version: archive.version, user: archive.user, onboardingProfile: archive.onboardingProfile)
    }
}
