public import Foundation

extension InMemoryStore {
    @discardableResult
    public func scheduleNotification(_ notification: CoachNotification) async throws -> Bool {
        guard !notificationRows.values.contains(where: { $0.userID == notification.userID && $0.dedupeKey == notification.dedupeKey }),
            usersByID[notification.userID] != nil
        else { return false }
        notificationRows[notification.id] = notification
        return true
    }

    public func claimDueNotifications(now: Date, limit: Int) async throws -> [CoachNotification] {
        let staleBefore = now.addingTimeInterval(-Self.claimLease)
        let token = UUID()
        let due = notificationRows.values.filter { row in
            switch row.state {
            case .pending: guard row.dueAt <= now else { return false }
            case .held: guard (row.heldUntil ?? row.dueAt) <= now else { return false }
            default: return false
            }
            return (notificationClaims[row.id] ?? .distantPast) < staleBefore
        }
        .sorted { ($0.dueAt, $0.id.uuidString) < ($1.dueAt, $1.id.uuidString) }
        .prefix(max(0, limit))
        return due.map { row in
            var claimed = row
            claimed.claim = token
            notificationRows[row.id] = claimed
            notificationClaims[row.id] = now
            return claimed
        }
    }

    public func settleNotification(_ notification: CoachNotification) async throws -> Bool {
        guard let claim = notification.claim, let stored = notificationRows[notification.id], stored.claim == claim else { return false }
        var settled = stored
        settled.state = notification.state
        settled.heldUntil = notification.heldUntil
        settled.body = notification.body
        settled.deliveredAt = notification.deliveredAt
        settled.claim = nil
        notificationRows[notification.id] = settled
        notificationClaims[notification.id] = nil
        return true
    }

    public func notifications(userID: UUID, states: Set<NotificationState>, since: Date) async throws -> [CoachNotification] {
        notificationRows.values
            .filter { $0.userID == userID && states.contains($0.state) && ($0.deliveredAt ?? $0.dueAt) >= since }
            .sorted { ($0.dueAt, $0.id.uuidString) < ($1.dueAt, $1.id.uuidString) }
    }

    public func inbox(userID: UUID, limit: Int) async throws -> [CoachNotification] {
        Array(
            notificationRows.values.filter { $0.userID == userID && $0.state == .delivered && $0.category != .emailDigest }
                .sorted { ($0.deliveredAt ?? $0.dueAt, $0.id.uuidString) > ($1.deliveredAt ?? $1.dueAt, $1.id.uuidString) }
                .prefix(max(0, limit)))
    }

    public func unreadNotificationCount(userID: UUID) async throws -> Int {
        notificationRows.values.filter { $0.userID == userID && $0.state == .delivered && $0.readAt == nil && $0.category != .emailDigest }
            .count
    }

    public func markNotificationRead(id: UUID, userID: UUID, at: Date) async throws -> Bool {
        guard var row = notificationRows[id], row.userID == userID, row.state == .delivered else { return false }
        if row.readAt == nil { row.readAt = at }
        notificationRows[id] = row
        return true
    }

    public func markAllNotificationsRead(userID: UUID, at: Date) async throws -> Int {
        var changed = 0
        for (id, row) in notificationRows where row.userID == userID && row.state == .delivered && row.readAt == nil {
            var read = row
            read.readAt = at
            notificationRows[id] = read
            changed += 1
        }
        return changed
    }

    public func lastActivity(userID: UUID) async throws -> Date? {
        guard let user = try await user(id: userID) else { return nil }
        let entries =
            try await workouts(userID: userID, query: RecordQuery()).map(\.createdAt)
            + foodEntries(userID: userID, query: RecordQuery()).map(\.createdAt)
            + dailyLogs(userID: userID, fromDay: nil, toDay: nil, query: RecordQuery()).map(\.updatedAt)
            + messages(userID: userID, query: RecordQuery()).filter { $0.role == .user }.map(\.createdAt)
        return entries.max() ?? user.createdAt
    }
}

extension InMemoryStore {
    public func savePushDevice(_ device: PushDevice) async throws {
        for (id, existing) in pushDevicesByID where existing.endpoint == device.endpoint { pushDevicesByID[id] = nil }
        pushDevicesByID[device.id] = device
    }

    public func pushDevices(userID: UUID) async throws -> [PushDevice] {
        pushDevicesByID.values.filter { $0.userID == userID }.sorted { ($0.createdAt, $0.id.uuidString) < ($1.createdAt, $1.id.uuidString) }
    }

    public func removePushDevice(id: UUID, userID: UUID) async throws -> Bool {
        guard pushDevicesByID[id]?.userID == userID else { return false }
        pushDevicesByID[id] = nil
        return true
    }

    public func removePushDevice(endpoint: String) async throws -> Bool {
        let ids = pushDevicesByID.filter { $0.value.endpoint == endpoint }.map(\.key)
        ids.forEach { pushDevicesByID[$0] = nil }
        return !ids.isEmpty
    }
}
