import Foundation

/// A value behind a lock, for test doubles shared across tasks.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value { lock.withLock { stored } }

    func set(_ value: Value) { lock.withLock { stored = value } }

    @discardableResult
    func update<T>(_ body: (inout Value) -> T) -> T { lock.withLock { body(&stored) } }
}

/// A clock tests move by hand.
final class TestClock: Sendable {
    private let current: Locked<Date>

    init(_ start: Date = Date(timeIntervalSince1970: 1_717_243_200)) { current = Locked(start) }

    var now: Date { current.value }

    func advance(by seconds: TimeInterval) { current.update { $0 = $0.addingTimeInterval(seconds) } }

    /// The closure `WeatherService` takes.
    var closure: @Sendable () -> Date { { [current] in current.value } }
}
