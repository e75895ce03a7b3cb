import AirFitCore
import AirFitStore
import Foundation
import Testing

/// Coach messages, conversations and export history.
extension RepositoryContractTests {
    // MARK: Messages

    @Test("Appended messages read back intact; duplicates are conflicts", arguments: Backend.allCases)
    func appendMessages(backend: Backend) async throws {
        try await backend.withStore { store in
            let user = Fixture.user()
            try await store.repository.createUser(user)
            let conversation = UUID()
            let messages = [
                Fixture.message(userID: user.id, conversationID: conversation, content: "Hi", at: 1),
                Fixture.message(userID: user.id, conversationID: conversation, role: .assistant, content: "Hello!", at: 2),
                Fixture.message(userID: user.id, conversationID: conversation, role: .tool, content: "{}", at: 3),
                Fixture.message(userID: user.id, conversationID: conversation, role: .assistant, content: "", at: 4),
            ]
            for message in messages { try await store.repository.appendMessage(message) }
            #expect(try await store.repository.messages(conversationID: conversation, userID: user.id, last: nil) == messages)
            await #expect(throws: RepositoryError.conflict("A message with id \(messages[0].id)")) {
                try await store.repository.appendMessage(messages[0])
            }
            #expect(try await store.repository.messages(conversationID: conversation, userID: UUID(), last: nil).isEmpty)
        }
    }

    @Test("Updating a message finishes it; a missing message or another user's is notFound", arguments: Backend.allCases)
    func updateMessages(backend: Backend) async throws {
        try await backend.withStore { store in
            let user = Fixture.user()
            try await store.repository.createUser(user)
            let conversation = UUID()
            var reply = Fixture.message(userID: user.id, conversationID: conversation, role: .assistant, content: "", at: 5)
            try await store.repository.appendMessage(reply)
            #expect(
                try await store.repository.messages(conversationID: conversation, userID: user.id, last: nil).first?.isComplete == false)

            reply.content = "All done — here is your plan."
            reply.isComplete = true
            reply.incompleteReason = nil
            reply.outputTokens = 512
            try await store.repository.updateMessage(reply)
            #expect(try await store.repository.messages(conversationID: conversation, userID: user.id, last: nil) == [reply])

            let missing = Fixture.message(userID: user.id, conversationID: conversation, at: 6)
            await #expect(throws: RepositoryError.notFound("Message \(missing.id)")) { try await store.repository.updateMessage(missing) }
            var hijack = reply
            hijack.userID = UUID()
            hijack.content = "hijacked"
            await #expect(throws: RepositoryError.notFound("Message \(reply.id)")) { try await store.repository.updateMessage(hijack) }
            #expect(try await store.repository.messages(conversationID: conversation, userID: user.id, last: nil) == [reply])
            #expect(try await store.repository.messages(userID: user.id, query: RecordQuery()).count == 1)
        }
    }

    @Test(
        "At start-up, replies left being written are marked cut off with their text kept; finished or other incomplete ones stay",
        arguments: Backend.allCases)
    func interruptUnfinishedReplies(backend: Backend) async throws {
        try await backend.withStore { store in
            let user = Fixture.user()
            try await store.repository.createUser(user)
            let conversation = UUID()
            var writing = Fixture.message(userID: user.id, conversationID: conversation, role: .assistant, content: "Once upon", at: 1)
            writing.isComplete = false
            writing.incompleteReason = ReplyInterruption.stillWriting
            let stopped = Fixture.message(userID: user.id, conversationID: conversation, role: .assistant, content: "", at: 2)
            let finished = Fixture.message(userID: user.id, conversationID: conversation, role: .assistant, content: "Done", at: 3)
            for message in [writing, stopped, finished] { try await store.repository.appendMessage(message) }
            let reason = ReplyInterruption.serverRestarted.reason
            #expect(try await store.repository.interruptUnfinishedReplies(reason: reason) == 1)
            var expected = writing
            expected.incompleteReason = reason
            #expect(
                try await store.repository.messages(conversationID: conversation, userID: user.id, last: nil) == [
                    expected, stopped, finished,
                ])
            #expect(try await store.repository.interruptUnfinishedReplies(reason: reason) == 0)
        }
    }

    @Test("A conversation reads oldest first with ties on time broken by id, and last N gives the newest N", arguments: Backend.allCases)
    func conversationOrder(backend: Backend) async throws {
        try await backend.withStore { store in
            let user = Fixture.user()
            try await store.repository.createUser(user)
            let conversation = UUID()
            let messages = [0.0, 1, 1, 1, 2, 3].enumerated().map {
                Fixture.message(userID: user.id, conversationID: conversation, content: "m\($0.offset)", at: $0.element)
            }
            for message in messages.shuffled() { try await store.repository.appendMessage(message) }
            try await store.repository.appendMessage(Fixture.message(userID: user.id, conversationID: UUID(), at: 2.5))

            let expected = Self.ordered(messages, date: \.createdAt, id: \.id, newestFirst: false)
            let all = try await store.repository.messages(conversationID: conversation, userID: user.id, last: nil)
            #expect(all.map(\.id) == expected.map(\.id))
            for count in [0, 1, 3, 6, 10] {
                let last = try await store.repository.messages(conversationID: conversation, userID: user.id, last: count)
                #expect(last.map(\.id) == expected.suffix(count).map(\.id), "last \(count)")
            }
        }
    }

    @Test("All of a user's messages page in creation order, both directions", arguments: Backend.allCases)
    func userMessagesPaging(backend: Backend) async throws {
        try await backend.withStore { store in
            let user = Fixture.user()
            let other = Fixture.user(name: "Other")
            try await store.repository.createUser(user)
            try await store.repository.createUser(other)
            let conversations = [UUID(), UUID()]
            let messages = [0.0, 5, 5, 10, 15, 15, 20].enumerated().map {
                Fixture.message(userID: user.id, conversationID: conversations[$0.offset % 2], at: $0.element)
            }
            for message in messages.shuffled() { try await store.repository.appendMessage(message) }
            try await store.repository.appendMessage(Fixture.message(userID: other.id, conversationID: conversations[0], at: 7))

            for newestFirst in [false, true] {
                let expected = Self.ordered(messages, date: \.createdAt, id: \.id, newestFirst: newestFirst).map(\.id)
                var paged: [UUID] = []
                for offset in stride(from: 0, to: 9, by: 2) {
                    paged += try await store.repository.messages(
                        userID: user.id, query: RecordQuery(limit: 2, offset: offset, newestFirst: newestFirst)
                    ).map(\.id)
                }
                #expect(paged == expected, "newestFirst: \(newestFirst)")
            }
        }
    }

    @Test("Conversation summaries carry the first user message as title, counts and the last time", arguments: Backend.allCases)
    func conversationSummaries(backend: Backend) async throws {
        try await backend.withStore { store in
            let user = Fixture.user()
            try await store.repository.createUser(user)
            let older = UUID()
            let newer = UUID()
            let silent = UUID()
            let longTitle = String(repeating: "Tell me about recovery and sleep. ", count: 4)
            let messages = [
                Fixture.message(userID: user.id, conversationID: older, role: .system, content: "You are a coach", at: 0),
                Fixture.message(userID: user.id, conversationID: older, content: longTitle, at: 1),
                Fixture.message(userID: user.id, conversationID: older, role: .assistant, content: "Sure", at: 2),
                Fixture.message(userID: user.id, conversationID: older, content: "Second question", at: 3),
                Fixture.message(userID: user.id, conversationID: newer, content: "Quick one", at: 10),
                Fixture.message(userID: user.id, conversationID: silent, role: .assistant, content: "Good morning!", at: 5),
            ]
            for message in messages { try await store.repository.appendMessage(message) }
            let other = Fixture.user(name: "Other")
            try await store.repository.createUser(other)
            try await store.repository.appendMessage(Fixture.message(userID: other.id, conversationID: newer, at: 99))

            let summaries = try await store.repository.conversations(userID: user.id)
            #expect(
                summaries == [
                    ConversationSummary(
                        id: newer, firstLine: "Quick one", messageCount: 1, startedAt: Fixture.at(10), lastMessageAt: Fixture.at(10)),
                    ConversationSummary(
                        id: silent, firstLine: "New conversation", messageCount: 1, startedAt: Fixture.at(5), lastMessageAt: Fixture.at(5)),
                    ConversationSummary(
                        id: older, firstLine: String(longTitle.prefix(79)) + "…", messageCount: 4, startedAt: Fixture.at(0),
                        lastMessageAt: Fixture.at(3)),
                ])
            #expect(try await store.repository.conversations(userID: UUID()).isEmpty)

            // A name goes on the conversation's first message; clearing it brings the first line back.
            let repository = store.repository
            #expect(try await repository.renameConversation(id: older, userID: user.id, title: "Recovery questions"))
            #expect(try await repository.renameConversation(id: older, userID: other.id, title: "Mine") == false)
            var renamed = try await repository.conversations(userID: user.id)
            #expect(renamed.last?.title == "Recovery questions" && renamed.last?.firstLine == String(longTitle.prefix(79)) + "…")
            let stored = try await repository.messages(conversationID: older, userID: user.id, last: nil)
            #expect(stored.map(\.conversationTitle) == ["Recovery questions", nil, nil, nil])
            #expect(try await repository.renameConversation(id: older, userID: user.id, title: nil))
            renamed = try await repository.conversations(userID: user.id)
            #expect(renamed.last?.customTitle == nil)

            // Deleting one takes its messages and nothing else, and only the owner's.
            #expect(try await repository.deleteConversation(id: newer, userID: user.id) == 1)
            #expect(try await repository.conversations(userID: user.id).map(\.id) == [silent, older])
            #expect(try await repository.messages(conversationID: newer, userID: other.id, last: nil).count == 1)
            #expect(try await repository.deleteConversation(id: older, userID: other.id) == 0)
        }
    }

    // MARK: Export history

    @Test("Export history lists the user's exports newest first", arguments: Backend.allCases)
    func exportHistory(backend: Backend) async throws {
        try await backend.withStore { store in
            let user = Fixture.user()
            try await store.repository.createUser(user)
            let exports = [
                DataExport(userID: user.id, date: Fixture.at(10), size: 10, format: .json),
                DataExport(userID: user.id, date: Fixture.at(30), size: 30, format: .csv),
                DataExport(userID: user.id, date: Fixture.at(20), size: 20, format: .json),
                DataExport(userID: user.id, date: Fixture.at(20), size: 21, format: .csv),
                DataExport(userID: user.id, date: Fixture.at(5), size: Int64(Int32.max) * 4, format: .csv),
            ]
            for export in exports { try await store.repository.recordExport(export) }
            let other = Fixture.user(name: "Other")
            try await store.repository.createUser(other)
            let othersExport = DataExport(userID: other.id, date: Fixture.at(40), size: 1, format: .json)
            try await store.repository.recordExport(othersExport)
            let expected = Self.ordered(exports, date: \.date, id: \.id, newestFirst: true)
            #expect(try await store.repository.exports(userID: user.id) == expected)
            #expect(try await store.repository.exports(userID: other.id) == [othersExport])
            #expect(try await store.repository.exports(userID: UUID()).isEmpty)
        }
    }
}
