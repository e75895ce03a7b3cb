"""Signing in with a linked OpenID Connect provider and with passkeys, in real headless Chromium (phone-sized, axe-core
clean on every new page), against a real local provider (oidc-provider-mock, `oidc_provider` in conftest.py) and
Chromium's virtual authenticator (CTAP2, internal transport, resident keys, user verification: a phone's Face ID).

The server's public origin is http://localhost:<port> — WebAuthn refuses IP addresses and needs a secure context,
which localhost is — so every page is opened there, not at 127.0.0.1."""
import base64
import json
import os
import sqlite3
import time
import uuid

import pytest
import requests
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from selenium.webdriver.common.by import By
from selenium.webdriver.common.virtual_authenticator import Credential, VirtualAuthenticatorOptions
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from browser_steps import assert_accessible, shot, tid, tids
from browser_steps import wait_for as _wait_for

pytest.importorskip("axe_selenium_python")

OWNER, PASSWORD = "owner@example.com", "correct horse battery"
RIVER = "river@example.com"  # signs up through the provider
OWNER_AT_PROVIDER = "owner.at.mock@example.com"  # the owner's own identity at the provider


@pytest.fixture
def server_env(oidc_provider):
    """Open sign-up, the provider "mock" ("Continue with Mock ID"), and the public origin on localhost."""
    return {"AIRFIT_SIGNUP": "open", "AIRFIT_PUBLIC_URL": "http://localhost:{port}", **oidc_provider.env("mock", "Mock ID")}


@pytest.fixture
def site(server_process):
    """The server as the browser opens it: by host name (passkeys need one)."""
    return f"http://localhost:{server_process.port}"


# -- steps ------------------------------------------------------------------------------------------------------------

def where(driver):
    """The current address and what the page says, for a failure message."""
    found = driver.find_elements(By.TAG_NAME, "main") or driver.find_elements(By.TAG_NAME, "body")
    return f"at {driver.current_url}: {(found[0].text if found else driver.page_source)[:600]!r}"


def wait_for(driver, test_id):
    try:
        return _wait_for(driver, test_id)
    except Exception:
        raise AssertionError(f"no {test_id} {where(driver)}") from None


def wait_url(driver, part, timeout=15):
    try:
        WebDriverWait(driver, timeout).until(EC.url_contains(part))
    except Exception:
        raise AssertionError(f"never reached {part} {where(driver)}") from None


def offline(driver):
    """The mock's pages link a stylesheet on a CDN: the browser is kept on this machine."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*cdn.jsdelivr.net*"]})


def passkey_device(driver):
    """Chromium's virtual authenticator, as a phone's built-in one with Face ID: resident keys, user verified."""
    driver.add_virtual_authenticator(VirtualAuthenticatorOptions(
        protocol=VirtualAuthenticatorOptions.Protocol.CTAP2, transport=VirtualAuthenticatorOptions.Transport.INTERNAL,
        has_resident_key=True, has_user_verification=True, is_user_verified=True))


def owner_sets_up(driver, site):
    """The first account, with email and password (the setup page), onboarding skipped."""
    driver.get(site + "/")
    wait_url(driver, "/setup")
    tid(driver, "auth.email").send_keys(OWNER)
    tid(driver, "auth.password").send_keys(PASSWORD)
    tid(driver, "auth.submit").click()
    wait_for(driver, "onboarding.skip.button").click()
    wait_for(driver, "quicklog.open")


def sign_out(driver, site):
    driver.get(site + "/settings")
    wait_for(driver, "auth.signout").click()
    wait_url(driver, "/signin")


def authorize_at_provider(driver, provider, subject):
    """On the provider's authorize page: type the subject and press Authorize (what a person does at the mock)."""
    try:
        WebDriverWait(driver, 15).until(lambda d: d.current_url.startswith(provider.issuer + "/oauth2/authorize"))
    except Exception:
        raise AssertionError(f"not at the provider's authorize page {where(driver)}") from None
    field = WebDriverWait(driver, 10).until(EC.presence_of_element_located((By.CSS_SELECTOR, "form input[name=sub]")))
    field.send_keys(subject)
    field.find_element(By.XPATH, "ancestor::form//button[@type='submit']").click()


def banner(driver):
    return wait_for(driver, "error.banner").text


def main_text(driver):
    return driver.find_element(By.TAG_NAME, "main").text


def database(server_process):
    return sqlite3.connect(server_process.env["AIRFIT_DATA_DIR"] + "/airfit.sqlite", timeout=10)


