"""OpenID Connect sign-in against a provider that enforces PKCE and signs ES256 ID tokens (fake_oidc.py, joserfc),
driven over HTTP the way a browser would (forms, CSRF tokens, cookies): Google-shaped and Apple-shaped tokens, Apple's
form_post return (a cross-site POST without cookies), Apple's private relay address never shown, and tokens the
server must refuse (wrong nonce, wrong audience, a PKCE verifier that does not match)."""
import base64
import hashlib
import re
import time

import pytest
from joserfc.jwk import ECKey

from oidc_steps import Person, age_last_seen, banner_of, csrf_of, free_port

OWNER, PASSWORD = "owner@example.com", "correct horse battery"
RELAY = "k7q2xw9p4m@privaterelay.appleid.com"


def start_server(airfit, provider_env, signup="open"):
    """`airfit serve` with these providers and its public origin, and the owner's account made on the setup page;
    (None, its output) when the server refuses the configuration and exits."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = airfit.serve({"AIRFIT_PUBLIC_URL": base, "AIRFIT_SIGNUP": signup, **provider_env}, port=port)
    deadline = time.time() + 60
    while True:
        if server.proc.poll() is not None:
            return None, server.output()
        try:
            server.wait_healthy(timeout=1)
            break
        except AssertionError:
            if time.time() > deadline:
                raise
    owner = Person(base, airfit.leaks)
    token = csrf_of(owner.get("/setup").text)
    airfit.leaks.add_token(token, "the setup page's CSRF token")
    created = owner.post_form("/setup", {"_csrf": token, "email": OWNER, "password": PASSWORD})
    assert created.status_code == 200 and owner.signed_in(), (created.status_code, created.text[:300])
    owner.remember_secrets()
    server.base = base
    return server, base


def generic_env(provider, provider_id="corp", name="Corp ID"):
    key = provider_id.upper()
    return {
        "AIRFIT_OIDC_PROVIDERS": provider_id, f"AIRFIT_OIDC_{key}_KIND": "generic", f"AIRFIT_OIDC_{key}_ISSUER": provider.issuer,
        f"AIRFIT_OIDC_{key}_CLIENT_ID": provider.client_id, f"AIRFIT_OIDC_{key}_CLIENT_SECRET": provider.client_secret,
        f"AIRFIT_OIDC_{key}_NAME": name,
    }


def register(airfit, provider):
    airfit.leaks.add_token(provider.client_secret, "the provider's client secret")
    for value in provider.issued:
        airfit.leaks.add_token(value, "a code or ID token from the provider")


def last_token_request(provider, final):
    """The provider's last token request (form, outcome); fails saying where the flow stopped when there was none."""
    assert provider.token_requests, ("the server never exchanged the code", final.status_code, final.url, banner_of(final.text))
    return provider.token_requests[-1]


def s256(verifier):
    return base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()


def test_google_shaped_sign_up_uses_pkce_state_and_nonce(airfit, fake_oidc):
    fake_oidc.claims = {"sub": "108234567890", "email": "river@example.com", "email_verified": True, "name": "River"}
    _, base = start_server(airfit, generic_env(fake_oidc))
    river = Person(base, airfit.leaks)
    final = river.at_provider(river.start_provider("corp"))
    register(airfit, fake_oidc)
    assert final.status_code == 200 and "/onboarding" in final.url, (final.status_code, final.url, banner_of(final.text))
    assert river.signed_in()

    asked = fake_oidc.authorizations[-1]
    assert asked["response_type"] == "code" and asked["client_id"] == fake_oidc.client_id
    assert asked["redirect_uri"] == base + "/auth/provider/corp/return"
    assert "openid" in asked["scope"].split()
    assert asked["code_challenge_method"] == "S256" and re.fullmatch(r"[A-Za-z0-9_-]{43}", asked["code_challenge"])
    assert len(asked["state"]) >= 32 and len(asked["nonce"]) >= 32 and asked["state"] != asked["nonce"]
    form, outcome = last_token_request(fake_oidc, final)
    assert outcome == "ok"
    assert s256(form["code_verifier"]) == asked["code_challenge"], "the verifier sent matches the challenge"
    assert 43 <= len(form["code_verifier"]) <= 128

    # The account has no password; the provider's address shows on Linked accounts.
    assert "Set password" in river.get("/settings/security").text
    assert "river@example.com" in river.get("/settings/security/linked").text

    # Signed out, the provider signs River in again (the same account: still no password).
    river.post_form("/signout", {"_csrf": csrf_of(river.get("/settings").text)})
    assert not river.signed_in()
    again = river.at_provider(river.start_provider("corp"))
    register(airfit, fake_oidc)
    assert again.status_code == 200 and river.signed_in(), (again.status_code, again.url, banner_of(again.text))
    assert "Set password" in river.get("/settings/security").text


