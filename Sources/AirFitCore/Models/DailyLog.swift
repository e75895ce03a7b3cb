public import Foundation

/// How a person felt on a day, with body metrics.
public struct DailyLog: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    public var userID: UUID
    /// The day as "YYYY-MM-DD" in the user's time zone.
    public var day: String
    /// Energy 1–5.
    public var energy: Int?
    /// Sleep quality 1–5.
    public var sleepQuality: Int?
    /// Stress 1–5.
    public var stress: Int?
    /// Mood as a word or short phrase ("great", "tired").
    public var mood: String?
    public var weightKg: Double?
    public var steps: Int?
    public var notes: String?
    public var createdAt: Date
    public var updatedAt: Date

    /// Creates a daily log.
    public init(
        id: UUID = UUID(), userID: UUID, day: String, energy: Int? = nil, sleepQuality: Int? = nil,
        stress: Int? = nil, mood: String? = nil, weightKg: Double? = nil, steps: Int? = nil,
        notes: String? = nil, createdAt: Date = Date(), updatedAt: Date = Date()
    ) {
        self.id = id
        self.userID = userID
        self.day = day
        self.energy = energy
        self.sleepQuality = sleepQuality
        self.stress = stress
        self.mood = mood
        self.weightKg = weightKg
        self.steps = steps
        self.notes = notes
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// Problems with the values, as sentences a person can act on (empty when valid).
    public var validationProblems: [String] {
        var problems: [String] = []
        for (label, value) in [("Energy", energy), ("Sleep quality", sleepQuality), ("Stress", stress)] {
            if let value, !(1...5).contains(value) { problems.append("\(label) must be between 1 and 5 (got \(value)).") }
        }
        if let weightKg, !(weightKg > 0 && weightKg < 700) { problems.append("Weight must be a positive number of kilograms.") }
        if let steps, steps < 0 { problems.append("Steps can't be negative.") }
        if !Self.isValidDay(day) { problems.append("The day must be written as YYYY-MM-DD (got \"\(day)\").") }
        return problems
    }

    /// The values that are set, as short phrases in `units`: "energy 4/5", "good", "68 kg", "8000 steps".
    public func summaryParts(units: MeasurementSystem) -> [String] {
        var parts: [String] = []
        if let energy { parts.append("energy \(energy)/5") }
        if let sleepQuality { parts.append("sleep \(sleepQuality)/5") }
        if let stress { parts.append("stress \(stress)/5") }
        if let mood { parts.append(mood) }
        if let weightKg { parts.append(units.formatWeight(kilograms: weightKg, fractionDigits: 1)) }
        if let steps { parts.append("\(steps) steps") }
        return parts
    }

    /// The day ("YYYY-MM-DD") that `date` falls on in the time zone `identifier` (UTC when unknown).
    public static func day(of date: Date, timeZone identifier: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: identifier) ?? TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }

    /// Whether `text` is a calendar day written as YYYY-MM-DD.
    public static func isValidDay(_ text: String) -> Bool {
        ISO8601.date(from: text + "T00:00:00Z").map { ISO8601.string(from: $0).hasPrefix(text) } ?? false
    }
}
