import AirFitAI
import AirFitCoach
import AirFitCore
import Foundation
import Hummingbird
import Synchronization

/// The coach chat: the page with the conversation, a streamed reply over server-sent events, stop and retry.
///
/// With JavaScript the page posts to `/chat/stream` and reads the reply as it is written; without it, the form
/// posts to `/chat`, which waits for the whole reply and shows the page again.
struct ChatController: Sendable {
    /// The coach engine over the server's stores and AI client.
    let engine: CoachEngine
    let repository: any AirFitRepository
    let vault: any SecretVault
    /// The reply running for each person.
    let replies: ActiveReplies
    let views: Views

    func addRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.get("/chat") { request, context -> Response in
            let signed = context.signed
            let fresh = request.uri.queryParameters["new"] != nil
            let current = fresh ? nil : try await currentConversation(signed, named: request.uri.queryParameters["c"].map(String.init))
            return try await chatPage(signed, conversationID: current, error: nil)
        }
        group.post("/chat") { request, context -> Response in
            let signed = context.signed
            let form = try await request.decodeForm(ChatMessageForm.self)
            let conversationID = try await ownConversation(form, signed: signed)
            let userID = signed.user.id
            guard let (token, signal) = await replies.reserve(userID) else {
                let busy = ReplyStream.busy
                var page = try await chatPage(signed, conversationID: conversationID, error: busy, draft: form.message)
                page.status = .conflict
                return page
            }
            let engine = self.engine
            // The reply runs in its own task, registered like a streamed one, so Stop and a stopping server end it.
            let result = Mutex<(failure: String?, unsent: String?, needsSetup: Bool)>((nil, nil, false))
            let running = Task {
                do {
                    try await engine.reply(to: form.message ?? "", conversationID: conversationID, user: signed.user, signal: signal) {
                        if case .incomplete(_, let reason) = $0 { result.withLock { $0.failure = reason } }
                    }
                } catch {
                    // Refused before the message was stored: give the text back so nothing typed is lost.
                    result.withLock { $0 = (Self.message(for: error), form.message, Self.needsProviderSetup(error)) }
                }
            }
            await replies.attach(userID, token: token, task: running)
            await withTaskCancellationHandler {
                await running.value
            } onCancel: {
                running.cancel()
            }
            await replies.finish(userID, token: token)
            let (failure, unsent, needsSetup) = result.withLock { $0 }
            guard let failure else { return WebResponses.redirect("/chat?c=\(conversationID.uuidString)#latest") }
            // Without a usable provider the page's own notice says so once, with the typed text kept.
            var page = try await chatPage(signed, conversationID: conversationID, error: needsSetup ? nil : failure, draft: unsent)
            page.status = .unprocessableContent
            return page
        }
        group.post("/chat/stream") { request, context -> Response in
            let signed = context.signed
            let form = try await request.decodeForm(ChatMessageForm.self)
            let conversationID = try await ownConversation(form, signed: signed)
            let message = form.message ?? ""
            let engine = self.engine
            return await replies.stream(for: signed.user.id) { signal, emit in
                try await engine.reply(to: message, conversationID: conversationID, user: signed.user, signal: signal, emit: emit)
            }
        }
        group.post("/chat/retry") { request, context -> Response in
            let signed = context.signed
            let conversationID = try await ownConversation(try await request.decodeForm(ChatMessageForm.self), signed: context.signed)
            let engine = self.engine
            return await replies.stream(for: signed.user.id) { signal, emit in
                try await engine.retry(conversationID: conversationID, user: signed.user, signal: signal, emit: emit)
            }
        }
        group.post("/chat/stop") { _, context -> Response in
            let stopped = await replies.stop(context.signed.user.id)
            return Response(status: stopped ? .noContent : .notFound)
        }
    }

    /// The conversation the form names, unless it is someone else's (then: nothing here, 404).
    private func ownConversation(_ form: ChatMessageForm, signed: SignedIn) async throws -> UUID {
        let id = try form.conversationID()
        guard try await !repository.conversationBelongsToAnother(id: id, userID: signed.user.id) else {
            throw HTTPError(.notFound, message: "There is no such conversation.")
        }
        return id
    }

    /// The conversation `?c=` names, else the most recent one.
    private func currentConversation(_ signed: SignedIn, named: String?) async throws -> UUID? {
        if let named, let id = UUID(uuidString: named) { return id }
        return try await repository.latestConversationID(userID: signed.user.id)
    }

    /// Whether `error` means the person has no usable provider (the page's setup notice covers it).
    static func needsProviderSetup(_ error: any Error) -> Bool {
        switch error as? CoachError {
        case .noProvider?, .missingKey?, .unknownProvider?: true
        default: false
        }
    }

    /// A message for an error raised before the reply started (no provider, empty message, storage).
    static func message(for error: any Error) -> String {
        (error as? any LocalizedError)?.errorDescription ?? "Something went wrong. Try again."
    }

    private func chatPage(_ signed: SignedIn, conversationID: UUID?, error: String?, draft: String? = nil) async throws -> Response {
        let id = conversationID ?? UUID()
        let messages =
            conversationID == nil ? [] : try await repository.messages(conversationID: id, userID: signed.user.id, last: 200)
        var page = ChatView(messages, conversation: id)
        page.error = error
        page.draft = draft
        page.haptics = signed.user.hapticFeedbackEnabled
        let selection = try? await CoachModelSelection.resolve(user: signed.user, vault: vault)
        page.needsProvider = selection == nil
        page.model = selection.map { selection in
            let info = AIProviderCatalog.info(selection.provider)
            return "\(info.displayName) · \(info.modelName(selection.resolvedModel))"
        }
        return views.response(page, title: "Coach", user: signed.user, chrome: PageChrome(csrf: signed.session.csrfToken))
    }
}
