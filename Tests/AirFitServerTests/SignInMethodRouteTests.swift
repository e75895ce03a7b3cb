import AirFitCore
import AirFitOIDC
import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import AirFitServer

/// Linked providers and passkeys through the router: the pages, the last-way-in rule, the provider return, and
/// passkey answers that must be refused. (The full flows run in Chromium against a real provider and a virtual
/// authenticator: Tests/Browser/test_signin_methods.py.)
@Suite("Sign-in methods")
struct SignInMethodRouteTests {
    /// A person who signed up with a password, whose password is then removed (as for someone who joined through a
    /// provider), with one linked identity.
    static func providerOnly(_ installation: TestInstallation, web: inout WebClient) async throws -> (Account, LinkedIdentity) {
        try await web.signUp()
        var account = try #require(try await installation.accounts.account(email: "owner@example.com"))
        let identity = LinkedIdentity(
            accountID: account.id, providerID: "corp", issuer: "https://id.example.com", subject: "s-1", email: "me@corp.example.com",
            createdAt: installation.clock.now())
        try await installation.identities.linkIdentity(identity)
        account.passwordHash = ""
        try await installation.accounts.updateAccount(account)
        installation.clock.advance(minutes: 0.2)  // past the sign-in cache
        return (account, identity)
    }

    /// An installation at `http://localhost:8080`, where passkeys work.
    static func onLocalhost() -> TestInstallation {
        var installation = TestInstallation()
        installation.publicURL = URL(string: "http://localhost:8080")!
        return installation
    }

