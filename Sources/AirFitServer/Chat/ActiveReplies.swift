import Foundation

/// The replies the coach is writing right now, one per person, so the stop button can cancel one.
actor ActiveReplies {
    private var cancels: [UUID: (token: UUID, task: Task<Void, Never>?)] = [:]

    /// Reserves the reply slot of `userID`; returns a token, or `nil` when a reply is already running.
    func reserve(_ userID: UUID) -> UUID? {
        guard cancels[userID] == nil else { return nil }
        let token = UUID()
        cancels[userID] = (token, nil)
        return token
    }

    /// Attaches the task writing the reply reserved with `token`.
    func attach(_ userID: UUID, token: UUID, task: Task<Void, Never>) {
        if cancels[userID]?.token == token { cancels[userID]?.task = task }
    }

    /// Forgets the reply `token` (it ended).
    func finish(_ userID: UUID, token: UUID) {
        if cancels[userID]?.token == token { cancels[userID] = nil }
    }

    /// Cancels the person's running reply and waits until its partial text is stored; returns whether there was one.
    func stop(_ userID: UUID) async -> Bool {
        guard let entry = cancels.removeValue(forKey: userID) else { return false }
        entry.task?.cancel()
        await entry.task?.value
        return true
    }
}
