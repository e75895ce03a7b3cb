public import AirFitCore
import FluentKit
public import Foundation
import SQLKit

extension FluentStore {
    public func deleteEntry(_ reference: EntryReference, userID: UUID, at: Date) async throws -> LoggedEntry? {
        try await database.transaction { db in
            let entry: LoggedEntry
            let payload: Data
            switch reference.kind {
            case .workout:
                let query = WorkoutModel.query(on: db).filter(\.$id == reference.id).filter(\.$userID == userID)
                guard let row = try await query.first() else { return nil }
                let workout = try row.domain()
                (entry, payload) = (.workout(workout), try JSONCoding.encoder.encode(workout))
                try await row.delete(on: db)
            case .meal:
                let query = FoodEntryModel.query(on: db).filter(\.$id == reference.id).filter(\.$userID == userID)
                guard let row = try await query.first() else { return nil }
                let meal = try row.domain()
                (entry, payload) = (.meal(meal), try JSONCoding.encoder.encode(meal))
                try await row.delete(on: db)
            case .checkin:
                let query = DailyLogModel.query(on: db).filter(\.$id == reference.id).filter(\.$userID == userID)
                guard let row = try await query.first() else { return nil }
                let log = try row.domain()
                (entry, payload) = (.checkin(log), try JSONCoding.encoder.encode(log))
                try await row.delete(on: db)
            }
            // A copy deleted again (after an undo) replaces the older one.
            try await db.sql.delete(from: AddDeletedEntries.schema).where("id", .equal, SQLBind(reference.id)).run()
            try await db.sql.insert(into: AddDeletedEntries.schema)
                .columns("id", "user_id", "kind", "payload", "deleted_at")
                .values(
                    SQLBind(reference.id), SQLBind(userID), SQLBind(reference.kind.rawValue),
                    SQLBind(String(decoding: payload, as: UTF8.self)), SQLBind(at.timeIntervalSince1970)
                )
                .run()
            return entry
        }
    }

    public func restoreEntry(id: UUID, userID: UUID, deletedSince: Date) async throws -> LoggedEntry? {
        struct Row: Decodable {
            let kind: String
            let payload: String
        }
        return try await mapped("That entry") {
            try await database.transaction { db in
                let row = try await db.sql.select().columns("kind", "payload").from(AddDeletedEntries.schema)
                    .where("id", .equal, SQLBind(id)).where("user_id", .equal, SQLBind(userID))
                    .where("deleted_at", .greaterThanOrEqual, SQLBind(deletedSince.timeIntervalSince1970))
                    .first(decoding: Row.self)
                guard let row, let kind = HistoryKind(rawValue: row.kind) else { return nil }
                let data = Data(row.payload.utf8)
                let entry: LoggedEntry
                switch kind {
                case .workout:
                    let workout = try JSONCoding.decoder.decode(Workout.self, from: data)
                    try await WorkoutModel(workout).create(on: db)
                    entry = .workout(workout)
                case .meal:
                    let meal = try JSONCoding.decoder.decode(FoodEntry.self, from: data)
                    try await FoodEntryModel(meal).create(on: db)
                    entry = .meal(meal)
                case .checkin:
                    let log = try JSONCoding.decoder.decode(DailyLog.self, from: data)
                    if try await DailyLogModel.query(on: db).filter(\.$userID == userID).filter(\.$day == log.day).first() != nil {
                        throw RepositoryError.conflict("A check-in for \(log.day)")
                    }
                    try await DailyLogModel(log).create(on: db)
                    entry = .checkin(log)
                }
                try await db.sql.delete(from: AddDeletedEntries.schema).where("id", .equal, SQLBind(id)).run()
                return entry
            }
        }
    }

    public func purgeDeletedEntries(before date: Date) async throws -> Int {
        try await database.transaction { db in
            let count =
                try await db.sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n")
                .from(AddDeletedEntries.schema).where("deleted_at", .lessThan, SQLBind(date.timeIntervalSince1970))
                .first()?.decode(column: "n", as: Int.self) ?? 0
            try await db.sql.delete(from: AddDeletedEntries.schema)
                .where("deleted_at", .lessThan, SQLBind(date.timeIntervalSince1970)).run()
            return count
        }
    }

    /// Deletes the copies kept for `userID`'s undo; returns how many.
    static func deleteKeptEntries(userID: UUID, on db: any Database) async throws -> Int {
        let count =
            try await db.sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n")
            .from(AddDeletedEntries.schema).where("user_id", .equal, SQLBind(userID)).first()?.decode(column: "n", as: Int.self) ?? 0
        try await db.sql.delete(from: AddDeletedEntries.schema).where("user_id", .equal, SQLBind(userID)).run()
        return count
    }
}