def age_sessions(server_process, column, minutes):
    """Moves every session's `column` (authenticated_at: the last proof of identity; last_seen_at: the last use)
    `minutes` back, as if that much time had passed; the server's 5-second session cache then goes stale."""
    db = database(server_process)
    try:
        with db:
            db.execute(f"UPDATE web_sessions SET {column} = {column} - ?", (minutes * 60,))
    finally:
        db.close()
    time.sleep(5.5)


# Where Unlink posts.
UNLINK_PATH = "/settings/security/linked/identities/{}/unlink"


def identity_id(server_process, provider_id):
    """The id of the (only) identity linked through `provider_id`, as the unlink route names it."""
    db = database(server_process)
    try:
        value = db.execute("SELECT id FROM linked_identities WHERE provider_id = ?", (provider_id,)).fetchone()[0]
    finally:
        db.close()
    return str(uuid.UUID(bytes=value) if isinstance(value, bytes) else uuid.UUID(str(value))).upper()


def turn_on_app_lock(driver, site, minutes="1"):
    """Settings → Privacy: lock after `minutes` idle."""
    driver.get(site + "/settings/privacy")
    lock = wait_for(driver, "privacy.appLock")
    if not lock.is_selected():
        lock.click()
    field = tid(driver, "privacy.lockMinutes")
    field.clear()
    field.send_keys(minutes)
    tid(driver, "privacy.save").click()
    WebDriverWait(driver, 10).until(EC.staleness_of(lock))
    driver.get(site + "/settings/privacy")
    assert wait_for(driver, "privacy.appLock").is_selected()


def open_linked_accounts(driver, site):
    driver.get(site + "/settings/security")
    wait_for(driver, "security.linkedAccounts").click()
    wait_for(driver, "linked.list")


def capture_passkey_posts(driver):
    """Keeps a copy of what the page's passkey script posts (credential, challenge, CSRF token) in sessionStorage,
    so the test can send the same answer again."""
    driver.execute_script("""
      const submit = HTMLFormElement.prototype.submit;
      HTMLFormElement.prototype.submit = function () {
        const field = (name) => (this.querySelector(`input[name=${name}]`) || {}).value;
        sessionStorage.setItem("passkeyPost", JSON.stringify({action: this.action, _csrf: field("_csrf"),
          credential: field("credential"), challenge: field("challenge"), next: field("next")}));
        return submit.call(this);
      };""")


# -- OpenID Connect ---------------------------------------------------------------------------------------------------

