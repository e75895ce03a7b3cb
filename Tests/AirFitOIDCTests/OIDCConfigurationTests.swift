import Foundation
import JWTKit
import Testing

@testable import AirFitOIDC

@Suite("Provider configuration")
struct OIDCConfigurationTests {
    struct MissingFile: Error {}

    static let appleKeyPEM = ES256PrivateKey().pemRepresentation

    /// Files the loader may read; anything else does not exist.
    static func files(_ contents: [String: String]) -> (String) throws -> Data {
        { path in
            guard let text = contents[path] else { throw MissingFile() }
            return Data(text.utf8)
        }
    }

    static func load(_ environment: [String: String], files: [String: String] = [:]) throws
        -> OIDCConfiguration
    {
        try OIDCConfiguration.load(environment: environment, readFile: Self.files(files))
    }

    static func error(_ environment: [String: String], files: [String: String] = [:]) -> String {
        do {
            _ = try load(environment, files: files)
            return "no error"
        } catch let error as OIDCConfigurationError {
            return error.message
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test("nothing configured gives no providers")
    func empty() throws {
        #expect(try Self.load([:]).providers.isEmpty)
    }

    @Test("Google, Apple and a generic provider from the environment, with presets filled in")
    func fromEnvironment() throws {
        let configuration = try Self.load(
            [
                "AIRFIT_OIDC_PROVIDERS": "google, apple,corp-sso",
                "AIRFIT_OIDC_GOOGLE_CLIENT_ID": "g-id", "AIRFIT_OIDC_GOOGLE_CLIENT_SECRET": "g-secret",
                "AIRFIT_OIDC_APPLE_CLIENT_ID": "com.example.airfit",
                "AIRFIT_OIDC_APPLE_TEAM_ID": "TEAM123456",
                "AIRFIT_OIDC_APPLE_KEY_ID": "KEY1234567",
                "AIRFIT_OIDC_APPLE_PRIVATE_KEY_FILE": "/keys/apple.p8",
                "AIRFIT_OIDC_CORP_SSO_ISSUER": "https://sso.corp.example/realms/main",
                "AIRFIT_OIDC_CORP_SSO_CLIENT_ID": "airfit",
                "AIRFIT_OIDC_CORP_SSO_CLIENT_SECRET": "c-secret",
                "AIRFIT_OIDC_CORP_SSO_CLIENT_AUTH": "post",
                "AIRFIT_OIDC_CORP_SSO_NAME": "Corp SSO",
                "AIRFIT_OIDC_CORP_SSO_SCOPES": "openid email groups",
            ], files: ["/keys/apple.p8": Self.appleKeyPEM])
        #expect(configuration.providers.map(\.id) == ["google", "apple", "corp-sso"])
        let google = configuration.providers[0]
        #expect(google == .google(clientID: "g-id", clientSecret: "g-secret"))
        let apple = configuration.providers[1]
        #expect(
            apple
                == .apple(
                    clientID: "com.example.airfit", teamID: "TEAM123456", keyID: "KEY1234567",
                    privateKeyPEM: Self.appleKeyPEM))
        #expect(apple.responseMode == "form_post")
        #expect(apple.scopes == ["openid", "email", "name"])
        let corp = configuration.providers[2]
        #expect(corp.kind == .generic)
        #expect(corp.displayName == "Corp SSO")
        #expect(corp.issuer.absoluteString == "https://sso.corp.example/realms/main")
        #expect(corp.clientSecret == .post("c-secret"))
        #expect(corp.scopes == ["openid", "email", "groups"])
        #expect(corp.responseMode == nil)
    }

    @Test("providers from a JSON file, next to the environment's")
    func fromFile() throws {
        let json = """
            {"providers":[{"id":"okta","issuer":"https://corp.okta.com","client_id":"abc","client_secret":"xyz","name":"Okta",
            "scopes":["openid","profile"]},{"id":"login","kind":"google","client_id":"g2"}]}
            """
        let configuration = try Self.load(
            [
                "AIRFIT_OIDC_PROVIDERS": "google", "AIRFIT_OIDC_GOOGLE_CLIENT_ID": "g-id",
                "AIRFIT_OIDC_CONFIG": "/etc/airfit/providers.json",
            ],
            files: ["/etc/airfit/providers.json": json])
        #expect(configuration.providers.map(\.id) == ["google", "okta", "login"])
        #expect(configuration.providers[0].clientSecret == .none)
        #expect(configuration.providers[1].clientSecret == .basic("xyz"))
        #expect(configuration.providers[1].scopes == ["openid", "profile"])
        #expect(configuration.providers[2].kind == .google)
        #expect(configuration.providers[2].issuer.absoluteString == "https://accounts.google.com")
        #expect(configuration.providers[2].displayName == "Google")
    }

    /// A configuration mistake, and what the message must name.
    struct Mistake: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let environment: [String: String]
        var files: [String: String] = [:]
        let mentions: String
    }

