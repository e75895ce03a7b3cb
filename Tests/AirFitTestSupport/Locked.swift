import Foundation

/// A value behind a lock, for test doubles shared across tasks.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    /// Wraps `value`.
    public init(_ value: Value) { stored = value }

    /// The current value.
    public var value: Value { lock.withLock { stored } }

    /// Replaces the value.
    public func set(_ value: Value) { lock.withLock { stored = value } }

    /// Changes the value in place and returns what `body` returns.
    @discardableResult
    public func update<T>(_ body: (inout Value) -> T) -> T { lock.withLock { body(&stored) } }
}
