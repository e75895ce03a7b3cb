import AirFitAI
import AirFitCore
import AirFitStore
import Foundation
import Logging

@testable import AirFitCoach

/// A coach on a real SQLite store in a temporary directory, with a signed-up user whose provider is OpenAI.
struct CoachFixture {
    let store: FluentStore
    let vault: InMemorySecretVault
    let user: User
    let streamer: ScriptedStreamer
    let engine: CoachEngine
    let conversation = UUID()

    static let now = ISO8601.date(from: "2026-03-10T18:00:00Z")!

    /// Runs `body` with a fresh fixture and removes the database afterwards.
    static func with(
        _ scripts: [ScriptedStreamer.Script], provider: String? = "openai", key: String? = "sk-test-0123456789abcdefghijkl",
        partialReplies: PartialReplyPolicy = .standard, weather: (any CoachWeatherSource)? = nil, location: SavedLocation? = nil,
        _ body: (CoachFixture) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("airfit-coach-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var logger = Logger(label: "airfit.coach-tests")
        logger.logLevel = .warning
        let database = try await AirFitDatabase.open(
            StoreConfiguration(backend: .sqlite(path: directory.appendingPathComponent("airfit.sqlite").path)), logger: logger)
        let user = User(
            name: "Ada", preferredUnits: .metric, selectedAIProvider: provider, selectedAIModel: "gpt-test", timeZone: "UTC",
            location: location)
        let vault = InMemorySecretVault()
        let streamer = ScriptedStreamer(scripts)
        do {
            try await database.store.createUser(user)
            if let provider, let key { try await vault.saveSecret(key, provider: provider, userID: user.id) }
            let engine = CoachEngine(
                repository: database.store, vault: vault, streamer: streamer, weather: weather, now: { now },
                partialReplies: partialReplies)
            try await body(CoachFixture(store: database.store, vault: vault, user: user, streamer: streamer, engine: engine))
        } catch {
            await database.shutdown()
            throw error
        }
        await database.shutdown()
    }

    /// Sends `text` and collects every event.
    func send(_ text: String) async throws -> [CoachEvent] {
        var events: [CoachEvent] = []
        for try await event in engine.reply(to: text, conversationID: conversation, user: user) { events.append(event) }
        return events
    }

    /// The conversation as stored.
    func stored() async throws -> [CoachMessage] {
        try await store.messages(conversationID: conversation, userID: user.id, last: nil)
    }
}

extension [CoachEvent] {
    /// All streamed text.
    var text: String {
        compactMap { if case .textDelta(let piece) = $0 { piece } else { nil } }.joined()
    }
}