def test_sign_up_through_the_provider_lands_in_onboarding_with_no_password_and_no_way_to_unlink(
        server_process, site, browser, second_browser, oidc_provider):
    oidc_provider.set_user("river", {"email": RIVER, "email_verified": True, "name": "River"})
    owner_sets_up(browser, site)
    offline(second_browser)

    second_browser.get(site + "/signin")
    button = wait_for(second_browser, "auth.provider.mock")
    assert button.text == "Continue with Mock ID"
    assert tids(second_browser, "auth.passkey"), "passkeys are offered on localhost"
    assert_accessible(second_browser, "sign-in with a provider and a passkey")
    shot(second_browser, "signin-methods")
    button.click()
    authorize_at_provider(second_browser, oidc_provider, "river")
    wait_url(second_browser, "/onboarding")
    wait_for(second_browser, "onboarding.begin.button")
    tid(second_browser, "onboarding.skip.button").click()
    wait_for(second_browser, "quicklog.open")

    # No password until they set one; the address came from the provider.
    second_browser.get(site + "/settings/security")
    assert wait_for(second_browser, "security.password").text == "Set password"
    tid(second_browser, "security.linkedAccounts").click()
    wait_for(second_browser, "linked.list")
    assert RIVER in main_text(second_browser)
    assert not tids(second_browser, "linked.mock.unlink"), "the only way in can't be unlinked"
    assert not tids(second_browser, "linked.mock.link")
    assert_accessible(second_browser, "linked accounts, provider only")
    shot(second_browser, "linked-accounts-provider-only")
    # Asked anyway (a request made by hand, from a page with the person's CSRF token), the server refuses to unlink
    # the last way in.
    second_browser.get(site + "/settings")
    wait_for(second_browser, "auth.signout")
    answer = second_browser.execute_async_script("""
      const done = arguments[arguments.length - 1];
      const token = document.querySelector("input[name=_csrf]").value;
      fetch(arguments[0], {method: "POST", redirect: "manual", headers: {"Content-Type": "application/x-www-form-urlencoded"},
        body: "_csrf=" + encodeURIComponent(token)}).then((answer) => done(answer.status), (error) => done(String(error)));""",
        UNLINK_PATH.format(identity_id(server_process, "mock")))
    assert answer == 409, answer
    open_linked_accounts(second_browser, site)
    assert RIVER in main_text(second_browser), "still linked"
    # Email change is disabled for a provider-only person.
    second_browser.get(site + "/settings/security/email")
    WebDriverWait(second_browser, 10).until(EC.presence_of_element_located((By.TAG_NAME, "main")))
    assert not tids(second_browser, "email.new"), "a provider-only person can't change their email here"

    # Signing out and in again with the provider finds the same account.
    sign_out(second_browser, site)
    tid(second_browser, "auth.provider.mock").click()
    authorize_at_provider(second_browser, oidc_provider, "river")
    wait_for(second_browser, "quicklog.open")
    second_browser.get(site + "/settings/security")
    assert wait_for(second_browser, "security.password").text == "Set password"

    # With the app lock on, a provider-only person unlocks through their provider (no address shown on the lock).
    turn_on_app_lock(second_browser, site)
    age_sessions(server_process, "last_seen_at", 5)
    second_browser.get(site + "/settings/security")
    wait_url(second_browser, "/unlock")
    assert not tids(second_browser, "unlock.password") and not tids(second_browser, "unlock.email")
    assert_accessible(second_browser, "unlock through a provider")
    wait_for(second_browser, "unlock.provider.mock").click()
    authorize_at_provider(second_browser, oidc_provider, "river")
    wait_url(second_browser, "/settings/security")
    assert wait_for(second_browser, "security.password").text == "Set password"

    # The provider's refusal, and the return page a browser without scripts sees, are plain pages.
    second_browser.get(site + "/auth/provider/mock/return?error=access_denied&state=x")
    assert "didn't sign you in" in banner(second_browser)
    assert tids(second_browser, "provider.back")
    assert_accessible(second_browser, "provider return: refused")
    second_browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*cdn.jsdelivr.net*", "*provider-return*"]})
    second_browser.get(site + "/auth/provider/mock/return?code=not-a-real-code&state=not-a-real-state")
    wait_for(second_browser, "provider.continue")
    assert_accessible(second_browser, "provider return")
    tid(second_browser, "provider.continue").click()
    assert "took too long or was already used" in banner(second_browser), "an unknown state is refused"


def test_link_the_provider_to_a_password_account_sign_in_with_it_reauthenticate_with_it_and_unlink(
        server_process, site, browser, oidc_provider):
    oidc_provider.set_user("owner-at-mock", {"email": OWNER_AT_PROVIDER, "email_verified": True})
    offline(browser)
    owner_sets_up(browser, site)

    # Linking needs a recent sign-in: 11 minutes later it asks for the password first.
    age_sessions(server_process, "authenticated_at", 11)
    open_linked_accounts(browser, site)
    assert "Not linked" in main_text(browser)
    assert_accessible(browser, "linked accounts")
    tid(browser, "linked.mock.link").click()
    wait_url(browser, "/reauth")
    wait_for(browser, "reauth.password").send_keys(PASSWORD)
    assert not tids(browser, "reauth.provider.mock"), "a provider not yet linked can't confirm it's you"
    tid(browser, "reauth.submit").click()
    wait_url(browser, "/settings/security/linked")
    wait_for(browser, "linked.mock.link").click()
    authorize_at_provider(browser, oidc_provider, "owner-at-mock")
    wait_url(browser, "/settings/security/linked?linked=mock")
    assert "Mock ID is linked" in main_text(browser)
    assert OWNER_AT_PROVIDER in main_text(browser)
    assert tids(browser, "linked.mock.unlink"), "with a password too, the provider can be unlinked"
    assert_accessible(browser, "linked accounts: linked")
    shot(browser, "linked-accounts-linked")

    # Sign out, then in with the provider: the same account (its email and password row shows).
    sign_out(browser, site)
    wait_for(browser, "auth.provider.mock").click()
    authorize_at_provider(browser, oidc_provider, "owner-at-mock")
    wait_for(browser, "quicklog.open")
    open_linked_accounts(browser, site)
    assert OWNER in main_text(browser)

    # Re-authentication offers the provider (prompt=login, max_age=0); it confirms.
    age_sessions(server_process, "authenticated_at", 11)
    open_linked_accounts(browser, site)
    tid(browser, "linked.mock.unlink").click()
    wait_url(browser, "/reauth")
    wait_for(browser, "reauth.provider.mock")
    assert tids(browser, "reauth.password")
    assert_accessible(browser, "re-authentication with a provider")
    shot(browser, "reauth-provider")
    tid(browser, "reauth.provider.mock").click()
    authorize_at_provider(browser, oidc_provider, "owner-at-mock")
    wait_url(browser, "/settings/security/linked")
    wait_for(browser, "linked.mock.unlink").click()
    wait_for(browser, "linked.mock.link")
    assert "Not linked" in main_text(browser)

    # Unlinked, the identity no longer reaches the owner: with open sign-up it makes a new account instead.
    sign_out(browser, site)
    wait_for(browser, "auth.provider.mock").click()
    authorize_at_provider(browser, oidc_provider, "owner-at-mock")
    wait_url(browser, "/onboarding")
    wait_for(browser, "onboarding.skip.button").click()
    wait_for(browser, "quicklog.open")  # the skip's own navigation ends at home first
    open_linked_accounts(browser, site)
    assert OWNER not in main_text(browser) and OWNER_AT_PROVIDER in main_text(browser)


