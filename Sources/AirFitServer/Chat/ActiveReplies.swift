import AirFitCoach
import AirFitCore
import Foundation

/// The replies the coach is writing right now, one per person, so the stop button can cancel one and a stopping
/// server can end them all at once, each stored with the true reason.
actor ActiveReplies {
    private struct Entry {
        let token: UUID
        let signal: ReplySignal
        var task: Task<Void, Never>?
    }

    private var entries: [UUID: Entry] = [:]
    private var isStopping = false

    /// Reserves the reply slot of `userID`: a token and the signal to give the engine, or `nil` when a reply is
    /// already running (or the server is stopping).
    func reserve(_ userID: UUID) -> (token: UUID, signal: ReplySignal)? {
        guard entries[userID] == nil, !isStopping else { return nil }
        let entry = Entry(token: UUID(), signal: ReplySignal(ifCancelled: .connectionLost))
        entries[userID] = entry
        return (entry.token, entry.signal)
    }

    /// Attaches the task writing the reply reserved with `token`.
    func attach(_ userID: UUID, token: UUID, task: Task<Void, Never>) {
        if entries[userID]?.token == token { entries[userID]?.task = task }
    }

    /// Forgets the reply `token` (it ended).
    func finish(_ userID: UUID, token: UUID) {
        if entries[userID]?.token == token { entries[userID] = nil }
    }

    /// Cancels the person's running reply ("You stopped the reply.") and waits until its partial text is stored;
    /// returns whether there was one.
    func stop(_ userID: UUID) async -> Bool {
        guard let entry = entries.removeValue(forKey: userID) else { return false }
        entry.signal.interrupt(.stoppedByYou)
        entry.task?.cancel()
        await entry.task?.value
        return true
    }

    /// Cancels every running reply because the server is stopping, refuses new ones, and waits until each partial
    /// reply is stored. Returns how many there were.
    @discardableResult
    func stopAll() async -> Int {
        isStopping = true
        let running = entries.values
        entries = [:]
        for entry in running {
            entry.signal.interrupt(.serverStopping)
            entry.task?.cancel()
        }
        for entry in running { await entry.task?.value }
        return running.count
    }
}
