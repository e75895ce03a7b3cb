/// Who a request is counted against: a provider and the account on it — the key's hash when there is a key (each
/// person's own rate limits), else the address (one local model server, shared by everyone who uses it).
struct ProviderLane: Hashable, Sendable {
    var provider: AIProviderID
    /// A per-process hash (`Hasher`, randomly seeded): no key is kept, and it means nothing outside this process.
    var account: Int

    /// The lane of `endpoint`'s requests.
    init(_ endpoint: ProviderEndpoint) {
        provider = endpoint.info.id
        var hasher = Hasher()
        if let key = endpoint.key, !key.isEmpty {
            hasher.combine("key")
            hasher.combine(key)
        } else {
            hasher.combine("address")
            hasher.combine(endpoint.baseURL)
        }
        account = hasher.finalize()
    }

    /// One lane for the whole provider (tests).
    init(_ provider: AIProviderID) {
        self.provider = provider
        account = 0
    }
}

/// Lets at most `limit` requests per lane (provider and account) run at once; the rest wait in order. A server
/// with many people limits each person's key, not everyone together.
actor ConcurrencyLimiter {
    private let limit: Int
    private var running: [ProviderLane: Int] = [:]
    private var waiters: [ProviderLane: [CheckedContinuation<Void, Never>]] = [:]

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Waits for a free slot.
    func acquire(_ lane: ProviderLane) async {
        if running[lane, default: 0] < limit {
            running[lane, default: 0] += 1
            return
        }
        await withCheckedContinuation { waiters[lane, default: []].append($0) }
    }

    /// Frees a slot, handing it straight to the next waiter.
    func release(_ lane: ProviderLane) {
        if var queue = waiters[lane], !queue.isEmpty {
            queue.removeFirst().resume()
            waiters[lane] = queue
        } else {
            running[lane, default: 1] -= 1
        }
    }

    /// Requests running now in `lane`.
    func inFlight(_ lane: ProviderLane) -> Int { running[lane, default: 0] }

    /// Waits for a slot in the provider-wide lane.
    func acquire(_ provider: AIProviderID) async { await acquire(ProviderLane(provider)) }
    /// Frees a slot in the provider-wide lane.
    func release(_ provider: AIProviderID) { release(ProviderLane(provider)) }
    /// Requests running now in the provider-wide lane.
    func inFlight(_ provider: AIProviderID) -> Int { inFlight(ProviderLane(provider)) }
}