def test_an_identity_already_linked_to_another_member_is_refused(server_process, site, browser, second_browser, oidc_provider):
    oidc_provider.set_user("river", {"email": RIVER, "email_verified": True})
    offline(browser)
    offline(second_browser)
    owner_sets_up(browser, site)
    second_browser.get(site + "/signin")
    wait_for(second_browser, "auth.provider.mock").click()
    authorize_at_provider(second_browser, oidc_provider, "river")
    wait_url(second_browser, "/onboarding")

    # The owner tries to link River's provider account.
    open_linked_accounts(browser, site)
    tid(browser, "linked.mock.link").click()
    authorize_at_provider(browser, oidc_provider, "river")
    assert "already linked to another member" in banner(browser)
    assert_accessible(browser, "linking refused")
    shot(browser, "linked-accounts-refused")
    open_linked_accounts(browser, site)
    assert "Not linked" in main_text(browser) and RIVER not in main_text(browser)
    assert tids(browser, "linked.mock.link")


# -- Passkeys ---------------------------------------------------------------------------------------------------------

def add_passkey(driver, site, name):
    driver.get(site + "/settings/security")
    wait_for(driver, "security.passkeys").click()
    wait_for(driver, "passkey.name").send_keys(name)
    tid(driver, "passkey.add").click()
    wait_url(driver, "added=1")
    return wait_for(driver, "passkey.row")


def hint_hidden(driver, page, shown):
    """On localhost passkeys work: the "can't use passkeys here" note must not show (collected into `shown`, asserted
    at the end of the test so the rest still runs)."""
    for note in driver.find_elements(By.CSS_SELECTOR, "[data-passkey-unavailable]"):
        if note.is_displayed():
            shown.append(page)


def signed_in(driver, site):
    driver.get(site + "/settings/security")
    WebDriverWait(driver, 10).until(lambda d: tids(d, "security.passkeys") or "/signin" in d.current_url)
    return "/signin" not in driver.current_url