    static let mistakes: [Mistake] = [
        Mistake(
            testDescription: "missing client id", environment: ["AIRFIT_OIDC_PROVIDERS": "google"],
            mentions: "AIRFIT_OIDC_GOOGLE_CLIENT_ID"),
        Mistake(
            testDescription: "bad id", environment: ["AIRFIT_OIDC_PROVIDERS": "Corp_SSO"],
            mentions: "AIRFIT_OIDC_PROVIDERS"),
        Mistake(
            testDescription: "generic without issuer",
            environment: ["AIRFIT_OIDC_PROVIDERS": "corp", "AIRFIT_OIDC_CORP_CLIENT_ID": "x"],
            mentions: "AIRFIT_OIDC_CORP_ISSUER"),
        Mistake(
            testDescription: "duplicate ids",
            environment: [
                "AIRFIT_OIDC_PROVIDERS": "google", "AIRFIT_OIDC_GOOGLE_CLIENT_ID": "g",
                "AIRFIT_OIDC_CONFIG": "/p.json",
            ], files: ["/p.json": #"{"providers":[{"id":"google","client_id":"g2"}]}"#],
            mentions: "\"google\" is configured twice"),
        Mistake(
            testDescription: "Apple key file missing",
            environment: [
                "AIRFIT_OIDC_PROVIDERS": "apple", "AIRFIT_OIDC_APPLE_CLIENT_ID": "c",
                "AIRFIT_OIDC_APPLE_TEAM_ID": "TEAM123456",
                "AIRFIT_OIDC_APPLE_KEY_ID": "KEY1234567",
                "AIRFIT_OIDC_APPLE_PRIVATE_KEY_FILE": "/missing.p8",
            ], mentions: "AIRFIT_OIDC_APPLE_PRIVATE_KEY_FILE"),
        Mistake(
            testDescription: "Apple key file not a key",
            environment: [
                "AIRFIT_OIDC_PROVIDERS": "apple", "AIRFIT_OIDC_APPLE_CLIENT_ID": "c",
                "AIRFIT_OIDC_APPLE_TEAM_ID": "TEAM123456",
                "AIRFIT_OIDC_APPLE_KEY_ID": "KEY1234567", "AIRFIT_OIDC_APPLE_PRIVATE_KEY_FILE": "/k.p8",
            ],
            files: ["/k.p8": "-----BEGIN PRIVATE KEY-----\nTOPSECRETCONTENT\n-----END PRIVATE KEY-----"],
            mentions: "AIRFIT_OIDC_APPLE_PRIVATE_KEY_FILE"),
        Mistake(
            testDescription: "scopes without openid",
            environment: [
                "AIRFIT_OIDC_PROVIDERS": "google", "AIRFIT_OIDC_GOOGLE_CLIENT_ID": "g",
                "AIRFIT_OIDC_GOOGLE_SCOPES": "email profile",
            ], mentions: "AIRFIT_OIDC_GOOGLE_SCOPES"),
        Mistake(
            testDescription: "client auth without secret",
            environment: [
                "AIRFIT_OIDC_PROVIDERS": "google", "AIRFIT_OIDC_GOOGLE_CLIENT_ID": "g",
                "AIRFIT_OIDC_GOOGLE_CLIENT_AUTH": "post",
            ],
            mentions: "AIRFIT_OIDC_GOOGLE_CLIENT_SECRET"),
        Mistake(
            testDescription: "unknown kind, secret not echoed",
            environment: [
                "AIRFIT_OIDC_PROVIDERS": "corp", "AIRFIT_OIDC_CORP_KIND": "saml",
                "AIRFIT_OIDC_CORP_CLIENT_SECRET": "TOPSECRETCONTENT",
            ], mentions: "AIRFIT_OIDC_CORP_KIND"),
        Mistake(
            testDescription: "JSON file missing client_id",
            environment: ["AIRFIT_OIDC_CONFIG": "/p.json"],
            files: [
                "/p.json":
                    #"{"providers":[{"id":"okta","issuer":"https://o.example","client_secret":"TOPSECRETCONTENT"}]}"#
            ],
            mentions: "providers[0].client_id"),
        Mistake(
            testDescription: "JSON file not JSON", environment: ["AIRFIT_OIDC_CONFIG": "/p.json"],
            files: ["/p.json": "providers: TOPSECRETCONTENT"],
            mentions: "AIRFIT_OIDC_CONFIG"),
        Mistake(
            testDescription: "http issuer",
            environment: [
                "AIRFIT_OIDC_PROVIDERS": "corp", "AIRFIT_OIDC_CORP_ISSUER": "http://sso.example",
                "AIRFIT_OIDC_CORP_CLIENT_ID": "x",
            ],
            mentions: "AIRFIT_OIDC_CORP_ISSUER"),
    ]

    @Test(
        "a mistake is refused with a message naming the setting and never quoting a secret",
        arguments: mistakes)
    func refused(_ mistake: Mistake) {
        let message = Self.error(mistake.environment, files: mistake.files)
        #expect(message.contains(mistake.mentions), "\(message)")
        #expect(!message.contains("TOPSECRETCONTENT"))
        #expect(!message.contains("no error"))
    }
}
