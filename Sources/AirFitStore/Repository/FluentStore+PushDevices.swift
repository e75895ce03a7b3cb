public import AirFitCore
public import Foundation
import SQLKit

extension FluentStore {
    /// A `push_devices` row as read back.
    private struct PushDeviceRow: Decodable {
        let id: UUID
        let user_id: UUID
        let endpoint: String
        let p256dh: String
        let auth: String
        let name: String
        let created_at: Double

        var domain: PushDevice {
            PushDevice(
                id: id, userID: user_id, endpoint: endpoint, p256dh: p256dh, auth: auth, name: name,
                createdAt: Date(timeIntervalSince1970: created_at))
        }
    }

    public func savePushDevice(_ device: PushDevice) async throws {
        // One statement: a browser subscribing again (its endpoint is unique) takes over its earlier row.
        try await database.sql.raw(
            """
            INSERT INTO push_devices (id, user_id, endpoint, p256dh, auth, name, created_at)
            VALUES (\(bind: device.id), \(bind: device.userID), \(bind: device.endpoint), \(bind: device.p256dh), \(bind: device.auth),
                \(bind: device.name), \(bind: device.createdAt.timeIntervalSince1970))
            ON CONFLICT (endpoint) DO UPDATE SET id = excluded.id, user_id = excluded.user_id, p256dh = excluded.p256dh,
                auth = excluded.auth, name = excluded.name, created_at = excluded.created_at
            """
        ).run()
    }

    public func pushDevices(userID: UUID) async throws -> [PushDevice] {
        try await database.sql.raw(
            """
            SELECT id, user_id, endpoint, p256dh, auth, name, created_at FROM push_devices
            WHERE user_id = \(bind: userID) ORDER BY created_at, id
            """
        ).all(decoding: PushDeviceRow.self).map(\.domain)
    }

    public func removePushDevice(id: UUID, userID: UUID) async throws -> Bool {
        try await !database.sql.raw(
            "DELETE FROM push_devices WHERE id = \(bind: id) AND user_id = \(bind: userID) RETURNING id"
        ).all().isEmpty
    }

    public func removePushDevice(endpoint: String) async throws -> Bool {
        try await !database.sql.raw("DELETE FROM push_devices WHERE endpoint = \(bind: endpoint) RETURNING id").all().isEmpty
    }
}