def test_passkey_registers_signs_in_unlocks_the_app_lock_confirms_and_is_removed(server_process, site, browser):
    passkey_device(browser)
    owner_sets_up(browser, site)

    browser.get(site + "/settings/security")
    wait_for(browser, "security.passkeys").click()
    wait_for(browser, "passkey.add")
    assert "No passkeys yet" in main_text(browser)
    assert_accessible(browser, "passkeys")
    row = add_passkey(browser, site, "Test phone")
    assert "Test phone" in row.text
    assert "Passkey added" in main_text(browser)
    assert len(tids(browser, "passkey.row")) == 1
    assert_accessible(browser, "passkeys: one added")
    shot(browser, "passkeys")

    shown = []
    hint_hidden(browser, "passkeys", shown)

    # Sign out; sign in with the passkey alone (no email typed).
    sign_out(browser, site)
    hint_hidden(browser, "sign-in", shown)
    csrf_cookie = {c["name"]: c["value"] for c in browser.get_cookies()}
    capture_passkey_posts(browser)
    wait_for(browser, "auth.passkey").click()
    WebDriverWait(browser, 15).until(lambda d: "/signin" not in d.current_url and "/auth/passkey" not in d.current_url)
    assert signed_in(browser, site)
    posted = json.loads(browser.execute_script("return sessionStorage.getItem('passkeyPost')"))
    assert posted["action"].endswith("/auth/passkey") and posted["credential"] and posted["challenge"]

    # The same answer sent again (a replayed assertion) is refused, and starts no session.
    replay = requests.post(
        site + "/auth/passkey", data={"_csrf": posted["_csrf"], "credential": posted["credential"], "challenge": posted["challenge"]},
        cookies=csrf_cookie, allow_redirects=False, timeout=10)
    assert replay.status_code == 401, (replay.status_code, replay.text[:300])
    assert "already used" in replay.text
    assert "airfit_session" not in replay.headers.get("Set-Cookie", "")

    # The app lock, after a minute idle: unlocked with the passkey (Face ID on an iPhone).
    turn_on_app_lock(browser, site)
    age_sessions(server_process, "last_seen_at", 5)
    browser.get(site + "/settings/security")
    wait_url(browser, "/unlock")
    wait_for(browser, "applock.passkey")
    assert OWNER in tid(browser, "unlock.email").text
    hint_hidden(browser, "unlock", shown)
    assert_accessible(browser, "unlock with a passkey")
    shot(browser, "unlock-passkey")
    tid(browser, "applock.passkey").click()
    wait_for(browser, "security.passkeys")
    assert "/settings/security" in browser.current_url

    # Re-authentication with the passkey: 11 minutes on, the passkeys page asks first (a password remains, so the
    # passkey may then be removed).
    age_sessions(server_process, "authenticated_at", 11)
    browser.get(site + "/settings/security/passkeys")
    wait_url(browser, "/reauth")
    wait_for(browser, "reauth.passkey")
    assert tids(browser, "reauth.password")
    hint_hidden(browser, "re-authentication", shown)
    assert_accessible(browser, "re-authentication with a passkey")
    shot(browser, "reauth-passkey")
    tid(browser, "reauth.passkey").click()
    wait_url(browser, "/settings/security/passkeys")
    wait_for(browser, "passkey.remove").click()
    WebDriverWait(browser, 10).until(lambda d: not tids(d, "passkey.row") and "No passkeys yet" in main_text(d))

    # Gone: the authenticator's key no longer signs in.
    sign_out(browser, site)
    wait_for(browser, "auth.passkey").click()
    assert "isn't registered" in banner(browser)
    assert "/signin" in browser.current_url or "/auth/passkey" in browser.current_url
    assert not signed_in(browser, site)
    assert not shown, f"the note saying passkeys can't work here shows on localhost, where they do: {shown}"


def other_key(credential_id, user_handle):
    """A resident credential for this site made on another device: its own P-256 key."""
    key = ec.generate_private_key(ec.SECP256R1())
    pkcs8 = key.private_bytes(serialization.Encoding.DER, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    return Credential.create_resident_credential(
        id=credential_id, rp_id="localhost", user_handle=user_handle, private_key=pkcs8, sign_count=0)


def test_another_authenticators_key_cannot_sign_in_as_this_person(server_process, site, browser, second_browser):
    passkey_device(browser)
    owner_sets_up(browser, site)
    add_passkey(browser, site, "Owner phone")
    registered = browser.get_credentials()
    assert len(registered) == 1
    db = database(server_process)
    try:
        account_id = db.execute("SELECT id FROM accounts").fetchone()[0]
    finally:
        db.close()
    handle = uuid.UUID(str(account_id)).bytes if not isinstance(account_id, bytes) else account_id

    # A second device whose key claims to be the owner (their user handle) but was never registered.
    passkey_device(second_browser)
    second_browser.add_credential(other_key(os.urandom(16), handle))
    second_browser.get(site + "/signin")
    wait_for(second_browser, "auth.passkey").click()
    assert "isn't registered" in banner(second_browser)
    assert_accessible(second_browser, "sign-in with a passkey: refused")
    assert not signed_in(second_browser, site)

    # The same device now holds a key with the owner's credential id (a clone of the id, not of the key): refused.
    second_browser.remove_all_credentials()
    cloned_id = base64.urlsafe_b64decode(registered[0].id.rstrip("=") + "==")
    second_browser.add_credential(other_key(cloned_id, handle))
    second_browser.get(site + "/signin")
    wait_for(second_browser, "auth.passkey").click()
    banner(second_browser)
    assert not signed_in(second_browser, site)

    # The owner's own device still signs in.
    sign_out(browser, site)
    wait_for(browser, "auth.passkey").click()
    WebDriverWait(browser, 15).until(lambda d: "/signin" not in d.current_url and "/auth/passkey" not in d.current_url)
    assert signed_in(browser, site)
