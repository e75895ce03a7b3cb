import Foundation

/// Writes the bulk export records as JSON by hand: the same document `JSONCoding.encoder` produces
/// (sorted keys, nil fields omitted, ISO-8601 dates), several times faster, which keeps a heavy
/// user's export within its time budget. Round-trip tests decode this output with `JSONCoding.decoder`.
struct ExportJSONWriter {
    private(set) var bytes: [UInt8] = []
    private var needsComma: [Bool] = []

    init() { bytes.reserveCapacity(64 * 1024) }

    mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        needsComma.removeAll(keepingCapacity: true)
    }

    // MARK: Structure

    mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
        needsComma.append(false)
    }

    mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma.removeLast()
    }

    mutating func beginArray(_ key: String) {
        self.key(key)
        bytes.append(UInt8(ascii: "["))
        needsComma.append(false)
    }

    mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma.removeLast()
    }

    /// Separates array elements.
    mutating func element() {
        if needsComma[needsComma.count - 1] { bytes.append(UInt8(ascii: ",")) }
        needsComma[needsComma.count - 1] = true
    }

    private mutating func key(_ name: String) {
        element()
        string(name)
        bytes.append(UInt8(ascii: ":"))
    }

    // MARK: Members (nil values are omitted, as JSONEncoder does)

    mutating func field(_ name: String, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    mutating func field(_ name: String, _ value: Double?) throws {
        guard let value else { return }
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "\(name) is not finite"))
        }
        key(name)
        if value == value.rounded(), abs(value) < 1e15 {
            bytes += Array(String(Int64(value)).utf8)
        } else {
            bytes += Array("\(value)".utf8)
        }
    }

    mutating func field(_ name: String, _ value: Int?) {
        guard let value else { return }
        key(name)
        bytes += Array(String(value).utf8)
    }

    mutating func field(_ name: String, _ value: Bool) {
        key(name)
        bytes += Array((value ? "true" : "false").utf8)
    }

    mutating func field(_ name: String, _ value: UUID) {
        key(name)
        string(value.uuidString)
    }

    mutating func field(_ name: String, _ value: Date) {
        key(name)
        string(ISO8601.string(from: value))
    }

    /// Begins a nested object member.
    mutating func object(_ name: String) {
        key(name)
        beginObject()
    }

    private mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes += [
                    UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
                ]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

extension ExportJSONWriter {
    mutating func write(_ m: CoachMessage) throws {
        beginObject()
        field("card", m.card)
        field("content", m.content)
        field("conversationID", m.conversationID)
        field("conversationTitle", m.conversationTitle)
        field("createdAt", m.createdAt)
        field("id", m.id)
        field("incompleteReason", m.incompleteReason)
        field("inputTokens", m.inputTokens)
        field("isComplete", m.isComplete)
        field("model", m.model)
        field("outputTokens", m.outputTokens)
        field("role", m.role.rawValue)
        field("toolCallID", m.toolCallID)
        beginArray("toolCalls")
        for call in m.toolCalls {
            element()
            beginObject()
            field("argumentsJSON", call.argumentsJSON)
            field("id", call.id)
            field("name", call.name)
            endObject()
        }
        endArray()
        field("userID", m.userID)
        endObject()
    }

    mutating func write(_ w: Workout) throws {
        beginObject()
        try field("caloriesBurned", w.caloriesBurned)
        field("createdAt", w.createdAt)
        try field("durationMinutes", w.durationMinutes)
        beginArray("exercises")
        for exercise in w.exercises {
            element()
            beginObject()
            field("name", exercise.name)
            beginArray("sets")
            for set in exercise.sets {
                element()
                beginObject()
                try field("distanceMeters", set.distanceMeters)
                try field("durationSeconds", set.durationSeconds)
                field("reps", set.reps)
                try field("weightKg", set.weightKg)
                endObject()
            }
            endArray()
            endObject()
        }
        endArray()
        field("id", w.id)
        field("notes", w.notes)
        field("startedAt", w.startedAt)
        field("type", w.type)
        field("userID", w.userID)
        endObject()
    }

    mutating func write(_ f: FoodEntry) throws {
        beginObject()
        field("createdAt", f.createdAt)
        field("id", f.id)
        beginArray("items")
        for item in f.items {
            element()
            beginObject()
            try field("calories", item.calories)
            try field("carbsGrams", item.carbsGrams)
            try field("fatGrams", item.fatGrams)
            field("name", item.name)
            try field("proteinGrams", item.proteinGrams)
            field("quantity", item.quantity)
            endObject()
        }
        endArray()
        field("loggedAt", f.loggedAt)
        field("mealType", f.mealType.rawValue)
        field("notes", f.notes)
        field("userID", f.userID)
        endObject()
    }

    mutating func write(_ d: DailyLog) throws {
        beginObject()
        field("createdAt", d.createdAt)
        field("day", d.day)
        field("energy", d.energy)
        field("id", d.id)
        field("mood", d.mood)
        field("notes", d.notes)
        field("sleepQuality", d.sleepQuality)
        field("steps", d.steps)
        field("stress", d.stress)
        field("updatedAt", d.updatedAt)
        field("userID", d.userID)
        try field("weightKg", d.weightKg)
        endObject()
    }
}

extension ExportJSONWriter {
    /// Appends raw ASCII punctuation.
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes += $0 }
    }
}
