import Foundation
import Hummingbird

/// Response builders shared by the page routes.
enum WebResponses {
    /// The cookie carrying the session token.
    static let sessionCookie = "airfit_session"

    /// The cookie carrying a signed-out form's CSRF token (double-submit; see ``SignedOutCSRF``).
    static let csrfCookie = "airfit_csrf"

    /// `Set-Cookie` for the signed-out forms' CSRF token: HttpOnly, one day, Secure behind HTTPS. SameSite=Lax, not
    /// Strict: a sign-in provider sends the browser back from its own site, and the return page must carry the same
    /// token the step was bound to (the token must still be repeated in the form, which no other site can read).
    static func csrfCookieHeader(_ token: String, request: Request) -> String {
        var cookie = "\(csrfCookie)=\(token); Path=/; HttpOnly; SameSite=Lax; Max-Age=86400"
        if request.headers[HTTPFields.Element.Name("X-Forwarded-Proto")!]?.lowercased() == "https" { cookie += "; Secure" }
        return cookie
    }

    /// An HTML page that is never cached (it shows personal data and CSRF tokens).
    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            // The security headers are added to every response by SecurityHeadersMiddleware.
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// A static asset.
    static func asset(_ bytes: [UInt8], type: String, cacheControl: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: type, .cacheControl: cacheControl],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// A 303 redirect (after a POST the browser follows with GET).
    static func redirect(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }

    /// A 303 redirect to a sign-in provider's authorization endpoint: the one redirect off this site, to an address
    /// from the provider's discovery document (configured by the admin), never one taken from a request.
    static func redirectToProvider(_ url: URL) -> Response {
        Response(status: .seeOther, headers: [.location: url.absoluteString, .cacheControl: "no-store"])
    }

    /// A JSON body (scripts' answers), never cached.
    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// `Set-Cookie` for the session: HttpOnly, SameSite=Lax, Secure behind HTTPS, kept by the browser `maxAge` seconds
    /// (the session's own lifetime, so closing the browser does not sign anyone out).
    static func sessionCookieHeader(_ token: String, request: Request, maxAge: Int? = nil, expire: Bool = false) -> String {
        var cookie = "\(sessionCookie)=\(token); Path=/; HttpOnly; SameSite=Lax"
        if expire { cookie += "; Max-Age=0" } else if let maxAge { cookie += "; Max-Age=\(maxAge)" }
        if request.headers[HTTPFields.Element.Name("X-Forwarded-Proto")!]?.lowercased() == "https" { cookie += "; Secure" }
        return cookie
    }

    /// Adds a `Set-Cookie` header to `response`.
    static func setting(cookie: String, on response: Response) -> Response {
        var response = response
        response.headers.append(HTTPFields.Element(name: .setCookie, value: cookie))
        return response
    }
}
