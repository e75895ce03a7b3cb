import Foundation
import Testing

@testable import AirFitCore

/// The rules of sign-in methods: keeping a way in, what a provider's return does, passkey names.
@Suite("Sign-in rules")
struct SignInRuleTests {
    @Test(
        "Unlink and remove are offered only while another way in remains",
        arguments: [
            (SignInMethods(hasPassword: false, providers: 1, passkeys: 0), false),
            (SignInMethods(hasPassword: false, providers: 0, passkeys: 1), false),
            (SignInMethods(hasPassword: true, providers: 1, passkeys: 0), true),
            (SignInMethods(hasPassword: false, providers: 2, passkeys: 0), true),
            (SignInMethods(hasPassword: false, providers: 1, passkeys: 1), true),
        ])
    func lastWayIn(methods: SignInMethods, canRemove: Bool) {
        #expect(methods.canRemoveOne == canRemove)
    }

    @Test("A person without a password sees Set password and can't change their email")
    func providerOnly() {
        let providerOnly = SignInMethods(hasPassword: false, providers: 1, passkeys: 0)
        #expect(providerOnly.passwordLabel == "Set password")
        #expect(providerOnly.canChangeEmail == false)
        #expect(SignInMethods(hasPassword: true, providers: 0, passkeys: 0).passwordLabel == "Change password")
    }

    @Test("A known identity signs its owner in, whatever the sign-up rules")
    func knownIdentitySignsIn() {
        let owner = UUID()
        let facts = ProviderReturnFlow.Facts(providerName: "Corp", identityOwner: owner, email: "a@b.example", emailOwner: nil)
        #expect(ProviderReturnFlow.decide(.signIn(canSignUp: false), facts: facts) == .signIn(accountID: owner))
    }

    @Test("A new identity makes an account only when sign-up is allowed, with an unused email")
    func newIdentity() {
        let fresh = ProviderReturnFlow.Facts(providerName: "Corp", identityOwner: nil, email: " New@Example.com ", emailOwner: nil)
        #expect(ProviderReturnFlow.decide(.signIn(canSignUp: true), facts: fresh) == .createAccount(email: "new@example.com"))
        guard case .refused(let closed) = ProviderReturnFlow.decide(.signIn(canSignUp: false), facts: fresh) else {
            Issue.record("closed sign-up must refuse")
            return
        }
        #expect(closed.contains("No AirFit account is linked to this Corp account"))
        var taken = fresh
        taken.emailOwner = UUID()
        guard case .refused(let message) = ProviderReturnFlow.decide(.signIn(canSignUp: true), facts: taken) else {
            Issue.record("an email in use must not be taken over")
            return
        }
        #expect(message.contains("Sign in with your password, then link Corp"))
        var silent = fresh
        silent.email = nil
        guard case .refused = ProviderReturnFlow.decide(.signIn(canSignUp: true), facts: silent) else {
            Issue.record("no email, no account")
            return
        }
    }

    @Test("Linking: an identity of another member is refused; one's own is already linked")
    func linking() {
        let (me, other) = (UUID(), UUID())
        func facts(_ owner: UUID?) -> ProviderReturnFlow.Facts {
            .init(providerName: "Google", identityOwner: owner, email: nil, emailOwner: nil)
        }
        #expect(ProviderReturnFlow.decide(.link(accountID: me), facts: facts(nil)) == .link(accountID: me))
        #expect(ProviderReturnFlow.decide(.link(accountID: me), facts: facts(me)) == .alreadyLinked)
        #expect(
            ProviderReturnFlow.decide(.link(accountID: me), facts: facts(other))
                == .refused("That Google account is already linked to another member."))
        #expect(ProviderReturnFlow.decide(.confirm(accountID: me), facts: facts(me)) == .confirmed)
        #expect(ProviderReturnFlow.decide(.confirm(accountID: me), facts: facts(nil)) != .confirmed)
        #expect(ProviderReturnFlow.decide(.confirm(accountID: me), facts: facts(other)) != .confirmed)
    }

    @Test("A passkey or provider confirms re-authentication and marks the session recent")
    func reauthenticationByProof() {
        let (state, actions) = ReauthenticationFlow.handle(.proved(next: "/settings/security/delete"))
        #expect(state == .confirmed(next: "/settings/security/delete"))
        #expect(actions == [.markRecent])
    }

    @Test("Passkey names: trimmed, the device's name when empty, at most 40 characters, no control characters")
    func passkeyNames() {
        #expect(PasskeyName.normalized("  YubiKey 5 ", fallback: "Chrome on Linux") == "YubiKey 5")
        #expect(PasskeyName.normalized("", fallback: "Chrome on Linux") == "Chrome on Linux")
        #expect(PasskeyName.normalized(String(repeating: "x", count: 41), fallback: "x") == nil)
        #expect(PasskeyName.problem(String(repeating: "x", count: 41)) == "Keep the passkey's name to 40 characters.")
        #expect(PasskeyName.normalized("bad\u{7}name", fallback: "x") == nil)
    }
}
