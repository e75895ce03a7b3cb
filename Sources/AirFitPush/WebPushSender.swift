import AirFitCore
public import AsyncHTTPClient
public import Foundation
import NIOCore
import NIOHTTP1

/// One notification as a push message: the JSON the service worker shows, how long the push service may keep it,
/// and how urgent it is (RFC 8030 §5).
public struct WebPushMessage: Sendable, Equatable {
    /// How urgent a message is; a push service may hold low ones to save battery.
    public enum Urgency: String, Sendable {
        case veryLow = "very-low", low, normal, high
    }

    /// The plaintext (the service worker's JSON: title, body, url).
    public var payload: Data
    /// Seconds the push service may keep an undelivered message (0…4 weeks).
    public var timeToLive: Int
    public var urgency: Urgency
    /// Replaces an undelivered message with the same topic (32 URL-safe characters at most), such as the day's
    /// check-in.
    public var topic: String?

    /// The longest time to live the push services honour: four weeks.
    public static let maximumTimeToLive = 28 * 86_400

    /// Creates a message; the time to live is clamped into 0…``maximumTimeToLive``.
    public init(payload: Data, timeToLive: Int = 86_400, urgency: Urgency = .normal, topic: String? = nil) {
        self.payload = payload
        self.timeToLive = min(max(timeToLive, 0), Self.maximumTimeToLive)
        self.urgency = urgency
        self.topic = topic.flatMap { topic in
            topic.count <= 32 && topic.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
                ? topic : nil
        }
    }
}

/// What the push service said about one message.
public enum WebPushOutcome: Sendable, Equatable {
    /// Accepted (201): the browser gets it when it is online within the time to live.
    case delivered
    /// The subscription is gone (404 or 410): remove it; the browser unsubscribed or the user left.
    case gone
    /// Try again later (429 or 5xx, or unreachable), after the seconds given when the service said.
    case retryLater(afterSeconds: Int?)
    /// Refused for good (400, 401, 403, 413…): this message will never be taken; the status says why.
    case refused(status: Int)
}

/// Sends encrypted push messages (RFC 8030) with VAPID (RFC 8292): each message is encrypted for its subscription
/// (``WebPushEncryption``) and signed for the push service's origin; redirects are not followed.
public struct WebPushSender: Sendable {
    let client: HTTPClient
    let vapid: VAPIDKey
    /// The operator's contact (`mailto:` or `https:`), in every token.
    let subject: String
    let now: @Sendable () -> Date
    let timeout: TimeAmount

    /// Creates a sender over `client` (which must not follow redirects: a push service never redirects).
    public init(
        client: HTTPClient, vapid: VAPIDKey, subject: String, timeoutSeconds: Int64 = 10, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.client = client
        self.vapid = vapid
        self.subject = subject
        self.timeout = .seconds(timeoutSeconds)
        self.now = now
    }

    /// Encrypts and sends `message` to the browser behind `subscription`.
    /// - Throws: ``PushError`` when the message can't be prepared (too large, a bad subject); a push service that
    ///   can't be reached is ``WebPushOutcome/retryLater(afterSeconds:)``, not an error.
    public func send(_ message: WebPushMessage, to subscription: PushSubscription) async throws(PushError) -> WebPushOutcome {
        let body = try WebPushEncryption.encrypt(message.payload, for: subscription)
        var request = HTTPClientRequest(url: subscription.endpoint.absoluteString)
        request.method = .POST
        request.headers.add(
            name: "Authorization", value: try vapid.authorization(audience: subscription.audience, subject: subject, now: now()))
        request.headers.add(name: "TTL", value: String(message.timeToLive))
        request.headers.add(name: "Urgency", value: message.urgency.rawValue)
        if let topic = message.topic { request.headers.add(name: "Topic", value: topic) }
        request.headers.add(name: "Content-Encoding", value: "aes128gcm")
        request.headers.add(name: "Content-Type", value: "application/octet-stream")
        request.body = .bytes(ByteBuffer(bytes: body))
        let response: HTTPClientResponse
        do {
            response = try await client.execute(request, timeout: timeout)
        } catch {
            return .retryLater(afterSeconds: nil)
        }
        return Self.outcome(status: Int(response.status.code), retryAfter: response.headers.first(name: "Retry-After"))
    }

    /// The outcome a push service's status means.
    static func outcome(status: Int, retryAfter: String?) -> WebPushOutcome {
        switch status {
        case 200..<300: return .delivered
        case 404, 410: return .gone
        case 429, 500..<600:
            // Only a small whole number of seconds is taken from outside; anything else means "later".
            let seconds = retryAfter.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.flatMap {
                (0...86_400).contains($0) ? $0 : nil
            }
            return .retryLater(afterSeconds: seconds)
        default: return .refused(status: status)
        }
    }
}
