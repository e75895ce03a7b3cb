import AirFitCore
import Foundation
import SQLKit
import Testing

@testable import AirFitStore

/// Members: roles, single-use links, the security log, a person's sessions, and deleting a whole account.
@Suite("Member store")
struct MemberStoreTests {
    @Test("Roles and emails are updated; another account's email conflicts; accounts list oldest first", arguments: Backend.allCases)
    func accountsUpdate(backend: Backend) async throws {
        try await backend.withStore { store in
            let accounts: any AccountRepository = store.database?.store ?? InMemoryAccountRepository()
            let owner = Account(
                email: "owner@example.com", passwordHash: "$2b$04$a", userID: UUID(), role: .admin,
                createdAt: Date(timeIntervalSince1970: 100))
            var member = Account(email: "member@example.com", passwordHash: "", userID: UUID(), createdAt: Date(timeIntervalSince1970: 200))
            try await accounts.createAccount(owner)
            try await accounts.createAccount(member)
            #expect(try await accounts.accounts().map(\.email) == ["owner@example.com", "member@example.com"])
            #expect(try await accounts.account(id: owner.id)?.role == .admin)
            #expect(try await accounts.account(id: member.id)?.hasPassword == false)
            member.role = .admin
            member.email = "new@example.com"
            try await accounts.updateAccount(member)
            #expect(try await accounts.account(email: "new@example.com")?.role == .admin)
            member.email = "owner@example.com"
            await #expect(throws: RepositoryError.self) { try await accounts.updateAccount(member) }
            #expect(try await accounts.deleteAccount(id: member.id))
            #expect(try await accounts.deleteAccount(id: member.id) == false)
            #expect(try await accounts.accountCount() == 1)
        }
    }

