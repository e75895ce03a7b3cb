public import Foundation

/// A browser that receives the member's notifications by Web Push: its push subscription and a name to know it by.
public struct PushDevice: Codable, Sendable, Equatable, Identifiable {
    /// The device's id.
    public let id: UUID
    /// Whose device it is.
    public let userID: UUID
    /// The push service's address for this browser (`PushSubscription.endpoint`).
    public let endpoint: String
    /// The browser's P-256 public key (`keys.p256dh`, base64url).
    public let p256dh: String
    /// The browser's authentication secret (`keys.auth`, base64url).
    public let auth: String
    /// What the member sees in the list, such as "Chrome on Android".
    public let name: String
    /// When it was added.
    public let createdAt: Date

    /// Creates a device.
    public init(id: UUID = UUID(), userID: UUID, endpoint: String, p256dh: String, auth: String, name: String, createdAt: Date) {
        self.id = id
        self.userID = userID
        self.endpoint = endpoint
        self.p256dh = p256dh
        self.auth = auth
        self.name = name
        self.createdAt = createdAt
    }
}

/// The members' push devices.
public protocol PushDeviceRepository: Sendable {
    /// Stores `device`; a browser subscribing again (the same endpoint) replaces its earlier row, whoever it was for.
    func savePushDevice(_ device: PushDevice) async throws
    /// The member's devices, oldest first.
    func pushDevices(userID: UUID) async throws -> [PushDevice]
    /// Removes one of the member's devices; `false` when they have none with that id.
    func removePushDevice(id: UUID, userID: UUID) async throws -> Bool
    /// Removes the device behind `endpoint` (its push service said it is gone); returns whether one existed.
    @discardableResult
    func removePushDevice(endpoint: String) async throws -> Bool
}
