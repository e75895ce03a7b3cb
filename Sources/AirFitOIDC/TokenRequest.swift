import Foundation
import NIOHTTP1

/// The authorization-code grant (RFC 6749 §4.1.3 with RFC 7636's verifier) and the client's authentication.
struct TokenRequest {
    let code: String
    let codeVerifier: String
    let redirectURI: URL
    let provider: OIDCProvider
    let now: Date

    /// The form body and the headers (Basic authorization for client_secret_basic).
    func form() throws -> (body: String, headers: HTTPHeaders) {
        var pairs = [
            ("grant_type", "authorization_code"), ("code", code),
            ("redirect_uri", redirectURI.absoluteString),
            ("code_verifier", codeVerifier),
        ]
        var headers = HTTPHeaders()
        switch provider.clientSecret {
        case .none:
            pairs.append(("client_id", provider.clientID))
        case .basic(let secret):
            // RFC 6749 §2.3.1: id and secret are form-url-encoded before Basic encoding.
            let credentials = FormEncoding.escape(provider.clientID) + ":" + FormEncoding.escape(secret)
            headers.add(
                name: "Authorization", value: "Basic " + Data(credentials.utf8).base64EncodedString())
        case .post(let secret):
            pairs += [("client_id", provider.clientID), ("client_secret", secret)]
        case .appleSigned(let teamID, let keyID, let pem):
            let secret = try AppleClientSecret.make(
                teamID: teamID, keyID: keyID, clientID: provider.clientID, privateKeyPEM: pem, now: now)
            pairs += [("client_id", provider.clientID), ("client_secret", secret)]
        }
        return (FormEncoding.encode(pairs), headers)
    }
}

/// Reads the token endpoint's answer: the id_token, or the provider's error summarised (never the body itself).
enum TokenResponse {
    struct Success: Decodable {
        let idToken: String?
        enum CodingKeys: String, CodingKey { case idToken = "id_token" }
    }

    struct Failure: Decodable {
        let error: String?
        let errorDescription: String?
        enum CodingKeys: String, CodingKey {
            case error
            case errorDescription = "error_description"
        }
    }

    static func idToken(status: UInt, body: Data, providerID: String) throws -> String {
        guard (200..<300).contains(status) else {
            let failure = try? JSONDecoder().decode(Failure.self, from: body)
            let code =
                failure?.error.map { clean($0, limit: 64) }.flatMap { $0.isEmpty ? nil : $0 }
                ?? "HTTP \(status)"
            let detail =
                failure?.errorDescription.map { clean($0, limit: 200) }.flatMap {
                    $0.isEmpty ? nil : ": " + $0
                } ?? ""
            throw OIDCError(
                .tokenExchange,
                "Provider \"\(providerID)\" refused the sign-in code (\(code)\(detail)); start the sign-in again."
            )
        }
        guard let success = try? JSONDecoder().decode(Success.self, from: body),
            let token = success.idToken, !token.isEmpty
        else {
            throw OIDCError(
                .tokenExchange,
                "Provider \"\(providerID)\" answered without an id_token; check that the openid scope is configured."
            )
        }
        return token
    }

    /// Printable ASCII only, shortened: the provider's words go into our logs and pages.
    static func clean(_ text: String, limit: Int) -> String {
        let printable = text.unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F }
        let result = String(String.UnicodeScalarView(printable.prefix(limit)))
        return printable.count > limit ? result + "…" : result
    }
}