@pytest.mark.parametrize("switch", ["wrong_nonce", "wrong_audience"])
def test_a_token_with_the_wrong_nonce_or_audience_is_refused(airfit, fake_oidc, switch):
    setattr(fake_oidc, switch, True)
    _, base = start_server(airfit, generic_env(fake_oidc))
    person = Person(base, airfit.leaks)
    final = person.at_provider(person.start_provider("corp"))
    register(airfit, fake_oidc)
    assert last_token_request(fake_oidc, final)[1] == "ok", "the provider issued the token; the server must refuse it"
    assert final.status_code >= 400, (final.status_code, final.url)
    assert "Corp ID sign-in didn't work" in banner_of(final.text), banner_of(final.text)
    assert not person.signed_in()


def test_a_pkce_verifier_that_does_not_match_is_refused(airfit, fake_oidc):
    _, base = start_server(airfit, generic_env(fake_oidc))
    person = Person(base, airfit.leaks)
    authorize_url = person.start_provider("corp")
    # The challenge the provider holds is not the one the server made (a code stolen from another flow, say).
    authorize_url = re.sub(r"code_challenge=[A-Za-z0-9_-]+", "code_challenge=" + s256("another verifier entirely, 43 chars long.."),
                           authorize_url)
    final = person.at_provider(authorize_url)
    register(airfit, fake_oidc)
    assert last_token_request(fake_oidc, final)[1] == "invalid_grant", fake_oidc.token_requests[-1][1]
    assert final.status_code >= 400 and "didn't work" in banner_of(final.text), (final.status_code, banner_of(final.text))
    assert not person.signed_in()


PAGES = ["/", "/settings", "/settings/security", "/settings/security/linked", "/settings/security/email",
         "/settings/security/password", "/settings/security/passkeys", "/settings/profile", "/settings/privacy",
         "/settings/preferences", "/settings/communication", "/settings/privacy/requests", "/settings/data"]


def assert_relay_never_shown(person, airfit):
    """No page the person can open shows Apple's private relay address (or its local part)."""
    local = RELAY.split("@")[0]
    for path in PAGES:
        page = person.get(path)
        assert RELAY not in page.text and local not in page.text, f"{path} shows the private relay address"


def apple_claims(subject):
    # As Apple sends them: email_verified and is_private_email as strings, auth_time, a relay address.
    return {"sub": subject, "email": RELAY, "email_verified": "true", "is_private_email": "true", "auth_time": int(time.time())}


def test_apple_shaped_token_through_a_generic_provider_with_the_form_post_return(airfit, fake_oidc):
    fake_oidc.claims = apple_claims("001234.abcdef0123456789.0042")
    server, base = start_server(airfit, generic_env(fake_oidc, "corp", "Corp ID"))
    person = Person(base, airfit.leaks)
    final = person.at_provider(person.start_provider("corp"), cross_site_post=True)
    register(airfit, fake_oidc)
    assert "/onboarding" in final.url, (final.status_code, final.url, banner_of(final.text))

    linked = person.get("/settings/security/linked").text
    assert "Linked" in linked
    assert_relay_never_shown(person, airfit)

    # The app lock's page too (it names who is signed in).
    page = person.get("/settings/privacy").text
    saved = person.post_form("/settings/privacy", {"_csrf": csrf_of(page), "app_lock": "on", "lock_minutes": "1"})
    assert saved.status_code == 200, saved.status_code
    age_last_seen(server.env["AIRFIT_DATA_DIR"], 5)
    locked = person.get("/settings/security")
    assert "/unlock" in locked.url, locked.url
    assert RELAY not in locked.text and RELAY.split("@")[0] not in locked.text, "the unlock page shows the private relay address"


def test_apple_preset_with_its_signed_client_secret_and_form_post(airfit, fake_oidc, apple_team_key):
    key_path, public_pem = apple_team_key
    fake_oidc.apple_key = ECKey.import_key(public_pem)
    fake_oidc.client_id = "com.example.airfit.web"
    fake_oidc.claims = apple_claims("001234.fedcba9876543210.0042")
    env = {
        "AIRFIT_OIDC_PROVIDERS": "apple", "AIRFIT_OIDC_APPLE_KIND": "apple", "AIRFIT_OIDC_APPLE_ISSUER": fake_oidc.issuer,
        "AIRFIT_OIDC_APPLE_CLIENT_ID": fake_oidc.client_id, "AIRFIT_OIDC_APPLE_TEAM_ID": "TEAM123456",
        "AIRFIT_OIDC_APPLE_KEY_ID": "TESTKEY123", "AIRFIT_OIDC_APPLE_PRIVATE_KEY_FILE": key_path,
    }
    server, base = start_server(airfit, env)
    assert server is not None, "serve exited: " + base[-800:]
    person = Person(base, airfit.leaks)
    authorize_url = person.start_provider("apple")
    assert "response_mode=form_post" in authorize_url
    final = person.at_provider(authorize_url)
    register(airfit, fake_oidc)
    form, outcome = last_token_request(fake_oidc, final)
    assert outcome == "ok", ("the provider accepted the ES256 client secret and the PKCE verifier", outcome)
    airfit.leaks.add_token(form.get("client_secret"), "Apple's client secret JWT")
    assert "/onboarding" in final.url, (final.status_code, final.url, banner_of(final.text))
    assert_relay_never_shown(person, airfit)
