import AirFitCore
import Foundation

/// How `airfit import` read an archive before it streamed: the whole document through `JSONDecoder`, then
/// `ArchiveValidator`. The streamed reader must give the same archive and the same messages.
enum WholeArchiveDecoder {
    static func decode(_ data: Data) throws -> ExportArchive {
        struct Header: Decodable {
            var format: String?
            var version: Double?
        }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data)
        } catch DecodingError.dataCorrupted {
            throw RepositoryError.invalid("This file is not valid JSON, so it cannot be an AirFit export.")
        } catch {
            header = Header(format: nil, version: nil)
        }
        guard header.format == ExportArchive.formatName else {
            throw RepositoryError.invalid("This file is not an AirFit export: it has no \"format\": \"airfit-export\" marker.")
        }
        if let version = header.version, version != Double(ExportArchive.currentVersion) {
            let shown = FiniteNumber.int(version).map(String.init) ?? "that is not a whole number"
            throw RepositoryError.invalid("This export has version \(shown); this AirFit reads version \(ExportArchive.currentVersion).")
        }
        do {
            let archive = try JSONCoding.decoder.decode(ExportArchive.self, from: data)
            try ArchiveValidator.validate(archive)
            return archive
        } catch let error as DecodingError {
            throw RepositoryError.invalid("The export is damaged: \(error.readableDescription)")
        }
    }
}

/// Small archives whose text exercises the scanner: escapes, brackets and commas inside strings, non-ASCII text.
enum ArchiveSamples {
    static let base = Date(timeIntervalSince1970: 1_700_000_000)

    static func at(_ seconds: Double) -> Date { base.addingTimeInterval(seconds) }

    /// An archive with every kind of record, `count` of each.
    static func archive(count: Int = 3) throws -> ExportArchive {
        let user = User(name: "Ann \"A\" Example", timeZone: "Europe/Berlin", createdAt: at(0.5), lastActiveAt: at(1))
        let profile = OnboardingProfile(
            userID: user.id, personaPromptData: Data(#"{"goal":"run, [fast] {now}","nested":[1,2.5,{"a":"\"}"}]}"#.utf8),
            communicationPreferencesData: Data("{}".utf8), rawFullProfileData: Data(#"["é😀\\"]"#.utf8), createdAt: at(2),
            updatedAt: at(3))
        let conversation = UUID()
        var archive = ExportArchive(exportedAt: at(9000), user: user, onboardingProfile: try ExportedOnboardingProfile(profile))
        for index in 0..<count {
            let seconds = Double(index) * 100
            archive.workouts.append(
                Workout(
                    userID: user.id, type: "run", startedAt: at(seconds), durationMinutes: 30.5, caloriesBurned: 200,
                    exercises: [Workout.Exercise(name: "Row, \"erg\" ]}", sets: [Workout.ExerciseSet(reps: 5, weightKg: 20)])],
                    notes: "back\\slash \"quoted\" [x] {y}, é", createdAt: at(seconds + 1)))
            archive.foodEntries.append(
                FoodEntry(
                    userID: user.id, mealType: .lunch, loggedAt: at(seconds + 2),
                    items: [FoodItem(name: "Oats", quantity: "80 g", calories: 300, proteinGrams: 10)], notes: "tab\tnew\nline",
                    createdAt: at(seconds + 3)))
            archive.dailyLogs.append(
                DailyLog(
                    userID: user.id, day: String(ISO8601.string(from: at(Double(index) * 86_400)).prefix(10)), energy: 4, mood: "😀",
                    createdAt: at(seconds + 4),
                    updatedAt: at(seconds + 5)))
            archive.coachMessages.append(
                CoachMessage(
                    userID: user.id, conversationID: conversation, role: index.isMultiple(of: 2) ? .user : .assistant,
                    content: "}{][\",\\\\\"", createdAt: at(seconds + 6)))
            archive.dataExports.append(DataExport(userID: user.id, date: at(seconds + 7), size: 1234, format: .json))
        }
        return archive
    }

    /// `archive` as the export writes it: sorted keys, ISO-8601 dates.
    static func json(_ archive: ExportArchive) throws -> Data {
        try JSONCoding.encoder.encode(archive)
    }
}
