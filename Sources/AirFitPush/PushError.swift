public import Foundation

/// What can go wrong preparing a push message, in words a person or an operator can act on.
public enum PushError: Error, Equatable, Sendable, LocalizedError {
    /// The browser's subscription can't be used (the reason names the field).
    case invalidSubscription(String)
    /// The message is larger than one push message can carry.
    case tooLarge(bytes: Int, limit: Int)
    /// An encrypted message that can't be read (tests and diagnostics decrypt our own output).
    case unreadable(String)
    /// The VAPID key or claims can't be used.
    case vapid(String)

    public var errorDescription: String? {
        switch self {
        case .invalidSubscription(let reason): "This browser's push subscription can't be used: \(reason)"
        case .tooLarge(let bytes, let limit): "The notification is \(bytes) bytes; a push message carries at most \(limit)."
        case .unreadable(let reason): "The push message can't be read: \(reason)"
        case .vapid(let reason): "The push identity (VAPID) can't be used: \(reason)"
        }
    }
}
