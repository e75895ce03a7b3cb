import Foundation

/// Reads a JSON export from its bytes as they arrive, one record at a time, and checks it.
///
/// It gives the messages decoding the whole document would give (``DataExporter/decodeArchive(_:)`` is built on it):
/// not JSON first, then the format marker and version, then the first field that does not decode (in the order of
/// ``ExportArchive``'s properties), then ``ArchiveCheck``'s rules. Because the export writes its keys sorted — record
/// arrays before the header — those come out of ``finish()``, after the last byte. Where a member repeats, the first
/// one counts, as with `JSONDecoder`.
struct ArchiveReader {
    /// The largest single record (or header member) read: far above any record the app accepts.
    static let maximumRecordBytes = 16 * 1024 * 1024
    /// The message for bytes that are not JSON.
    static let notJSON = "This file is not valid JSON, so it cannot be an AirFit export."
    /// The error for a file over ``ArchiveLimits/maximumBytes``.
    static let fileTooLarge = RepositoryError.invalid(
        "This file is larger than \(ArchiveLimits.maximumBytes / 1024 / 1024) MB, more than any AirFit export; it was not read.")
    /// The message for JSON that does not carry the marker.
    static let noMarker = "This file is not an AirFit export: it has no \"format\": \"airfit-export\" marker."

    typealias Section = ArchiveCheck.Section

    private let keepsRecords: Bool
    private let owner: UUID?
    private var scanner = JSONMemberScanner(maximumValueBytes: maximumRecordBytes)
    private var check = ArchiveCheck()
    private var seen = Set<String>()
    /// The array member whose elements are being read (nil: elements are only checked for syntax).
    private var active: String?
    private var documentIsObject = true
    // The marker, read as the format check always read it.
    private var format = Marker<String>.read(nil)
    private var markerVersion = Marker<Double>.read(nil)
    // The header members.
    private var version = Member<Int>.missing
    private var exportedAt = Member<Date>.missing
    private var user = Member<User>.missing
    private var profile = Member<ExportedOnboardingProfile?>.missing
    // The record arrays.
    private var present = Set<Section>()
    private var counts: [Section: Int] = [:]
    private var failures: [Section: DecodingError] = [:]
    // Kept records.
    private var ready: [ArchiveBatch] = []
    private var workouts: [Workout] = []
    private var foodEntries: [FoodEntry] = []
    private var dailyLogs: [DailyLog] = []
    private var coachMessages: [CoachMessage] = []
    private var dataExports: [DataExport] = []

    /// Creates a reader; with `keepsRecords`, decoded records are handed out by ``takeBatches()``.
    ///
    /// With an `owner` (a second reading, the header known), each record is checked before it is kept, and the first
    /// one that breaks a rule or belongs to someone else ends the reading with ``unexpectedRecord``.
    init(keepsRecords: Bool, owner: UUID? = nil) {
        self.keepsRecords = keepsRecords
        self.owner = owner
    }

    /// Thrown by a reader with an owner at the first record that breaks a rule.
    static let unexpectedRecord = RepositoryError.invalid("A record breaks the archive's rules.")

    /// Reads the next bytes.
    /// - Throws: `RepositoryError.invalid` when the bytes are not JSON or hold a value larger than ``maximumRecordBytes``.
    mutating func read(_ bytes: UnsafeRawBufferPointer) throws {
        // Moved out while it calls back into the reader (a copy would copy its buffer on every chunk).
        var scanner = JSONMemberScanner(maximumValueBytes: 0)
        swap(&scanner, &self.scanner)
        defer { swap(&scanner, &self.scanner) }
        do {
            try scanner.feed(bytes) { try handle($0) }
        } catch let failure as JSONMemberScanner.Failure {
            throw Self.error(failure)
        }
    }

    /// The batches completed so far (each at most ``ArchiveBatch/maximumCount`` records), in file order.
    mutating func takeBatches() -> [ArchiveBatch] {
        defer { ready.removeAll() }
        return ready
    }

