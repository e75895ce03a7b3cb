import Foundation
import Testing

@testable import AirFitCore

@Suite("Streamed archive reading")
struct ArchiveReaderTests {
    /// Reads `data` in the chunks that end at `cuts`, as a file read would hand them over.
    static func streamed(_ data: Data, cuts: [Int]) throws -> ExportArchive {
        var reader = ArchiveReader(keepsRecords: true)
        var batches: [ArchiveBatch] = []
        let bytes = [UInt8](data)
        var start = 0
        for end in cuts + [bytes.count] where end >= start {
            try bytes[start..<end].withUnsafeBytes { try reader.read($0) }
            batches += reader.takeBatches()
            start = end
        }
        let header = try reader.finish()
        batches += reader.takeBatches()
        #expect(batches.allSatisfy { $0.count <= ArchiveBatch.maximumCount && $0.count > 0 })
        var archive = ExportArchive(exportedAt: header.exportedAt, user: header.user, onboardingProfile: header.onboardingProfile)
        for batch in batches {
            switch batch {
            case .workouts(let records): archive.workouts += records
            case .foodEntries(let records): archive.foodEntries += records
            case .dailyLogs(let records): archive.dailyLogs += records
            case .coachMessages(let records): archive.coachMessages += records
            case .dataExports(let records): archive.dataExports += records
            }
        }
        #expect(
            header.counts
                == ArchiveCounts(
                    workouts: archive.workouts.count, foodEntries: archive.foodEntries.count, dailyLogs: archive.dailyLogs.count,
                    coachMessages: archive.coachMessages.count, dataExports: archive.dataExports.count))
        return archive
    }

    /// What happened: the archive, or the message a person sees.
    enum Outcome: Equatable {
        case archive(ExportArchive)
        case refused(String)
    }

    static func outcome(_ read: () throws -> ExportArchive) -> Outcome {
        do {
            return .archive(try read())
        } catch {
            return .refused((error as? any LocalizedError)?.errorDescription ?? "\(error)")
        }
    }

    static func message(_ data: Data) -> String? {
        if case .refused(let message) = outcome({ try DataExporter.decodeArchive(data) }) { return message }
        return nil
    }

    // MARK: Chunking

    @Test("An archive cut into two chunks at every byte gives the same records as decoding it whole")
    func everyCut() throws {
        let data = try ArchiveSamples.json(try ArchiveSamples.archive(count: 2))
        let whole = try JSONCoding.decoder.decode(ExportArchive.self, from: data)
        for cut in 0...data.count {
            #expect(try Self.streamed(data, cuts: [cut]) == whole, "cut at \(cut)")
        }
    }

    @Test("An archive fed one byte at a time gives the same records as decoding it whole")
    func byteByByte() throws {
        let data = try ArchiveSamples.json(try ArchiveSamples.archive(count: 3))
        let whole = try JSONCoding.decoder.decode(ExportArchive.self, from: data)
        #expect(try Self.streamed(data, cuts: Array(0..<data.count)) == whole)
    }

    @Test("Hundreds of records come in batches of at most 200, all of them, in order")
    func batches() throws {
        let archive = try ArchiveSamples.archive(count: 450)
        let data = try ArchiveSamples.json(archive)
        #expect(try Self.streamed(data, cuts: Array(stride(from: 0, to: data.count, by: 4096))) == archive)
        #expect(try DataExporter.decodeArchive(data) == archive)
    }

    // MARK: Broken files

    @Test("A file cut short anywhere is refused as not JSON")
    func truncated() throws {
        let data = try ArchiveSamples.json(try ArchiveSamples.archive(count: 1))
        let notJSON = "This file is not valid JSON, so it cannot be an AirFit export."
        for length in 0..<data.count {
            #expect(Self.message(data.prefix(length)) == notJSON, "cut to \(length) bytes")
        }
    }

    @Test(
        "Broken structure is refused as not JSON",
        arguments: [
            "", "  ", "{", "}", "{]", "[", "{\"format\"}", "{\"format\" \"x\"}", "{\"a\":1 \"b\":2}", "{\"a\":1,,}", "{,}",
            "{\"workouts\":[,]}", "{\"workouts\":[1,,2]}", "{\"workouts\":[1 2]}", "{\"workouts\":[1}", "{\"a\":}", "{\"a\":1}x",
            "{\"a\":1}{}", "{a:1}", "{\"a\":nul}", "{\"workouts\":[{\"a\":1,,}]}", "\u{FEFF}\u{FEFF}{}",
        ])
    func malformed(text: String) {
        #expect(Self.message(Data(text.utf8)) == "This file is not valid JSON, so it cannot be an AirFit export.")
    }

    @Test("A record larger than 16 MB is refused by name before it is decoded")
    func oversizeRecord() throws {
        var archive = try ArchiveSamples.archive(count: 2)
        archive.coachMessages[1].content = String(repeating: "a", count: ArchiveReader.maximumRecordBytes)
        let data = try ArchiveSamples.json(archive)
        #expect(
            Self.message(data)
                == "This file holds a value larger than 16 MB (coachMessages[1]), more than any AirFit record; it was not imported.")
    }

    @Test("A member this AirFit does not read is not named when it is too large")
    func oversizeUnknownMember() throws {
        let name = "secret-\(UUID().uuidString)"
        let text = "{\"\(name)\":\"" + String(repeating: "b", count: ArchiveReader.maximumRecordBytes) + "\"}"
        let message = try #require(Self.message(Data(text.utf8)))
        #expect(message == "This file holds a value larger than 16 MB, more than any AirFit record; it was not imported.")
        #expect(!message.contains(name))
    }

    @Test("The scanner hands over each element of an array member and each other member whole")
    func scannerEvents() throws {
        var scanner = JSONMemberScanner(maximumValueBytes: 64)
        var events: [String] = []
        let text = #"{"a" : [ 1 , "x\"]" , {"b":[2]} , ] , "c":{"d":"}"} ,"e":true,}"#
        try Array(text.utf8).withUnsafeBytes { bytes in
            try scanner.feed(bytes) { event in
                switch event {
                case .value(let member, let bytes): events.append("\(member ?? "-")=\(String(decoding: bytes, as: UTF8.self))")
                case .arrayStart(let member): events.append("\(member ?? "-")[")
                case .element(let member, let index, let bytes):
                    events.append("\(member ?? "-")[\(index)]=\(String(decoding: bytes, as: UTF8.self))")
                case .arrayEnd(let member, let count): events.append("\(member ?? "-")]\(count)")
                }
            }
        }
        try scanner.finish { _ in }
        #expect(events == ["a[", "a[0]=1", #"a[1]="x\"]""#, #"a[2]={"b":[2]}"#, "a]3", #"c={"d":"}"}"#, "e=true"])
    }

    @Test("The scanner refuses a value over its bound, naming the member and element")
    func scannerBound() throws {
        var scanner = JSONMemberScanner(maximumValueBytes: 8)
        let text = #"{"a":[1,"123456789"]}"#
        #expect(throws: JSONMemberScanner.Failure.tooLarge(member: "a", index: 1)) {
            try Array(text.utf8).withUnsafeBytes { bytes in try scanner.feed(bytes) { _ in } }
        }
    }

    // MARK: Same messages as the whole-document decode

    /// Archives damaged in ways the whole-document decode told apart.
    static func damaged() throws -> [(String, Data)] {
        let archive = try ArchiveSamples.archive(count: 3)
        let data = try ArchiveSamples.json(archive)
        guard case .object(let members) = try JSONValue(data: data) else { throw RepositoryError.invalid("not an object") }
        func edited(_ edit: (inout [String: JSONValue]) -> Void) throws -> Data {
            var copy = members
            edit(&copy)
            return try JSONValue.object(copy).encoded()
        }
        func record(_ section: String, _ index: Int, _ key: String, _ value: JSONValue?) throws -> Data {
            try edited { members in
                guard case .array(var records) = members[section], case .object(var record) = records[index] else { return }
                record[key] = value
                records[index] = .object(record)
                members[section] = .array(records)
            }
        }
        let text = String(decoding: data, as: UTF8.self)
        func replaced(_ old: String, _ new: String) -> Data { Data(text.replacingOccurrences(of: old, with: new).utf8) }
        var cases: [(String, Data)] = [
            ("valid", data),
            ("format and version first, repeated later", Data(("{\"version\":1,\"format\":\"airfit-export\"," + text.dropFirst()).utf8)),
            ("byte-order mark", Data([0xEF, 0xBB, 0xBF]) + data),
            ("trailing comma in an array", replaced("}],\"dailyLogs\"", "},],\"dailyLogs\"")),
            ("trailing comma in the document", Data((text.dropLast() + ",}").utf8)),
            ("escaped member name", replaced("\"workouts\":", "\"work\\u006fouts\":")),
            ("repeated member: the first counts", Data(("{\"workouts\":[]," + text.dropFirst()).utf8)),
            ("repeated broken member after the first", Data((text.dropLast() + ",\"workouts\":[{\"id\":1}]}").utf8)),
            ("unknown members", Data((text.dropLast() + ",\"extra\":[1,{\"a\":[]}],\"more\":{\"b\":null}}").utf8)),
            ("top-level array", Data("[1,2]".utf8)),
            ("top-level string", Data("\"airfit-export\"".utf8)),
            ("format is a number", try edited { $0["format"] = .number(1) }),
            ("format is a list", try edited { $0["format"] = .array([.string("airfit-export")]) }),
            ("format is null", try edited { $0["format"] = .null }),
            ("version is text", try edited { $0["version"] = .string("1") }),
            ("version is 1.5", try edited { $0["version"] = .number(1.5) }),
            ("version is 1.0", replaced("\"version\":1", "\"version\":1.0")),
            ("version is huge", replaced("\"version\":1", "\"version\":1e306")),
            ("version is too large for a number", replaced("\"version\":1", "\"version\":1e400")),
            ("version is malformed", replaced("\"version\":1", "\"version\":1.")),
            ("version is missing", try edited { $0["version"] = nil }),
            ("exportedAt is missing", try edited { $0["exportedAt"] = nil }),
            ("exportedAt is a list", try edited { $0["exportedAt"] = .array([]) }),
            ("exportedAt is no date", try edited { $0["exportedAt"] = .string("yesterday") }),
            ("user is missing", try edited { $0["user"] = nil }),
            ("user is a list", try edited { $0["user"] = .array([.number(1)]) }),
            (
                "user has no name",
                try edited {
                    guard case .object(var user) = $0["user"] else { return }
                    user["name"] = nil
                    $0["user"] = .object(user)
                }
            ),
            (
                "user breaks two limits",
                try edited {
                    guard case .object(var user) = $0["user"] else { return }
                    user["appLockTimeoutMinutes"] = .number(0)
                    user["timeZone"] = .string("Mars/Olympus")
                    $0["user"] = .object(user)
                }
            ),
            ("profile is null", try edited { $0["onboardingProfile"] = .null }),
            ("profile is missing", try edited { $0["onboardingProfile"] = nil }),
            ("profile is a list", try edited { $0["onboardingProfile"] = .array([]) }),
            (
                "profile of another user",
                try edited {
                    guard case .object(var profile) = $0["onboardingProfile"] else { return }
                    profile["userID"] = .string(UUID().uuidString)
                    $0["onboardingProfile"] = .object(profile)
                }
            ),
            ("malformed number in a record", replaced("\"durationMinutes\":30.5", "\"durationMinutes\":30.")),
            ("malformed number in a field nobody reads", replaced("\"durationMinutes\":30.5", "\"durationMinutes\":30.5,\"x\":1.")),
            ("bad escape in a record", replaced("\"type\":\"run\"", "\"type\":\"r\\qn\"")),
            ("broken structure in a record", replaced("\"type\":\"run\"", "\"type\":\"run\",,")),
        ]
        for section in ArchiveCheck.Section.allCases.map(\.rawValue) {
            cases += [
                ("\(section) is missing", try edited { $0[section] = nil }),
                ("\(section) is an object", try edited { $0[section] = .object([:]) }),
                ("\(section) is null", try edited { $0[section] = .null }),
                ("\(section) is empty", try edited { $0[section] = .array([]) }),
                ("last of \(section) is another user's", try record(section, 2, "userID", .string(UUID().uuidString))),
                ("first of \(section) is another user's", try record(section, 0, "userID", .string(UUID().uuidString))),
                ("last of \(section) has no id", try record(section, 2, "id", nil)),
                ("last of \(section) has a number for an id", try record(section, 2, "id", .number(7))),
                (
                    "\(section)[1] is text",
                    try edited {
                        guard case .array(var records) = $0[section] else { return }
                        records[1] = .string("x")
                        $0[section] = .array(records)
                    }
                ),
                (
                    "last of \(section) repeats the first's id",
                    try edited {
                        guard case .array(var records) = $0[section], case .object(let first) = records[0],
                            case .object(var last) = records[2]
                        else { return }
                        last["id"] = first["id"]
                        records[2] = .object(last)
                        $0[section] = .array(records)
                    }
                ),
            ]
        }
        cases += [
            (
                "two damaged sections: the first in property order counts",
                try edited {
                    $0["coachMessages"] = .string("x")
                    $0["workouts"] = .string("y")
                }
            ),
            (
                "limits broken in several sections",
                try edited {
                    for (section, key, value) in [
                        ("workouts", "durationMinutes", JSONValue.number(-1)), ("coachMessages", "content", .string("a\u{0}")),
                        ("dataExports", "size", .number(-5)),
                    ] {
                        guard case .array(var records) = $0[section], case .object(var last) = records[2] else { return }
                        last[key] = value
                        records[2] = .object(last)
                        $0[section] = .array(records)
                    }
                }
            ),
            (
                "two negative export sizes make one problem",
                try edited {
                    guard case .array(var records) = $0["dataExports"] else { return }
                    for index in [1, 2] {
                        guard case .object(var record) = records[index] else { return }
                        record["size"] = .number(-1)
                        records[index] = .object(record)
                    }
                    $0["dataExports"] = .array(records)
                }
            ),
            (
                "a log breaks a rule and another repeats a day",
                try edited {
                    guard case .array(var logs) = $0["dailyLogs"], case .object(var second) = logs[1], case .object(var third) = logs[2]
                    else { return }
                    third["energy"] = .number(9)
                    second["day"] = .string("2024-01-01")
                    logs[1] = .object(second)
                    logs[2] = .object(third)
                    $0["dailyLogs"] = .array(logs)
                }
            ),
            (
                "a foreign record and a broken limit: ownership first",
                try edited {
                    guard case .array(var records) = $0["coachMessages"], case .object(var first) = records[0],
                        case .array(var workouts) = $0["workouts"], case .object(var workout) = workouts[2]
                    else { return }
                    first["userID"] = .string(UUID().uuidString)
                    workout["durationMinutes"] = .number(-1)
                    records[0] = .object(first)
                    workouts[2] = .object(workout)
                    $0["coachMessages"] = .array(records)
                    $0["workouts"] = .array(workouts)
                }
            ),
        ]
        return cases
    }

    @Test("A damaged archive gets the message decoding it whole gave, and a sound one the same records")
    func sameAsWholeDocument() throws {
        for (label, data) in try Self.damaged() {
            let whole = Self.outcome { try WholeArchiveDecoder.decode(data) }
            let streamed = Self.outcome { try DataExporter.decodeArchive(data) }
            #expect(streamed == whole, "\(label)")
            let cut = Self.outcome { try Self.streamed(data, cuts: [data.count / 3, data.count / 2]) }
            #expect(cut == whole, "\(label), in chunks")
        }
    }

    @Test("Random damage to an archive gets the message decoding it whole gave")
    func randomDamage() throws {
        let data = [UInt8](try ArchiveSamples.json(try ArchiveSamples.archive(count: 2)))
        var random = SplitMix64(seed: 0xA1F17)
        let alphabet = Array(#"{}[],:"\ 0123456789.eE+-tfnulrsa"#.utf8) + [0x00, 0x0A, 0xC3, 0xFF]
        for round in 0..<1500 {
            var bytes = data
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let position = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[position] = alphabet.randomElement(using: &random)!
                case 1: bytes.remove(at: position)
                default: bytes.insert(alphabet.randomElement(using: &random)!, at: position)
                }
            }
            let damaged = Data(bytes)
            let whole = Self.outcome { try WholeArchiveDecoder.decode(damaged) }
            let streamed = Self.outcome { try DataExporter.decodeArchive(damaged) }
            #expect(streamed == whole, "round \(round): \(String(decoding: damaged, as: UTF8.self))")
        }
    }
}
