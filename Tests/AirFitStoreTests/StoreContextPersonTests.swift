import AirFitCore
import Foundation
import Testing

@testable import AirFitStore

/// Whose data a command acts on: the owner (the oldest admin's person) or a member picked by email.
@Suite("Store context: the command line's person")
struct StoreContextPersonTests {
    private func withContext(_ body: (StoreContext) async throws -> Void) async throws {
        let directory = try TestDirectory.make()
        defer { TestDirectory.remove(directory) }
        let context = try await StoreContext.open(environment: ["AIRFIT_DATA_DIR": directory.path], logger: TestLog.logger)
        do {
            try await body(context)
        } catch {
            await context.shutdown()
            throw error
        }
        await context.shutdown()
    }

    @Test("Without accounts the owner is the first user, created on first use")
    func ownerWithoutAccounts() async throws {
        try await withContext { context in
            #expect(try await context.existingOwner() == nil)
            let owner = try await context.owner()
            #expect(try await context.owner().id == owner.id)
            #expect(try await context.person(email: nil).id == owner.id)
        }
    }

    @Test("The owner is the oldest admin's person, even when a member's person row is older")
    func ownerIsTheOldestAdmin() async throws {
        try await withContext { context in
            let store = context.store
            let memberUser = User(email: "member@example.com")
            try await store.createUser(memberUser)
            let member = Account(
                email: "member@example.com", passwordHash: "", userID: memberUser.id, createdAt: Date(timeIntervalSince1970: 10))
            let adminUserID = UUID()
            let admin = Account(
                email: "admin@example.com", passwordHash: "x", userID: adminUserID, role: .admin, createdAt: Date(timeIntervalSince1970: 20)
            )
            try await store.createAccount(member)
            try await store.createAccount(admin)
            #expect(try await context.existingOwner() == nil, "the admin has no person row yet")
            let owner = try await context.owner()
            #expect(owner.id == adminUserID && owner.email == "admin@example.com")
            #expect(try await context.existingOwner()?.id == adminUserID)
            #expect(try await context.person(email: " Member@Example.com ").id == memberUser.id)
            #expect(try await context.existingPerson(email: "member@example.com")?.id == memberUser.id)
        }
    }

    @Test("An unknown email is refused with a message naming the command that lists members")
    func unknownEmail() async throws {
        try await withContext { context in
            await #expect(throws: UnknownMemberError.self) { try await context.person(email: "nobody@example.com") }
            await #expect(throws: UnknownMemberError.self) { try await context.existingPerson(email: "nobody@example.com") }
            let message = UnknownMemberError(email: "nobody@example.com").errorDescription ?? ""
            #expect(message.contains("airfit members list"))
            let users = try await context.store.users()
            #expect(users.isEmpty, "nothing was created")
        }
    }
}
