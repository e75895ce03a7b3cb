import Foundation
import Testing

@testable import AirFitOIDC

@Suite("Token endpoint answers and key sets, without I/O")
struct TokenResponseTests {
    @Test("an error answer is summarised from error/error_description, cleaned and clipped, never echoing other fields")
    func errorSummary() {
        let body = Data(
            #"{"error":"invalid_grant","error_description":"Bad code\u0007\nsee docs \#(String(repeating: "x", count: 300))","id_token_hint":"SECRET"}"#
                .utf8)
        let error = #expect(throws: OIDCError.self) { try TokenResponse.idToken(status: 400, body: body, providerID: "corp") }
        #expect(error?.kind == .tokenExchange)
        #expect(error?.message.contains("invalid_grant: Bad codesee docs") == true)
        #expect(error?.message.contains("SECRET") == false)
        #expect(error?.message.contains("\u{07}") == false)
        #expect((error?.message.count ?? 0) < 320)
    }

    @Test("a non-JSON failure names only the HTTP status; a success without id_token asks for the openid scope")
    func otherAnswers() {
        let html = #expect(throws: OIDCError.self) {
            try TokenResponse.idToken(status: 502, body: Data("<html>upstream SECRET</html>".utf8), providerID: "corp")
        }
        #expect(html?.message.contains("HTTP 502") == true)
        #expect(html?.message.contains("SECRET") == false)
        let noToken = #expect(throws: OIDCError.self) {
            try TokenResponse.idToken(status: 200, body: Data(#"{"access_token":"SECRET"}"#.utf8), providerID: "corp")
        }
        #expect(noToken?.message.contains("openid") == true)
        #expect(noToken?.message.contains("SECRET") == false)
    }

    @Test("key lookup: junk entries are skipped, a kid of the wrong type is a mismatch, no kid needs exactly one fitting key")
    func keyLookup() throws {
        let json = #"""
            {"keys":[42,{"kty":"oct","kid":"h","k":"c2VjcmV0"},{"kty":"RSA","kid":"r1","n":"AQAB","e":"AQAB"},
            {"kty":"EC","kid":"e1","crv":"P-256","x":"AA","y":"AA","use":"enc"},{"kty":"EC","kid":"e2","crv":"P-256","x":"AA","y":"AA"}]}
            """#
        let set = try JSONDecoder().decode(JWKSet.self, from: Data(json.utf8))
        #expect(set.keys.count == 4)
        #expect(set.usableCount == 2)
        #expect(set.lookup(kid: "r1", algorithm: "RS256") == .found(set.keys[1]))
        #expect(set.lookup(kid: "r1", algorithm: "ES256") == .mismatch)
        #expect(set.lookup(kid: "h", algorithm: "RS256") == .mismatch)
        #expect(set.lookup(kid: "e1", algorithm: "ES256") == .mismatch)
        #expect(set.lookup(kid: "zz", algorithm: "RS256") == .unknown)
        #expect(set.lookup(kid: nil, algorithm: "ES256") == .found(set.keys[3]))
        #expect(set.lookup(kid: nil, algorithm: "RS256") == .found(set.keys[1]))
    }
}