    @Test("Without providers, Linked accounts shows the password row and says how an admin adds a provider")
    func linkedWithoutProviders() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let page = text(try await web.get("/settings/security/linked").body)
            #expect(page.contains("Email and password"))
            #expect(page.contains("owner@example.com"))
            #expect(page.contains("AIRFIT_OIDC_PROVIDERS"))
            #expect(!page.contains(".link\""))
        }
    }

    @Test("The only way in can't be unlinked: the button is hidden and the request refused")
    func lastWayIn() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            let (account, identity) = try await Self.providerOnly(installation, web: &web)
            let page = text(try await web.get("/settings/security/linked").body)
            #expect(page.contains("me@corp.example.com"))
            #expect(!page.contains("/unlink"))
            #expect(!page.contains("Email and password"))
            let refused = try await web.post("/settings/security/linked/identities/\(identity.id.uuidString)/unlink", [])
            #expect(refused.status == .conflict)
            #expect(text(refused.body).contains(SignInMethods.lastWayInMessage))
            #expect(try await installation.identities.identities(accountID: account.id).count == 1)
            #expect(text(try await web.get("/settings/security").body).contains("Set password"))
        }
    }

    @Test("With a second way in, unlinking works after re-authentication and is logged")
    func unlinkWithAnotherWay() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let account = try #require(try await installation.accounts.account(email: "owner@example.com"))
            let identity = LinkedIdentity(
                accountID: account.id, providerID: "corp", issuer: "https://id.example.com", subject: "s-2", email: nil,
                createdAt: installation.clock.now())
            try await installation.identities.linkIdentity(identity)
            let page = text(try await web.get("/settings/security/linked").body)
            #expect(page.contains("/settings/security/linked/identities/\(identity.id.uuidString)/unlink"))
            // After the re-authentication window, unlinking asks who it is first.
            installation.clock.advance(minutes: 11)
            let gated = try await web.post("/settings/security/linked/identities/\(identity.id.uuidString)/unlink", [])
            #expect(gated.headers[.location]?.hasPrefix("/reauth?next=") == true)
            try await web.post("/reauth", [("password", AccountRouteTests.password), ("next", "/settings/security/linked")])
            let done = try await web.post("/settings/security/linked/identities/\(identity.id.uuidString)/unlink", [])
            #expect(done.headers[.location] == "/settings/security/linked")
            #expect(try await installation.identities.identities(accountID: account.id).isEmpty)
            let log = try await installation.securityLog.events(accountID: account.id, limit: 10).map(\.kind)
            #expect(log.contains(.providerUnlinked))
        }
    }

    @Test("Another member's identity can't be unlinked: 404, and it stays")
    func unlinkOthers() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let other = LinkedIdentity(
                accountID: UUID(), providerID: "corp", issuer: "https://id.example.com", subject: "other", email: nil,
                createdAt: installation.clock.now())
            try await installation.identities.linkIdentity(other)
            let account = try #require(try await installation.accounts.account(email: "owner@example.com"))
            try await installation.identities.linkIdentity(
                LinkedIdentity(
                    accountID: account.id, providerID: "corp", issuer: "https://id.example.com", subject: "mine", email: nil,
                    createdAt: installation.clock.now()))
            let response = try await web.post("/settings/security/linked/identities/\(other.id.uuidString)/unlink", [])
            #expect(response.status == .notFound)
            #expect(try await installation.identities.identity(issuer: "https://id.example.com", subject: "other") != nil)
        }
    }

    @Test("A provider's form_post return needs no form token and only redirects to the return page")
    func formPostReturn() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            let response = try await client.executeRequest(
                uri: "/auth/provider/apple/return", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "code=abc&state=xyz"))
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/auth/provider/apple/return?code=abc&state=xyz")
            // Any other unsafe request without the token is still refused.
            let finish = try await client.executeRequest(
                uri: "/auth/provider/apple/finish", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "code=abc&state=xyz"))
            #expect(finish.status == .forbidden)
        }
    }

    @Test("Finishing with a state this browser never started says the sign-in expired and signs nobody in")
    func unknownState() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            try await web.post("/signout", [])
            try await web.get("/signin")
            let response = try await web.post(
                "/auth/provider/corp/finish", [("code", "abc"), ("state", String(repeating: "s", count: 43))])
            #expect(response.status == .badRequest)
            #expect(text(response.body).contains(SignInSteps.expiredMessage))
            #expect(response.headers[.setCookie]?.contains("airfit_session=") != true)
        }
    }

    @Test("Where passkeys can't work (an IP address), the pages say why and offer no passkey button")
    func passkeysUnavailable() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let page = text(try await web.get("/settings/security/passkeys").body)
            #expect(page.contains(PasskeyService.unavailableMessage))
            #expect(!page.contains("data-testid=\"passkey.add\""))
            let options = try await web.post("/settings/security/passkeys/options", [])
            #expect(options.status == .conflict)
            try await web.post("/signout", [])
            #expect(!text(try await web.get("/signin").body).contains("auth.passkey"))
        }
    }

    @Test("On localhost the sign-in page offers a passkey, and its options are a single-use challenge for this browser")
    func passkeyOptions() async throws {
        let installation = Self.onLocalhost()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            try await web.post("/signout", [])
            #expect(text(try await web.get("/signin").body).contains("data-testid=\"auth.passkey\""))
            let response = try await web.post("/auth/passkey/options", [])
            #expect(response.status == .ok)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text(response.body).utf8)) as? [String: Any])
            let challenge = try #require(object["challenge"] as? String)
            #expect(challenge.count == 43)
            #expect(object["rpId"] as? String == "localhost")
            #expect(object["userVerification"] as? String == "required")
            #expect((object["allowCredentials"] as? [Any])?.isEmpty ?? true)
            // A made-up answer to that challenge is refused with a message, and the challenge is used up.
            let bogus =
                #"{"id":"AAAA","rawId":"AAAA","type":"public-key","response":{"clientDataJSON":"e30","authenticatorData":"AAAA","signature":"AAAA"}}"#
            let refused = try await web.post("/auth/passkey", [("credential", bogus), ("challenge", challenge)])
            #expect(refused.status == .unauthorized)
            #expect(text(refused.body).contains("data-testid=\"error.banner\""))
            let again = try await web.post("/auth/passkey", [("credential", bogus), ("challenge", challenge)])
            #expect(text(again.body).contains(SignInSteps.expiredMessage))
        }
    }

    @Test("A challenge started in one browser can't be finished in another")
    func challengeBoundToBrowser() async throws {
        let installation = Self.onLocalhost()
        try await installation.app().test(.router) { client in
            var first = WebClient(client: client)
            try await first.signUp()
            try await first.post("/signout", [])
            try await first.get("/signin")
            let options = text(try await first.post("/auth/passkey/options", []).body)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(options.utf8)) as? [String: Any])
            let challenge = try #require(object["challenge"] as? String)
            var second = WebClient(client: client)
            try await second.get("/signin")
            let response = try await second.post("/auth/passkey", [("credential", "{}"), ("challenge", challenge)])
            #expect(text(response.body).contains(SignInSteps.expiredMessage))
        }
    }

    @Test("The last passkey of a person without a password or provider can't be removed")
    func lastPasskey() async throws {
        let installation = Self.onLocalhost()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            let (account, identity) = try await Self.providerOnly(installation, web: &web)
            #expect(try await installation.identities.unlinkIdentity(id: identity.id, accountID: account.id))
            let passkey = Passkey(
                accountID: account.id, credentialID: Data([9, 9, 9]), publicKey: Data([1]), algorithm: -7, signCount: 0, name: "Phone",
                backedUp: true, createdAt: installation.clock.now())
            try await installation.passkeys.addPasskey(passkey)
            let page = text(try await web.get("/settings/security/passkeys").body)
            #expect(page.contains("Phone"))
            #expect(page.contains("data-testid=\"passkey.row\""))
            #expect(!page.contains("data-testid=\"passkey.remove\""))
            let refused = try await web.post("/settings/security/passkeys/\(passkey.id.uuidString)/remove", [])
            #expect(refused.status == .conflict)
            #expect(try await installation.passkeys.passkeys(accountID: account.id).count == 1)
        }
    }

    @Test("Serving HTTPS itself, AirFit marks its cookies Secure; the sign-in page's forms may lead only to configured providers")
    func httpsAndFormTargets() async throws {
        let installation = TestInstallation()
        var dependencies = installation.dependencies
        dependencies.servesHTTPS = true
        dependencies.signInProviders = SignInProviders(
            providers: [
                OIDCProvider(
                    id: "corp", kind: .generic, displayName: "Corp", issuer: URL(string: "https://id.example.com/realms/fit")!,
                    clientID: "airfit", clientSecret: .none, scopes: ["openid"], responseMode: nil)
            ])
        try await Application(router: buildRouter(dependencies)).test(.router) { client in
            let response = try await client.executeRequest(uri: "/setup", method: .get, headers: [:], body: nil)
            #expect(response.headers[.setCookie]?.contains("; Secure") == true)
            let policy = response.headers[HTTPFields.Element.Name("Content-Security-Policy")!] ?? ""
            #expect(policy.contains("form-action 'self' https://id.example.com;"))
        }
    }

    @Test("An invite page offers the providers with its token; a provider button on a dead invite says the invite doesn't work")
    func inviteThroughProvider() async throws {
        let installation = TestInstallation()
        var dependencies = installation.dependencies
        dependencies.signInProviders = SignInProviders(
            providers: [
                OIDCProvider(
                    id: "corp", kind: .generic, displayName: "Corp", issuer: URL(string: "https://id.example.com")!, clientID: "airfit",
                    clientSecret: .none, scopes: ["openid"], responseMode: nil)
            ],
            client: OIDCClient(httpClient: .shared, logger: Logger(label: "test")))
        try await Application(router: buildRouter(dependencies)).test(.router) { client in
            var admin = WebClient(client: client)
            try await admin.signUp()
            try await admin.get("/settings/members")
            let page = text(try await admin.post("/settings/members/invite", [("email", ""), ("role", "member")]).body)
            let link = try #require(attributeValues("value", testID: "members.invite.link", in: page).first)
            let path = String(link.dropFirst("http://127.0.0.1:8080".count))
            let token = String(path.dropFirst("/join/".count))
            var joiner = WebClient(client: client)
            let join = text(try await joiner.get(path).body)
            #expect(join.contains(#"data-testid="auth.provider.corp""#))
            #expect(join.contains(#"name="invite" value="\#(token)""#))
            let dead = try await joiner.post("/auth/provider/corp", [("invite", String(repeating: "Zq", count: 21) + "x")])
            #expect(dead.status == .gone)
            #expect(text(dead.body).contains("This invite link doesn"))
        }
    }
}
