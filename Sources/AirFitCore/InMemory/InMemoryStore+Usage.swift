public import Foundation

/// The in-memory ledger and plans: the same rules as the SQL stores, each call atomic on the actor.
struct UsageBook {
    struct Entry {
        var record: UsageRecord
        var monthKey: String
        var dayKey: String
    }

    struct Hold {
        var reservation: UsageReservation
        var expiresAt: Date
    }

    var records: [UUID: Entry] = [:]
    var used: [String: Int] = [:]
    var holds: [UUID: Hold] = [:]
    var plans: [UUID: UsagePlan] = [:]
    var assignments: [UUID: UUID] = [:]

    static func monthID(_ userID: UUID, _ monthKey: String) -> String { userID.uuidString + "/" + monthKey }

    /// Removes the member's rows; the counts per table, as the SQL stores name them.
    mutating func erase(userID: UUID) -> [String: Int] {
        let recordIDs = records.filter { $0.value.record.userID == userID }.map(\.key)
        recordIDs.forEach { records[$0] = nil }
        let months = used.keys.filter { $0.hasPrefix(userID.uuidString + "/") }
        months.forEach { used[$0] = nil }
        let holdIDs = holds.filter { $0.value.reservation.userID == userID }.map(\.key)
        holdIDs.forEach { holds[$0] = nil }
        let assigned = assignments.removeValue(forKey: userID) == nil ? 0 : 1
        return [
            "usage_records": recordIDs.count, "usage_months": months.count, "usage_reservations": holdIDs.count,
            "usage_plan_assignments": assigned,
        ]
    }
}

extension InMemoryStore {
    // MARK: Ledger

    public func reserveUsage(userID: UUID, month: UsageMonth, tokens: Int, budget: Int?, now: Date) async throws -> UsageReservation? {
        guard tokens >= 0 else { throw RepositoryError.invalid("A reservation can't hold a negative number of tokens.") }
        for (id, hold) in usage.holds where hold.reservation.userID == userID && hold.expiresAt <= now { usage.holds[id] = nil }
        if let budget {
            let live = usage.holds.values.filter { $0.reservation.userID == userID && $0.reservation.monthKey == month.key }
                .reduce(0) { $0.addingSaturated($1.reservation.tokens) }
            let used = usage.used[UsageBook.monthID(userID, month.key)] ?? 0
            guard used.addingSaturated(live) < budget else { return nil }
        }
        let reservation = UsageReservation(userID: userID, monthKey: month.key, tokens: tokens)
        usage.holds[reservation.id] = UsageBook.Hold(reservation: reservation, expiresAt: now.addingTimeInterval(UsageReservation.lifetime))
        return reservation
    }

    public func recordUsage(_ record: UsageRecord, month: UsageMonth, settling reservation: UsageReservation?) async throws {
        if let problem = record.storageProblem { throw RepositoryError.invalid(problem) }
        if let reservation, reservation.userID != record.userID {
            throw RepositoryError.invalid("A usage record can't settle another member's reservation.")
        }
        guard usage.records[record.id] == nil else { throw RepositoryError.conflict("A usage record with id \(record.id)") }
        var record = record
        // Kept as the SQL stores keep it: seconds since 1970.
        record.createdAt = Date(timeIntervalSince1970: record.createdAt.timeIntervalSince1970)
        usage.records[record.id] = UsageBook.Entry(record: record, monthKey: month.key, dayKey: month.dayKey(of: record.createdAt))
        let key = UsageBook.monthID(record.userID, month.key)
        usage.used[key] = (usage.used[key] ?? 0).addingSaturated(record.tokens.total)
        if let reservation { usage.holds[reservation.id] = nil }
    }

    public func releaseUsageReservation(_ reservation: UsageReservation) async throws {
        if usage.holds[reservation.id]?.reservation.userID == reservation.userID { usage.holds[reservation.id] = nil }
    }

    public func usageSummary(userID: UUID, month: UsageMonth) async throws -> UsageSummary {
        let buckets = usage.records.values.filter { $0.record.userID == userID && $0.monthKey == month.key }.map { entry in
            var bucket = UsageSummary.Bucket(entry.record, in: month)
            bucket.day = entry.dayKey
            return bucket
        }
        return UsageSummary(month: month, buckets: buckets)
    }

    public func usageRecords(userID: UUID, month: UsageMonth, limit: Int) async throws -> [UsageRecord] {
        let mine = usage.records.values.filter { $0.record.userID == userID && $0.monthKey == month.key }.map(\.record)
        let sorted = mine.sorted { ($0.createdAt, $0.id.uuidString) > ($1.createdAt, $1.id.uuidString) }
        return Array(sorted.prefix(min(max(0, limit), 1_000)))
    }

    // MARK: Plans

    public func usagePlans() async throws -> [UsagePlan] { usage.plans.values.sorted(by: UsagePlan.byName) }

    public func saveUsagePlan(_ plan: UsagePlan) async throws {
        if let problem = plan.storageProblem { throw RepositoryError.invalid(problem) }
        var saved = plan
        saved.createdAt = Date(timeIntervalSince1970: plan.createdAt.timeIntervalSince1970)
        if let existing = usage.plans[plan.id] { saved.createdAt = existing.createdAt }
        usage.plans[plan.id] = saved
    }

    public func deleteUsagePlan(id: UUID) async throws {
        usage.plans[id] = nil
        for (user, plan) in usage.assignments where plan == id { usage.assignments[user] = nil }
    }

    public func assignUsagePlan(_ planID: UUID?, userID: UUID) async throws {
        guard let planID else {
            usage.assignments[userID] = nil
            return
        }
        guard usage.plans[planID] != nil else { throw RepositoryError.notFound("The usage plan") }
        usage.assignments[userID] = planID
    }

    public func usagePlan(userID: UUID) async throws -> UsagePlan? { usage.assignments[userID].flatMap { usage.plans[$0] } }

    public func usagePlanAssignments() async throws -> [UUID: UUID] { usage.assignments.filter { usage.plans[$0.value] != nil } }
}

extension UsagePlan {
    /// The order plans are listed in everywhere: by name ignoring case, then by id.
    public static func byName(_ lhs: UsagePlan, _ rhs: UsagePlan) -> Bool {
        (lhs.name.lowercased(), lhs.name, lhs.id.uuidString) < (rhs.name.lowercased(), rhs.name, rhs.id.uuidString)
    }
}