    /// Ends the document and checks the whole archive; kept records not yet taken are in ``takeBatches()``.
    /// - Returns: the header.
    /// - Throws: `RepositoryError.invalid` naming the first problem.
    mutating func finish() throws -> ArchiveHeader {
        var scanner = JSONMemberScanner(maximumValueBytes: 0)
        swap(&scanner, &self.scanner)
        defer { swap(&scanner, &self.scanner) }
        do {
            try scanner.finish { try handle($0) }
        } catch let failure as JSONMemberScanner.Failure {
            throw Self.error(failure)
        }
        guard documentIsObject else { throw RepositoryError.invalid(Self.noMarker) }
        let format = try format.value()
        let markerVersion = try markerVersion.value()
        guard format == ExportArchive.formatName else { throw RepositoryError.invalid(Self.noMarker) }
        if let markerVersion, markerVersion != Double(ExportArchive.currentVersion) {
            let shown = FiniteNumber.int(markerVersion).map(String.init) ?? "that is not a whole number"
            throw RepositoryError.invalid("This export has version \(shown); this AirFit reads version \(ExportArchive.currentVersion).")
        }
        let version = try Self.value(of: self.version, named: "version")
        let exportedAt = try Self.value(of: self.exportedAt, named: "exportedAt")
        let user = try Self.value(of: self.user, named: "user")
        var profile: ExportedOnboardingProfile?
        if case .failed(let error) = self.profile { throw Self.damaged(error) }
        if case .decoded(let decoded) = self.profile { profile = decoded }
        for section in Section.allCases {
            guard present.contains(section) else { throw Self.damaged(Self.missing(section.rawValue)) }
            if let failure = failures[section] { throw Self.damaged(failure) }
        }
        try check.verify(format: ExportArchive.formatName, version: version, user: user, onboardingProfile: profile)
        return ArchiveHeader(
            exportedAt: exportedAt, user: user, onboardingProfile: profile,
            counts: ArchiveCounts(
                workouts: counts[.workouts] ?? 0, foodEntries: counts[.foodEntries] ?? 0, dailyLogs: counts[.dailyLogs] ?? 0,
                coachMessages: counts[.coachMessages] ?? 0, dataExports: counts[.dataExports] ?? 0))
    }

    // MARK: Events

    private mutating func handle(_ event: JSONMemberScanner.Event) throws {
        switch event {
        case .value(nil, let bytes):
            documentIsObject = false
            try Self.checkSyntax(bytes)
        case .arrayStart(nil):
            documentIsObject = false
        case .element(nil, _, let bytes):
            try Self.checkSyntax(bytes)
        case .arrayEnd(nil, _):
            break
        case .value(let name?, let bytes):
            guard seen.insert(name).inserted else { return try Self.checkSyntax(bytes) }
            try readValue(of: name, bytes)
        case .arrayStart(let name?):
            active = nil
            guard seen.insert(name).inserted else { return }
            try startArray(of: name)
        case .element(let name?, let index, let bytes):
            guard active == name, let section = Section(rawValue: name) else { return try Self.checkSyntax(bytes) }
            try readElement(of: section, at: index, bytes)
        case .arrayEnd(let name?, let count):
            guard active == name, let section = Section(rawValue: name) else { return }
            active = nil
            counts[section] = count
            flush()
        }
    }

    /// A member whose value is not an array.
    private mutating func readValue(of name: String, _ bytes: [UInt8]) throws {
        switch name {
        case "format":
            try Self.checkSyntax(bytes)
            format = Self.readMarker(String.self, bytes)
        case "version":
            try Self.checkSyntax(bytes)
            markerVersion = Self.readMarker(Double.self, bytes)
            version = try Self.decode(Int.self, bytes, at: name)
        case "exportedAt": exportedAt = try Self.decode(Date.self, bytes, at: name)
        case "user": user = try Self.decode(User.self, bytes, at: name)
        case "onboardingProfile": profile = try Self.decode(ExportedOnboardingProfile?.self, bytes, at: name)
        default:
            guard let section = Section(rawValue: name) else { return try Self.checkSyntax(bytes) }
            // Not an array: decoding it as one gives the error decoding the whole document gives.
            present.insert(section)
            let path = [ArchivePathKey(name)]
            switch section {
            case .workouts: _ = try decode([Workout].self, bytes, at: path, section)
            case .foodEntries: _ = try decode([FoodEntry].self, bytes, at: path, section)
            case .dailyLogs: _ = try decode([DailyLog].self, bytes, at: path, section)
            case .coachMessages: _ = try decode([CoachMessage].self, bytes, at: path, section)
            case .dataExports: _ = try decode([DataExport].self, bytes, at: path, section)
            }
        }
    }

