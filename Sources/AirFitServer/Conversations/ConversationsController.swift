import AirFitCore
import Foundation
import Hummingbird

/// Past conversations (`/chat/history`): the list, renaming one (`…/<id>/rename`) and deleting one with its messages
/// (`…/<id>/delete`, which asks first). GETs only read; each change is a POST.
struct ConversationsController: Sendable {
    let repository: any AirFitRepository
    let now: @Sendable () -> Date
    let views: Views

    static let path = "/chat/history"
    static let title = "Past conversations"

    func addRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.get(RouterPath(Self.path)) { request, context -> Response in
            let signed = context.signed
            var page = ConversationsView(
                try await repository.conversations(userID: signed.user.id), now: now(),
                zone: TimeZone(identifier: signed.user.timeZone) ?? .gmt)
            let query = request.uri.queryParameters
            if query["renamed"] != nil { page.notices.append("Renamed.") }
            if query["deleted"] != nil { page.notices.append("The conversation and its messages are deleted.") }
            return views.response(page, title: Self.title, signed: signed)
        }
        group.get(RouterPath("\(Self.path)/:id/rename")) { _, context -> Response in
            let signed = context.signed
            let summary = try await conversation(context)
            let page = ConversationRenameView(
                action: "\(Self.path)/\(summary.id.uuidString)/rename", name: summary.customTitle ?? "", firstLine: summary.firstLine)
            return views.response(page, title: "Rename conversation", signed: signed)
        }
        group.post(RouterPath("\(Self.path)/:id/rename")) { request, context -> Response in
            let signed = context.signed
            let summary = try await conversation(context)
            let form = try await request.decodeForm(RenameForm.self)
            let typed = form.title ?? ""
            if let problem = ConversationTitle.problem(typed) {
                var page = ConversationRenameView(
                    action: "\(Self.path)/\(summary.id.uuidString)/rename", name: typed, firstLine: summary.firstLine)
                page.refused = true
                return views.response(
                    page, title: "Rename conversation", signed: signed, problems: [problem], status: .unprocessableContent)
            }
            _ = try await repository.renameConversation(id: summary.id, userID: signed.user.id, title: ConversationTitle.stored(typed))
            return WebResponses.redirect("\(Self.path)?renamed=1")
        }
        group.get(RouterPath("\(Self.path)/:id/delete")) { _, context -> Response in
            let signed = context.signed
            let summary = try await conversation(context)
            let page = ConversationDeleteView(
                action: "\(Self.path)/\(summary.id.uuidString)/delete", title: summary.title, messageCount: summary.messageCount)
            return views.response(page, title: "Delete conversation", signed: signed)
        }
        group.post(RouterPath("\(Self.path)/:id/delete")) { _, context -> Response in
            let summary = try await conversation(context)
            _ = try await repository.deleteConversation(id: summary.id, userID: context.signed.user.id)
            return WebResponses.redirect("\(Self.path)?deleted=1")
        }
    }

    /// The person's conversation the path names; 404 otherwise.
    private func conversation(_ context: SignedInRequestContext) async throws -> ConversationSummary {
        guard let id = context.parameters.get("id").flatMap(UUID.init(uuidString:)),
            let summary = try await repository.conversations(userID: context.signed.user.id).first(where: { $0.id == id })
        else { throw HTTPError(.notFound, message: "That conversation does not exist; it may have been deleted.") }
        return summary
    }
}

/// The rename form: the new name (empty: named after its first line again).
struct RenameForm: Decodable {
    @FormText var title: String?
}