    @Test("A link works once: of ten parallel uses one wins; an expired link never works", arguments: Backend.allCases)
    func linksAreSingleUse(backend: Backend) async throws {
        try await backend.withStore { store in
            let links: any OneTimeLinkRepository = store.database?.store ?? InMemoryOneTimeLinkRepository()
            let now = Date(timeIntervalSince1970: 1_000_000)
            let account = UUID()
            let link = OneTimeLink(purpose: .passwordReset, tokenHash: "hash-1", accountID: account, createdAt: now)
            try await links.createLink(link)
            #expect(try await links.link(tokenHash: "hash-1", purpose: .passwordReset) == link)
            #expect(try await links.link(tokenHash: "hash-1", purpose: .invite) == nil)
            let wins = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<10 { group.addTask { try await links.useLink(id: link.id, now: now.addingTimeInterval(60)) } }
                return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
            }
            #expect(wins == 1)
            #expect(try await links.link(tokenHash: "hash-1", purpose: .passwordReset)?.usedAt != nil)

            let late = OneTimeLink(purpose: .passwordReset, tokenHash: "hash-2", accountID: account, createdAt: now)
            try await links.createLink(late)
            #expect(try await links.useLink(id: late.id, now: now.addingTimeInterval(60 * 60 + 1)) == false)

            let invite = OneTimeLink(purpose: .invite, tokenHash: "hash-3", accountID: account, payload: "admin", createdAt: now)
            try await links.createLink(invite)
            #expect(try await links.links(accountID: account, purpose: .invite).map(\.payload) == ["admin"])
            #expect(try await links.revokeLinks(accountID: account, purpose: .invite, now: now) == 1)
            #expect(try await links.useLink(id: invite.id, now: now) == false)
            #expect(try await links.deleteLinks(accountID: account) == 3)
        }
    }

    @Test("The security log lists an account's events newest first, limited", arguments: Backend.allCases)
    func securityLog(backend: Backend) async throws {
        try await backend.withStore { store in
            let log: any SecurityLogRepository = store.database?.store ?? InMemorySecurityLogRepository()
            let account = UUID()
            for (index, kind) in [SecurityEvent.Kind.signedIn, .passwordChanged, .signedOut].enumerated() {
                try await log.recordEvent(
                    SecurityEvent(accountID: account, kind: kind, at: Date(timeIntervalSince1970: Double(index)), device: "Chrome on Linux")
                )
            }
            try await log.recordEvent(SecurityEvent(accountID: UUID(), kind: .signedIn, at: Date()))
            #expect(try await log.events(accountID: account, limit: 2).map(\.kind) == [.signedOut, .passwordChanged])
            #expect(try await log.events(accountID: account, limit: 10).first?.device == "Chrome on Linux")
            #expect(try await log.deleteEvents(accountID: account) == 3)
        }
    }

    @Test("A person's sessions are listed; signing out everywhere else keeps only the current one", arguments: Backend.allCases)
    func sessionsOfAccount(backend: Backend) async throws {
        try await backend.withStore { store in
            let sessions: any WebSessionRepository = store.database?.store ?? InMemoryWebSessionRepository()
            let account = UUID()
            let now = Date(timeIntervalSince1970: 1_000_000)
            func make(_ name: String, account: UUID?, seen: Double) -> WebSession {
                WebSession(
                    tokenHash: name, accountID: account, csrfToken: "c", createdAt: now, lastSeenAt: now.addingTimeInterval(seen),
                    expiresAt: now.addingTimeInterval(3600), authenticatedAt: now.addingTimeInterval(5), device: "Firefox on \(name)")
            }
            let current = make("a", account: account, seen: 10)
            try await sessions.createSession(current)
            try await sessions.createSession(make("b", account: account, seen: 20))
            try await sessions.createSession(make("c", account: UUID(), seen: 30))
            let listed = try await sessions.sessions(accountID: account, now: now)
            #expect(listed.map(\.tokenHash) == ["b", "a"])
            #expect(listed.last?.authenticatedAt == now.addingTimeInterval(5))
            #expect(listed.last?.device == "Firefox on a")
            #expect(try await sessions.deleteSessions(accountID: account, except: current.id) == 1)
            #expect(try await sessions.sessions(accountID: account, now: now).map(\.id) == [current.id])
            #expect(try await sessions.session(tokenHash: "c", now: now) != nil)
        }
    }

    @Test("Deleting an account leaves no row of it in any table, and the other member's rows untouched", arguments: Backend.sql)
    func eraseAccountScansEveryTable(backend: Backend) async throws {
        try await backend.withStore { store in
            let database = try #require(store.database)
            let fluent = database.store
            var seeded: [(Account, Fixture.Seeded)] = []
            for name in ["gone", "kept"] {
                let data = try await Fixture.seed(store.repository, user: Fixture.user(name: name))
                let account = Account(email: "\(name)@example.com", passwordHash: "$2b$04$x", userID: data.user.id, role: .admin)
                try await fluent.createAccount(account)
                try await KeyVault(database: database, masterKey: .generate())
                    .saveSecret("sk-\(name)-0123456789abcdef", provider: "openai", userID: data.user.id)
                try await fluent.saveDraft(OnboardingDraft(), userID: data.user.id)
                try await fluent.createSession(
                    WebSession(
                        tokenHash: "token-\(name)", accountID: account.id, csrfToken: "c", createdAt: Date(), lastSeenAt: Date(),
                        expiresAt: Date().addingTimeInterval(3600)))
                try await fluent.createLink(
                    OneTimeLink(
                        purpose: .emailChange, tokenHash: "link-\(name)", accountID: account.id, payload: "x@example.com", createdAt: Date()
                    ))
                try await fluent.recordEvent(SecurityEvent(accountID: account.id, kind: .signedIn, at: Date()))
                try await fluent.linkIdentity(
                    LinkedIdentity(
                        accountID: account.id, providerID: "corp", issuer: "https://id.example.com", subject: "sub-\(name)",
                        email: "\(name)@corp.example.com", createdAt: Date()))
                try await fluent.addPasskey(
                    Passkey(
                        accountID: account.id, credentialID: Data("cred-\(name)".utf8), publicKey: Data([1, 2, 3]), algorithm: -7,
                        signCount: 0,
                        name: "Phone", backedUp: true, createdAt: Date()))
                try await fluent.saveChallenge(
                    AuthChallenge(
                        purpose: .passkeyRegistration, keyHash: "challenge-\(name)", binding: "b", accountID: account.id, payload: "{}",
                        createdAt: Date()))
                try await fluent.addAPIToken(
                    APIToken(accountID: account.id, name: "Script", scopes: [.read], createdAt: Date()), secretHash: "token-\(name)")
                let plan = Fixture.plan(userID: data.user.id)
                #expect(try await fluent.savePlan(plan, expectedVersion: nil, recommendations: Fixture.recommendations(for: plan)))
                seeded.append((account, data))
            }
            let (gone, kept) = (seeded[0], seeded[1])
            let sql = try database.rawSQL()
            let keptBefore = try await Self.rowsMentioning([kept.0.id, kept.1.user.id], sql: sql, backend: backend)

            let counts = try await fluent.eraseAccount(gone.0)
            #expect(counts["accounts"] == 1)
            #expect(counts["web_sessions"] == 1)
            #expect(counts["one_time_links"] == 1)
            #expect(counts["security_events"] == 1)
            #expect(counts["linked_identities"] == 1)
            #expect(counts["passkeys"] == 1)
            #expect(counts["auth_challenges"] == 1)
            #expect(counts["api_tokens"] == 1)
            #expect(counts["workouts"] == gone.1.workouts.count)
            #expect(counts["training_plans"] == 1)
            #expect(counts["recommendations"] == 6)

            let left = try await Self.rowsMentioning([gone.0.id, gone.1.user.id], sql: sql, backend: backend)
            #expect(left.isEmpty, "rows of the deleted account remain: \(left)")
            #expect(try await Self.rowsMentioning([kept.0.id, kept.1.user.id], sql: sql, backend: backend) == keptBefore)
            #expect(try await fluent.accountCount() == 1)

            // The last account going starts the installation over: the next first run can claim it again.
            _ = try await fluent.eraseAccount(kept.0)
            #expect(try await fluent.createFirstAccount(Account(email: "next@example.com", passwordHash: "x", userID: UUID())))
        }
    }

    @Test("A conversation belongs to the person who has messages in it", arguments: Backend.allCases)
    func conversationOwner(backend: Backend) async throws {
        try await backend.withStore { store in
            let (owner, other, conversation) = (UUID(), UUID(), UUID())
            try await store.repository.createUser(Fixture.user(id: owner))
            #expect(try await store.repository.conversationBelongsToAnother(id: conversation, userID: other) == false)
            try await store.repository.appendMessage(
                CoachMessage(userID: owner, conversationID: conversation, role: .user, content: "Mine", createdAt: Date()))
            #expect(try await store.repository.conversationBelongsToAnother(id: conversation, userID: other))
            #expect(try await store.repository.conversationBelongsToAnother(id: conversation, userID: owner) == false)
        }
    }

    /// Every row of every table (but Fluent's log) with a column whose text is one of `ids`, as "table: n" counts.
    static func rowsMentioning(_ ids: [UUID], sql: any SQLDatabase, backend: Backend) async throws -> [String: Int] {
        let tables: [String]
        switch backend {
        case .sqlite:
            tables = try await sql.raw("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
                .all().map { try $0.decode(column: "name", as: String.self) }
        default:
            tables = try await sql.raw("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'")
                .all().map { try $0.decode(column: "name", as: String.self) }
        }
        let needles = Set(ids.flatMap { [$0.uuidString.lowercased(), $0.uuidString.uppercased()] })
        var found: [String: Int] = [:]
        for table in tables where table != "_fluent_migrations" {
            for row in try await sql.raw("SELECT * FROM \(ident: table)").all() {
                let mentions = row.allColumns.contains { column in
                    if let id = try? row.decode(column: column, as: UUID.self) { return ids.contains(id) }
                    if let text = try? row.decode(column: column, as: String.self) { return needles.contains { text.contains($0) } }
                    return false
                }
                if mentions { found[table, default: 0] += 1 }
            }
        }
        return found
    }
}
