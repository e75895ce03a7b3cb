import AirFitCore
import Foundation
import Hummingbird

/// The unlock page app lock sends people to after their idle timeout.
extension WebApp {
    func registerAppLock(on router: Router<AirFitRequestContext>) {
        router.get("/unlock") { request, _ -> Response in
            let next = AppLock.safeNext(request.uri.queryParameters["next"].map(String.init))
            switch try await signInState(request) {
            case .signedOut: return WebResponses.redirect("/signin")
            case .active: return WebResponses.redirect(next)
            case .locked(let signed): return unlockPage(signed, next: next, errors: [])
            }
        }
        router.post("/unlock") { request, context -> Response in
            let signed: Signed
            switch try await signInState(request) {
            case .signedOut: return WebResponses.redirect("/signin")
            case .active: return WebResponses.redirect("/")
            case .locked(let found): signed = found
            }
            let form = try await FormData.read(request)
            guard Self.csrfMatches(form, signed.session) else {
                throw HTTPError(.forbidden, message: "The form expired. Reload the page and try again.")
            }
            let next = AppLock.safeNext(form["next"])
            // The sign-in limit, so the lock page is no easier to guess at than the sign-in page.
            let outcome = try await passwords.check(
                form["password"] ?? "", hash: signed.account.passwordHash, email: signed.account.email,
                address: context.remoteAddress?.ipAddress ?? "unknown")
            switch outcome {
            case .accepted: break
            case .wait(let message): return unlockPage(signed, next: next, errors: [message], status: .tooManyRequests)
            case .rejected: return unlockPage(signed, next: next, errors: ["That password is not right."], status: .unauthorized)
            }
            var session = signed.session
            session.isLocked = false
            try await sessions.update(session)
            return WebResponses.redirect(next)
        }
    }

    private func unlockPage(_ signed: Signed, next: String, errors: [String], status: HTTPResponse.Status = .ok) -> Response {
        var response = page(
            "unlock", title: "Unlock", user: signed.user,
            context: [
                "csrf": signed.session.csrfToken, "email": signed.account.email, "next": next,
                "minutes": signed.user.appLockTimeoutMinutes, "errors": errors, "hasErrors": !errors.isEmpty,
            ])
        response.status = status
        return response
    }
}
