public import AirFitCore
public import FluentKit
import Foundation
import SQLKit

extension FluentStore: OnboardingDraftRepository {
    public func draft(userID: UUID) async throws -> OnboardingDraft? {
        guard let model = try await OnboardingDraftModel.query(on: database).filter(\.$userID == userID).first() else { return nil }
        do {
            return try JSONCoding.decoder.decode(OnboardingDraft.self, from: Data(model.draft.utf8))
        } catch {
            // A draft written by another version that no longer decodes: start over rather than fail every page.
            return nil
        }
    }

    public func saveDraft(_ draft: OnboardingDraft, userID: UUID) async throws {
        let json = String(decoding: try JSONCoding.encoder.encode(draft), as: UTF8.self)
        let now = Date().timeIntervalSince1970
        // One statement, so two tabs saving at once cannot both insert.
        try await database.sql.insert(into: OnboardingDraftModel.schema)
            .columns("id", "user_id", "draft", "updated_at")
            .values(SQLBind(UUID()), SQLBind(userID), SQLBind(json), SQLBind(now))
            .onConflict(with: ["user_id"]) { $0.set(excludedValueOf: "draft").set(excludedValueOf: "updated_at") }
            .run()
    }

    @discardableResult
    public func deleteDraft(userID: UUID) async throws -> Bool {
        try await Self.deleteRows(OnboardingDraftModel.query(on: database).filter(\.$userID == userID)) > 0
    }
}
