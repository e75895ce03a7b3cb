/// Bounds how long a page waits for a provider.
enum Deadline {
    /// The result of `body`, or nil when it takes longer than `limit`; `body` is cancelled then.
    ///
    /// The AI client's own timeout (30 s for model lists) is right for the command line but far too long
    /// to hold a page; the provider page falls back to the catalog instead of waiting.
    static func run<T: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () async -> T) async -> T? {
        await withTaskGroup(of: T?.self) { group in
            group.addTask { await body() }
            group.addTask {
                try? await Task.sleep(for: limit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
