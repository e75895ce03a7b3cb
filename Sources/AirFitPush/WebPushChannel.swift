public import AirFitCore
import Foundation
public import Logging

/// Carries each delivered notification to the member's browsers by Web Push. A device its push service says is gone
/// (404/410), or whose subscription can no longer be used, is removed; other failures are logged (the notification
/// is in the inbox either way). Logs never carry an endpoint, a key or the message.
public struct WebPushChannel: NotificationChannel {
    private let devices: any PushDeviceRepository
    private let sender: WebPushSender
    private let policy: PushEndpointPolicy
    private let logger: Logger

    /// A channel sending through `sender` to the devices in `devices` that `policy` allows.
    public init(devices: any PushDeviceRepository, sender: WebPushSender, policy: PushEndpointPolicy, logger: Logger) {
        self.devices = devices
        self.sender = sender
        self.policy = policy
        self.logger = logger
    }

    /// What the service worker receives (`push` event), as JSON.
    public struct Payload: Codable, Sendable, Equatable {
        /// The notification's id.
        public let id: String
        public let title: String
        public let body: String
        /// The page to open, a same-origin path.
        public let url: String
        /// The category; a newer notification of the same category replaces an unread older one on the device.
        public let tag: String
    }

    /// The payload for `notification`.
    public static func payload(for notification: CoachNotification) -> Payload {
        Payload(
            id: notification.id.uuidString.lowercased(), title: notification.title, body: notification.body, url: notification.link,
            tag: notification.category.rawValue)
    }

    public func deliver(_ notification: CoachNotification, to member: NotificationMember) async {
        // The digest is an email of its own.
        guard notification.category != .emailDigest else { return }
        let devices: [PushDevice]
        do {
            devices = try await self.devices.pushDevices(userID: member.user.id)
        } catch {
            logger.warning("Push devices could not be read", metadata: ["error": "\(String(describing: type(of: error)))"])
            return
        }
        guard !devices.isEmpty else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let json = try? encoder.encode(Self.payload(for: notification)) else { return }
        // The category as the Topic (letters and underscores: within RFC 8030's base64url alphabet).
        let message = WebPushMessage(payload: json, timeToLive: 86_400, urgency: .normal, topic: notification.category.rawValue)
        for device in devices { await send(message, to: device) }
    }

    private func send(_ message: WebPushMessage, to device: PushDevice) async {
        let deviceID = Logger.MetadataValue.string(device.id.uuidString.lowercased())
        do {
            let subscription = try PushSubscription(endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth)
            guard policy.allows(subscription.endpoint) else {
                try await devices.removePushDevice(endpoint: device.endpoint)
                logger.notice("A push device's service is not allowed; removed", metadata: ["device": deviceID])
                return
            }
            switch try await sender.send(message, to: subscription) {
            case .delivered:
                logger.debug("Push delivered", metadata: ["device": deviceID])
            case .gone:
                try await devices.removePushDevice(endpoint: device.endpoint)
                logger.info("A push device is gone (its browser unsubscribed); removed", metadata: ["device": deviceID])
            case .retryLater(let seconds):
                logger.warning("A push service is busy or unreachable", metadata: ["device": deviceID, "retry_after": "\(seconds ?? -1)"])
            case .refused(let status):
                logger.warning("A push service refused a message", metadata: ["device": deviceID, "status": "\(status)"])
            }
        } catch let error as PushError {
            if case .invalidSubscription = error { _ = try? await devices.removePushDevice(endpoint: device.endpoint) }
            logger.warning("A push message could not be sent", metadata: ["device": deviceID, "error": "\(error.localizedDescription)"])
        } catch {
            logger.warning("A push device could not be updated", metadata: ["error": "\(String(describing: type(of: error)))"])
        }
    }
}
