import AirFitCore
import Foundation
import Hummingbird

/// The unlock page app lock sends people to after their idle timeout.
struct UnlockController: Sendable {
    let sessions: SessionStore
    let passwords: PasswordGate
    let pages: ConfirmPages

    func addRoutes(to group: RouterGroup<AirFitRequestContext>) {
        group.get("/unlock") { request, context -> Response in
            let next = AppLock.safeNext(request.uri.queryParameters["next"].map(String.init))
            switch context.visitor {
            case .signedOut: return WebResponses.redirect("/signin")
            case .active: return WebResponses.redirect(next)
            case .locked(let signed): return try await pages.unlock(signed, next: next)
            }
        }
        group.post("/unlock") { request, context -> Response in
            let signed: SignedIn
            switch context.visitor {
            case .signedOut: return WebResponses.redirect("/signin")
            case .active: return WebResponses.redirect("/")
            case .locked(let found): signed = found
            }
            let form = try await request.decodeForm(UnlockForm.self)
            let next = AppLock.safeNext(form.next)
            // The sign-in limit, so the lock page is no easier to guess at than the sign-in page.
            let outcome = try await passwords.check(
                form.password ?? "", hash: signed.account.passwordHash, email: signed.account.email, address: context.peerAddress)
            switch outcome {
            case .accepted: break
            case .wait(let message): return try await pages.unlock(signed, next: next, problems: [message], status: .tooManyRequests)
            case .rejected:
                return try await pages.unlock(signed, next: next, problems: ["That password is not right."], status: .unauthorized)
            }
            var session = signed.session
            session.isLocked = false
            // The password was just entered: it counts for re-authentication too.
            session.authenticatedAt = sessions.now()
            try await sessions.update(session)
            return WebResponses.redirect(next)
        }
    }
}

/// The unlock form: the password and where to return.
struct UnlockForm: Decodable {
    @FormText var password: String?
    @FormText var next: String?
}
