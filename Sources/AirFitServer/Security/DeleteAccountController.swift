import AirFitCore
import Foundation
import Hummingbird

/// Delete account: the warning with what will go (counted) → re-authentication → type DELETE → every row of the
/// person in every table, their keys and sessions, deleted in one transaction; then signed out.
struct DeleteAccountController: Sendable {
    let services: AccountServices
    let repository: any AirFitRepository
    let views: Views

    static let path = "/settings/security/delete"
    static let confirmPath = "/settings/security/delete/confirm"

    func addRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.get(RouterPath(Self.path)) { _, context -> Response in
            let signed = context.signed
            let (state, _) = DeleteAccountFlow.handle(.open(blocker: try await blocker(signed.account)))
            return try await page(state, signed: signed)
        }
        group.post(RouterPath(Self.path)) { _, context -> Response in
            let signed = context.signed
            let (state, _) = DeleteAccountFlow.handle(
                .proceed(
                    blocker: try await blocker(signed.account),
                    recentlyAuthenticated: Reauthentication.isRecent(signed.session, now: services.now())))
            switch state {
            case .reauthenticate: return WebResponses.redirect(SudoGate.reauthPath(next: Self.confirmPath))
            case .confirm: return WebResponses.redirect(Self.confirmPath)
            default: return try await page(state, signed: signed, status: .conflict)
            }
        }
        group.get(RouterPath(Self.confirmPath)) { _, context -> Response in
            let signed = context.signed
            if let redirect = SudoGate.check(signed, now: services.now(), returningTo: Self.confirmPath) { return redirect }
            let blocker = try await blocker(signed.account)
            return try await page(blocker == nil ? .confirm(problems: []) : .warning(blocker: blocker), signed: signed)
        }
        group.post(RouterPath(Self.confirmPath)) { request, context -> Response in
            let signed = context.signed
            let form = try await request.decodeForm(DeleteAccountForm.self)
            let (state, actions) = DeleteAccountFlow.handle(
                .confirm(
                    typed: form.confirm ?? "", blocker: try await blocker(signed.account),
                    recentlyAuthenticated: Reauthentication.isRecent(signed.session, now: services.now())))
            for action in actions {
                switch action {
                case .deleteEverything:
                    _ = try await services.eraser.eraseAccount(signed.account)
                    await services.sessions.cache?.removeSessions(accountID: signed.account.id, except: nil)
                    await services.sessions.cache?.removeAccount(signed.account.id)
                }
            }
            switch state {
            case .deleted:
                let view = NoticeView(
                    heading: "Account deleted", message: "Your account and everything in it are gone. Thank you for using AirFit.",
                    linkText: "Done", linkHref: "/signin", testID: "delete.done")
                let response = views.response(view, title: "Account deleted", user: nil)
                return WebResponses.setting(
                    cookie: WebResponses.sessionCookieHeader("", request: request, expire: true), on: response)
            case .reauthenticate: return WebResponses.redirect(SudoGate.reauthPath(next: Self.confirmPath))
            case .confirm: return try await page(state, signed: signed, status: .unprocessableContent)
            case .warning: return try await page(state, signed: signed, status: .conflict)
            }
        }
    }

    /// Why the account cannot go yet: the last admin while others are members.
    private func blocker(_ account: Account) async throws -> String? {
        MemberRules.removalProblem(account, members: try await services.accounts.accounts())
    }

    private func page(_ state: DeleteAccountFlow.State, signed: SignedIn, status: HTTPResponse.Status = .ok) async throws -> Response {
        let id = signed.user.id
        let counts = [
            DeleteAccountView.Count(label: "Workouts", count: try await repository.workouts(userID: id, query: RecordQuery()).count),
            DeleteAccountView.Count(label: "Meals", count: try await repository.foodEntries(userID: id, query: RecordQuery()).count),
            DeleteAccountView.Count(
                label: "Check-ins", count: try await repository.dailyLogs(userID: id, fromDay: nil, toDay: nil, query: RecordQuery()).count),
            DeleteAccountView.Count(label: "Conversations with your coach", count: try await repository.conversations(userID: id).count),
        ]
        var problems: [String] = []
        var blocker: String?
        var confirming = false
        switch state {
        case .warning(let found): blocker = found
        case .confirm(let found):
            problems = found
            confirming = true
        case .reauthenticate, .deleted: break
        }
        let view = DeleteAccountView(counts: counts, blocker: blocker, confirming: confirming, word: DeleteAccountFlow.confirmationWord)
        return views.response(view, title: "Delete account", signed: signed, problems: problems, status: status)
    }
}

/// The typed confirmation.
struct DeleteAccountForm: Decodable {
    @FormText var confirm: String?
}
