public import AirFitCore
public import FluentKit
import Foundation
import SQLKit

extension FluentStore {
    public func recordProviderRequest(_ record: ProviderRequestRecord) async throws {
        try await database.transaction { db in
            guard let sql = db as? any SQLDatabase else { throw RepositoryError.invalid("The database does not speak SQL.") }
            try await sql.insert(into: AddPrivacyControls.requestsSchema)
                .columns("id", "user_id", "created_at", "provider", "model", "body")
                .values(
                    SQLBind(record.id), SQLBind(record.userID), SQLBind(record.createdAt.timeIntervalSince1970), SQLBind(record.provider),
                    SQLBind(record.model), SQLBind(record.body)
                ).run()
            let kept = try await sql.select().column("id").from(AddPrivacyControls.requestsSchema)
                .where("user_id", .equal, SQLBind(record.userID)).orderBy("created_at", .descending)
                .limit(ProviderRequestRecord.keptPerPerson).all().map { try $0.decode(column: "id", as: UUID.self) }
            try await sql.delete(from: AddPrivacyControls.requestsSchema).where("user_id", .equal, SQLBind(record.userID))
                .where("id", .notIn, SQLBind.group(kept)).run()
        }
    }

    public func providerRequests(userID: UUID) async throws -> [ProviderRequestRecord] {
        try await database.sql.select().columns("id", "user_id", "created_at", "provider", "model", "body")
            .from(AddPrivacyControls.requestsSchema).where("user_id", .equal, SQLBind(userID)).orderBy("created_at", .descending)
            .all().map { row in
                ProviderRequestRecord(
                    id: try row.decode(column: "id", as: UUID.self), userID: try row.decode(column: "user_id", as: UUID.self),
                    createdAt: Date(timeIntervalSince1970: try row.decode(column: "created_at", as: Double.self)),
                    provider: try row.decode(column: "provider", as: String.self), model: try row.decode(column: "model", as: String.self),
                    body: try row.decode(column: "body", as: String.self))
            }
    }
}