    /// A member whose value is an array.
    private mutating func startArray(of name: String) throws {
        let empty: [UInt8] = Array("[]".utf8)
        switch name {
        case "format": format = .otherType
        case "version": markerVersion = .otherType
        // An array where one value belongs: the error does not depend on what the array holds.
        case "exportedAt": exportedAt = try Self.decode(Date.self, empty, at: name)
        case "user": user = try Self.decode(User.self, empty, at: name)
        case "onboardingProfile": profile = try Self.decode(ExportedOnboardingProfile?.self, empty, at: name)
        default:
            guard let section = Section(rawValue: name) else { return }
            present.insert(section)
            active = name
        }
    }

    private mutating func readElement(of section: Section, at index: Int, _ bytes: [UInt8]) throws {
        // After the first record that does not decode, the rest are only checked for syntax, as the whole document is.
        guard failures[section] == nil else { return try Self.checkSyntax(bytes) }
        let path = [ArchivePathKey(section.rawValue), ArchivePathKey(index: index)]
        switch section {
        case .workouts:
            guard let record = try decode(Workout.self, bytes, at: path, section) else { return }
            check.add(record, at: index)
            try keep(record, in: \.workouts)
        case .foodEntries:
            guard let record = try decode(FoodEntry.self, bytes, at: path, section) else { return }
            check.add(record, at: index)
            try keep(record, in: \.foodEntries)
        case .dailyLogs:
            guard let record = try decode(DailyLog.self, bytes, at: path, section) else { return }
            check.add(record, at: index)
            try keep(record, in: \.dailyLogs)
        case .coachMessages:
            guard let record = try decode(CoachMessage.self, bytes, at: path, section) else { return }
            check.add(record, at: index)
            try keep(record, in: \.coachMessages)
        case .dataExports:
            guard let record = try decode(DataExport.self, bytes, at: path, section) else { return }
            check.add(record, at: index)
            try keep(record, in: \.dataExports)
        }
    }

    // MARK: Batches

    private mutating func keep<T>(_ record: T, in buffer: WritableKeyPath<ArchiveReader, [T]>) throws {
        guard keepsRecords else { return }
        if let owner, !check.isSound(owner: owner) { throw Self.unexpectedRecord }
        self[keyPath: buffer].append(record)
        if self[keyPath: buffer].count == ArchiveBatch.maximumCount { flush() }
    }

    /// Moves every partly filled batch to the ready ones (only one array is read at a time).
    private mutating func flush() {
        if !workouts.isEmpty { ready.append(.workouts(workouts)) }
        if !foodEntries.isEmpty { ready.append(.foodEntries(foodEntries)) }
        if !dailyLogs.isEmpty { ready.append(.dailyLogs(dailyLogs)) }
        if !coachMessages.isEmpty { ready.append(.coachMessages(coachMessages)) }
        if !dataExports.isEmpty { ready.append(.dataExports(dataExports)) }
        workouts.removeAll(keepingCapacity: true)
        foodEntries.removeAll(keepingCapacity: true)
        dailyLogs.removeAll(keepingCapacity: true)
        coachMessages.removeAll(keepingCapacity: true)
        dataExports.removeAll(keepingCapacity: true)
    }

    /// Decodes one record; the first that fails is its array's failure.
    private mutating func decode<T: Decodable>(
        _ type: T.Type, _ bytes: [UInt8], at path: [ArchivePathKey], _ section: Section
    ) throws -> T? {
        switch try Self.decode(type, bytes, at: path) {
        case .decoded(let record): return record
        case .failed(let error):
            failures[section] = error
            return nil
        case .missing: return nil
        }
    }
}
