import AirFitCore
import Foundation
import Testing

@Suite("DataExporter")
struct DataExporterTests {
    private static func archiveJSON(_ edit: (inout [String: JSONValue]) -> Void = { _ in }) throws -> Data {
        let user = User(name: "Ann", createdAt: Date(timeIntervalSince1970: 0), lastActiveAt: Date(timeIntervalSince1970: 0))
        let archive = ExportArchive(
            exportedAt: Date(timeIntervalSince1970: 0), user: user, onboardingProfile: nil,
            workouts: [Workout(userID: user.id, type: "run", startedAt: Date(timeIntervalSince1970: 60), durationMinutes: 30)])
        guard case .object(var members) = try JSONValue(data: JSONCoding.encoder.encode(archive)) else {
            throw RepositoryError.invalid("not an object")
        }
        edit(&members)
        return try JSONValue.object(members).encoded()
    }

    private static func message(decoding data: Data) -> String? {
        do {
            _ = try DataExporter.decodeArchive(data)
            return nil
        } catch {
            return (error as? any LocalizedError)?.errorDescription ?? "\(error)"
        }
    }

    @Test("A well-formed archive decodes")
    func decodesValid() throws {
        let archive = try DataExporter.decodeArchive(try Self.archiveJSON())
        #expect(archive.format == "airfit-export")
        #expect(archive.workouts.count == 1)
    }

    @Test("Files that are not JSON are rejected as such", arguments: ["", "PK\u{3}\u{4}", "{\"format\":", "name,email\n"])
    func notJSON(text: String) {
        #expect(Self.message(decoding: Data(text.utf8)) == "This file is not valid JSON, so it cannot be an AirFit export.")
    }

    @Test("JSON without the format marker is rejected")
    func missingMarker() throws {
        let expected = "This file is not an AirFit export: it has no \"format\": \"airfit-export\" marker."
        #expect(Self.message(decoding: Data(#"{"version":1}"#.utf8)) == expected)
        #expect(Self.message(decoding: Data("[1,2]".utf8)) == expected)
        #expect(Self.message(decoding: try Self.archiveJSON { $0["format"] = .string("other-app") }) == expected)
    }

    @Test("Another version is rejected with both version numbers")
    func wrongVersion() throws {
        #expect(
            Self.message(decoding: try Self.archiveJSON { $0["version"] = .number(2) })
                == "This export has version 2; this AirFit reads version 1.")
    }

    @Test(
        "A value of the wrong type is reported with its path",
        arguments: [
            ("durationMinutes", JSONValue.string("thirty"), "workouts[0].durationMinutes should be a number."),
            ("type", JSONValue.number(3), "workouts[0].type should be text."),
            ("exercises", JSONValue.string("none"), "workouts[0].exercises should be a list."),
        ])
    func wrongType(field: String, value: JSONValue, problem: String) throws {
        let data = try Self.archiveJSON { members in
            guard case .array(var workouts) = members["workouts"], case .object(var workout) = workouts[0] else { return }
            workout[field] = value
            workouts[0] = .object(workout)
            members["workouts"] = .array(workouts)
        }
        #expect(Self.message(decoding: data) == "The export is damaged: \(problem)")
    }

    @Test("A missing field is reported with its path")
    func missingField() throws {
        let data = try Self.archiveJSON { $0["user"] = .object([:]) }
        let message = try #require(Self.message(decoding: data))
        #expect(message.hasPrefix("The export is damaged: user."), "\(message)")
        #expect(message.hasSuffix(" is missing."), "\(message)")
    }

    @Test("A record of another user is rejected, naming the record")
    func foreignRecord() throws {
        let data = try Self.archiveJSON { members in
            guard case .array(var workouts) = members["workouts"], case .object(var workout) = workouts[0] else { return }
            workout["userID"] = .string(UUID().uuidString)
            workouts[0] = .object(workout)
            members["workouts"] = .array(workouts)
        }
        #expect(Self.message(decoding: data) == "workouts[0] belongs to another user than the archive's user.")
    }

    @Test(
        "An import keeps the limits the forms and tools keep, naming the field",
        arguments: [
            ("appLockTimeoutMinutes", JSONValue.number(0), "user.appLockTimeoutMinutes must be 1 to 60."),
            ("timeZone", .string("Mars/Olympus"), "user.timeZone is not a known time zone."),
            ("aiBaseURL", .string("javascript:alert(1)"), "user.aiBaseURL must be an http(s) URL"),
            ("aiTemperature", .number(1e306), "user.aiTemperature must be 0 to 2."),
            ("name", .string("Ann\u{0}"), "user.name contains control characters."),
            ("goalWeightKg", .number(1e300), "user.goalWeightKg must be 20 to 400."),
            ("dailyCalorieTarget", .number(-1), "user.dailyCalorieTarget must be 800 to 8000."),
            ("dailyProteinTargetGrams", .number(9000), "user.dailyProteinTargetGrams must be 20 to 400."),
        ])
    func userLimits(field: String, value: JSONValue, problem: String) throws {
        let data = try Self.archiveJSON { members in
            guard case .object(var user) = members["user"] else { return }
            user[field] = value
            members["user"] = .object(user)
        }
        #expect(Self.message(decoding: data)?.hasPrefix(problem) == true, "\(Self.message(decoding: data) ?? "accepted")")
    }

    @Test("A workout with a negative or endless duration is refused", arguments: [JSONValue.number(-5), .number(1e300), .number(5000)])
    func workoutLimits(duration: JSONValue) throws {
        let data = try Self.archiveJSON { members in
            guard case .array(var workouts) = members["workouts"], case .object(var workout) = workouts[0] else { return }
            workout["durationMinutes"] = duration
            workouts[0] = .object(workout)
            members["workouts"] = .array(workouts)
        }
        #expect(Self.message(decoding: data) == "workouts[0].durationMinutes must be 0 to 1440.")
    }
}
