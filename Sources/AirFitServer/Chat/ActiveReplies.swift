import Foundation

/// The replies the coach is writing right now, one per person, so the stop button can cancel one.
actor ActiveReplies {
    private var cancels: [UUID: (token: UUID, cancel: @Sendable () -> Void)] = [:]

    /// Registers a reply for `userID`; returns a token to finish it with, or `nil` when one is already running.
    func start(_ userID: UUID, cancel: @escaping @Sendable () -> Void) -> UUID? {
        guard cancels[userID] == nil else { return nil }
        let token = UUID()
        cancels[userID] = (token, cancel)
        return token
    }

    /// Forgets the reply `token` (it ended).
    func finish(_ userID: UUID, token: UUID) {
        if cancels[userID]?.token == token { cancels[userID] = nil }
    }

    /// Cancels the person's running reply; returns whether there was one.
    func stop(_ userID: UUID) -> Bool {
        guard let entry = cancels.removeValue(forKey: userID) else { return false }
        entry.cancel()
        return true
    }
}
