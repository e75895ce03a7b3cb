import AirFitCore
import AirFitStore
import AirFitTestSupport
import Foundation
import Testing

/// Export to JSON and CSV, and import of archives.
extension RepositoryContractTests {
    /// A value after a trip through the export's JSON (dates rounded to milliseconds).
    static func viaJSON<T: Codable>(_ value: T) throws -> T {
        try JSONCoding.decoder.decode(T.self, from: JSONCoding.encoder.encode(value))
    }

    /// Exports a user as JSON and returns the bytes and the history record.
    static func exportJSON(_ repository: any AirFitRepository, userID: UUID, at now: Date) async throws -> (Data, DataExport) {
        let sink = MemorySink()
        let record = try await DataExporter(repository: repository, pageSize: 2).export(userID: userID, format: .json, to: sink, now: now)
        return (Data(sink.bytes), record)
    }

    /// Asserts that nothing of `userID` is stored.
    static func expectNothingStored(for userID: UUID, in store: TestStore, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let repository = store.repository
        #expect(try await repository.user(id: userID) == nil, sourceLocation: sourceLocation)
        #expect(try await repository.onboardingProfile(userID: userID) == nil, sourceLocation: sourceLocation)
        #expect(try await repository.workouts(userID: userID, query: RecordQuery()).isEmpty, sourceLocation: sourceLocation)
        #expect(try await repository.foodEntries(userID: userID, query: RecordQuery()).isEmpty, sourceLocation: sourceLocation)
        #expect(
            try await repository.dailyLogs(userID: userID, fromDay: nil, toDay: nil, query: RecordQuery()).isEmpty,
            sourceLocation: sourceLocation)
        #expect(try await repository.messages(userID: userID, query: RecordQuery()).isEmpty, sourceLocation: sourceLocation)
        #expect(try await repository.exports(userID: userID).isEmpty, sourceLocation: sourceLocation)
        if let counts = try await store.rowCounts(userID: userID) {
            #expect(counts.values.allSatisfy { $0 == 0 }, "\(counts)", sourceLocation: sourceLocation)
        }
    }

    // MARK: Round trip

    @Test(
        "Export → decode → import into a fresh store → export again gives the same archive", arguments: Backend.allCases, Backend.allCases)
    func exportRoundTrip(source: Backend, target: Backend) async throws {
        try await source.withStore { from in
            let seeded = try await Fixture.seed(from.repository)
            try await from.repository.createUser(Fixture.user(name: "Bystander"))
            let firstAt = Fixture.at(9000)
            let (firstBytes, firstRecord) = try await Self.exportJSON(from.repository, userID: seeded.user.id, at: firstAt)
            #expect(firstRecord.size == Int64(firstBytes.count))
            #expect(firstRecord.format == .json)
            #expect(try await from.repository.exports(userID: seeded.user.id).first == firstRecord)

            let archive = try DataExporter.decodeArchive(firstBytes)
            #expect(archive.exportedAt == firstAt)
            #expect(archive.user == (try Self.viaJSON(seeded.user)))
            #expect(try archive.onboardingProfile?.profile() == (try Self.viaJSON(seeded.profile)))
            #expect(archive.workouts == (try Self.viaJSON(seeded.workouts.sorted { $0.startedAt < $1.startedAt })))
            #expect(archive.foodEntries == (try Self.viaJSON(seeded.meals.sorted { $0.loggedAt < $1.loggedAt })))
            #expect(archive.dailyLogs == (try Self.viaJSON(seeded.logs)))
            #expect(archive.coachMessages == (try Self.viaJSON(seeded.messages)))
            #expect(archive.dataExports == (try Self.viaJSON(seeded.exports)))
            #expect(archive.recordCount == 1 + 1 + 3 + 4 + 3 + 5 + 2)

            try await target.withStore { to in
                try await to.repository.importArchive(archive)
                #expect(try await to.repository.users().map(\.id) == [seeded.user.id])
                let secondAt = Fixture.at(9500)
                let (secondBytes, _) = try await Self.exportJSON(to.repository, userID: seeded.user.id, at: secondAt)
                var again = try DataExporter.decodeArchive(secondBytes)
                #expect(again.exportedAt == secondAt)
                again.exportedAt = archive.exportedAt
                #expect(again == archive)
                let firstText = String(decoding: firstBytes, as: UTF8.self)
                    .replacingOccurrences(of: ISO8601.string(from: firstAt), with: "EXPORTED-AT")
                let secondText = String(decoding: secondBytes, as: UTF8.self)
                    .replacingOccurrences(of: ISO8601.string(from: secondAt), with: "EXPORTED-AT")
                #expect(firstText == secondText)
            }
        }
    }

    // MARK: Import

    @Test("An import that clashes midway writes nothing at all", arguments: Backend.allCases)
    func importAtomic(backend: Backend) async throws {
        // Build a complete archive in a scratch store.
        let scratch = InMemoryStore()
        let seeded = try await Fixture.seed(scratch)
        let (bytes, _) = try await Self.exportJSON(scratch, userID: seeded.user.id, at: Fixture.at(9000))
        var archive = try DataExporter.decodeArchive(bytes)

        try await backend.withStore { store in
            let other = Fixture.user(name: "Other")
            try await store.repository.createUser(other)
            // Export history is written last, so the clash comes after every other table was written.
            let taken = DataExport(userID: other.id, date: Fixture.at(1), size: 7, format: .csv)
            try await store.repository.recordExport(taken)
            archive.dataExports[archive.dataExports.count - 1].id = taken.id

            let error = await #expect(throws: RepositoryError.self) { try await store.repository.importArchive(archive) }
            if case .some(.conflict) = error {} else { Issue.record("expected a conflict, got \(String(describing: error))") }
            try await Self.expectNothingStored(for: seeded.user.id, in: store)
            #expect(try await store.repository.exports(userID: other.id) == [taken])
            #expect(try await store.repository.users() == [other])
        }
    }

    @Test("Importing a user that already exists is a conflict and changes nothing", arguments: Backend.allCases)
    func importExistingUser(backend: Backend) async throws {
        try await backend.withStore { store in
            let user = Fixture.user()
            try await store.repository.createUser(user)
            var archive = ExportArchive(
                exportedAt: Fixture.at(0), user: Fixture.user(id: user.id, name: "From the archive"), onboardingProfile: nil,
                workouts: [Fixture.workout(userID: user.id, at: 1)])
            archive.dailyLogs = [Fixture.log(userID: user.id, day: "2024-01-01")]
            await #expect(throws: RepositoryError.conflict("User \(user.id) (from the archive)")) {
                try await store.repository.importArchive(archive)
            }
            #expect(try await store.repository.user(id: user.id) == user)
            #expect(try await store.repository.workouts(userID: user.id, query: RecordQuery()).isEmpty)
            #expect(try await store.repository.dailyLog(userID: user.id, day: "2024-01-01") == nil)
        }
    }

    @Test("Archives that break the rules are rejected by name and write nothing", arguments: Backend.allCases)
    func importInvalidArchives(backend: Backend) async throws {
        let user = Fixture.user()
        let base = ExportArchive(
            exportedAt: Fixture.at(0), user: user, onboardingProfile: nil,
            workouts: [Fixture.workout(userID: user.id, at: 1), Fixture.workout(userID: user.id, at: 2)],
            dailyLogs: [Fixture.log(userID: user.id, day: "2024-01-01"), Fixture.log(userID: user.id, day: "2024-01-02")])
        var cases: [(ExportArchive, String)] = []
        var foreign = base
        foreign.workouts[1].userID = UUID()
        cases.append((foreign, "workouts[1] belongs to another user than the archive's user."))
        var foreignProfile = base
        foreignProfile.onboardingProfile = try ExportedOnboardingProfile(try Fixture.profile(userID: UUID()))
        cases.append((foreignProfile, "onboardingProfile belongs to another user than the archive's user."))
        var repeatedID = base
        repeatedID.workouts[1].id = repeatedID.workouts[0].id
        cases.append((repeatedID, "workouts[1] repeats the id \(base.workouts[0].id)."))
        var repeatedDay = base
        repeatedDay.dailyLogs[1].day = "2024-01-01"
        cases.append((repeatedDay, "dailyLogs[1] repeats the day 2024-01-01."))
        var badLog = base
        badLog.dailyLogs[0].energy = 9
        cases.append((badLog, "dailyLogs[0]: Energy must be between 1 and 5 (got 9)."))
        var badDay = base
        badDay.dailyLogs[1].day = "2024-02-30"
        cases.append((badDay, "dailyLogs[1]: The day must be written as YYYY-MM-DD (got \"2024-02-30\")."))
        var otherFormat = base
        otherFormat.format = "someone-else"
        cases.append((otherFormat, "This file is not an AirFit export (its \"format\" is \"someone-else\")."))
        var newer = base
        newer.version = 2
        cases.append((newer, "This export has version 2; this AirFit reads version 1."))

        try await backend.withStore { store in
            for (archive, message) in cases {
                await #expect(throws: RepositoryError.invalid(message)) { try await store.repository.importArchive(archive) }
                try await Self.expectNothingStored(for: user.id, in: store)
            }
            try await store.repository.importArchive(base)
            #expect(try await store.repository.workouts(userID: user.id, query: RecordQuery()).count == 2)
        }
    }

    @Test("Malformed or foreign import files are rejected with a message naming the problem", arguments: Backend.allCases)
    func importMalformedFiles(backend: Backend) async throws {
        let scratch = InMemoryStore()
        let seeded = try await Fixture.seed(scratch)
        let (bytes, _) = try await Self.exportJSON(scratch, userID: seeded.user.id, at: Fixture.at(9000))
        func edited(_ edit: (inout [String: JSONValue]) -> Void) throws -> Data {
            guard case .object(var members) = try JSONValue(data: bytes) else { throw RepositoryError.invalid("not an object") }
            edit(&members)
            return try JSONValue.object(members).encoded()
        }
        func editWorkout(_ key: String, _ value: JSONValue) throws -> Data {
            try edited { members in
                guard case .array(var workouts) = members["workouts"], case .object(var first) = workouts[0] else { return }
                first[key] = value
                workouts[0] = .object(first)
                members["workouts"] = .array(workouts)
            }
        }
        let files: [(String, Data, String)] = [
            (
                "not JSON", Data("name,email\r\nAnn,ann@example.com\r\n".utf8),
                "This file is not valid JSON, so it cannot be an AirFit export."
            ),
            ("truncated", bytes.prefix(bytes.count / 2), "This file is not valid JSON, so it cannot be an AirFit export."),
            (
                "no marker", Data(#"{"user":{},"version":1}"#.utf8),
                "This file is not an AirFit export: it has no \"format\": \"airfit-export\" marker."
            ),
            (
                "foreign format", try edited { $0["format"] = .string("fitbit-export") },
                "This file is not an AirFit export: it has no \"format\": \"airfit-export\" marker."
            ),
            ("wrong version", try edited { $0["version"] = .number(7) }, "This export has version 7; this AirFit reads version 1."),
            (
                "wrong type", try editWorkout("durationMinutes", .string("45")),
                "The export is damaged: workouts[0].durationMinutes should be a number."
            ),
            (
                "bad date", try editWorkout("startedAt", .string("last Tuesday")),
                "The export is damaged: workouts[0].startedAt: Expected an ISO-8601 date, got \"last Tuesday\""
            ),
            (
                "another user's record", try editWorkout("userID", .string(UUID().uuidString)),
                "workouts[0] belongs to another user than the archive's user."
            ),
        ]
        try await backend.withStore { store in
            for (label, data, message) in files {
                await #expect(throws: RepositoryError.invalid(message), "\(label)") {
                    try await store.repository.importArchive(try DataExporter.decodeArchive(data))
                }
                try await Self.expectNothingStored(for: seeded.user.id, in: store)
            }
            #expect(try await store.repository.users().isEmpty)
            try await store.repository.importArchive(try DataExporter.decodeArchive(bytes))
            #expect(try await store.repository.user(id: seeded.user.id) != nil)
        }
    }

    // MARK: CSV

    @Test("The CSV export is a zip with one table per file and a row per record", arguments: Backend.allCases)
    func csvExport(backend: Backend) async throws {
        try await backend.withStore { store in
            let seeded = try await Fixture.seed(store.repository)
            let sink = MemorySink()
            let record = try await DataExporter(repository: store.repository, pageSize: 2)
                .export(userID: seeded.user.id, format: .csv, to: sink, now: Fixture.at(9000))
            #expect(record.size == Int64(sink.bytes.count))
            #expect(record.format == .csv)
            #expect(try await store.repository.exports(userID: seeded.user.id).first == record)

            let entries = try PythonZip.read(bytes: sink.bytes)
            #expect(
                entries.map(\.name) == [
                    "users.csv", "onboarding_profiles.csv", "workouts.csv", "workout_sets.csv", "food_entries.csv", "food_items.csv",
                    "daily_logs.csv", "coach_messages.csv", "data_exports.csv",
                ])
            var tables: [String: [[String]]] = [:]
            for entry in entries { tables[entry.name] = entry.rows ?? [] }
            let dataRows = tables.mapValues { $0.count - 1 }
            #expect(
                dataRows == [
                    "users.csv": 1, "onboarding_profiles.csv": 1, "workouts.csv": 3, "workout_sets.csv": 9, "food_entries.csv": 4,
                    "food_items.csv": 8, "daily_logs.csv": 3, "coach_messages.csv": 5, "data_exports.csv": 2,
                ])
            // Every row has as many cells as its header.
            for (name, rows) in tables {
                let width = rows.first?.count ?? 0
                #expect(rows.allSatisfy { $0.count == width }, "\(name)")
            }
            let workouts = try #require(tables["workouts.csv"])
            #expect(workouts[0].first == "id")
            #expect(workouts[1...].map { $0[0] } == seeded.workouts.map(\.id.uuidString))
            #expect(workouts[1][7] == "'=felt strong")
            #expect(tables["daily_logs.csv"]?[1][8] == "'-ok")
            #expect(tables["food_entries.csv"]?[1][8] == "with\nnewline")
            #expect(tables["workout_sets.csv"]?[3][1] == "Row, \"erg\"")
            #expect(tables["users.csv"]?[1][0] == seeded.user.id.uuidString)
            #expect(tables["users.csv"]?[1][27] == "Berlin, \"Mitte\"")
        }
    }
}
