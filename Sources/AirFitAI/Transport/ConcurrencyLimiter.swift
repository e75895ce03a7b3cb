/// Lets at most `limit` requests per provider run at once; the rest wait in order.
actor ConcurrencyLimiter {
    private let limit: Int
    private var running: [AIProviderID: Int] = [:]
    private var waiters: [AIProviderID: [CheckedContinuation<Void, Never>]] = [:]

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Waits for a free slot.
    func acquire(_ provider: AIProviderID) async {
        if running[provider, default: 0] < limit {
            running[provider, default: 0] += 1
            return
        }
        await withCheckedContinuation { waiters[provider, default: []].append($0) }
    }

    /// Frees a slot, handing it straight to the next waiter.
    func release(_ provider: AIProviderID) {
        if var queue = waiters[provider], !queue.isEmpty {
            queue.removeFirst().resume()
            waiters[provider] = queue
        } else {
            running[provider, default: 1] -= 1
        }
    }

    /// Requests running now for `provider`.
    func inFlight(_ provider: AIProviderID) -> Int { running[provider, default: 0] }
}
