"""Settings → API tokens in a real browser: reached from the settings hub through re-authentication, a token created
with its name and scopes, its value shown once (gone on reload, the row stays), the value used from Python `requests`
against the JSON API and the OpenAI-compatible endpoint, then revoked: the same requests are refused. axe-core finds
nothing serious on the page at any step."""
import sqlite3
import time

import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from browser_steps import assert_accessible, shot, tid, tids, wait_for

PASSWORD = "correct horse battery"
NAME = "Shortcuts on my phone"


def sign_up(browser, server):
    browser.get(server + "/")
    WebDriverWait(browser, 15).until(EC.url_contains("/setup"))
    tid(browser, "auth.email").send_keys("owner@example.com")
    tid(browser, "auth.password").send_keys(PASSWORD)
    tid(browser, "auth.submit").click()
    wait_for(browser, "onboarding.skip.button").click()
    wait_for(browser, "home.chat")


def age_sign_ins(server_process, minutes=11):
    """Every session's sign-in `minutes` older (the server re-reads a session once its 5-second cache entry is stale)."""
    db = sqlite3.connect(server_process.env["AIRFIT_DATA_DIR"] + "/airfit.sqlite", timeout=10)
    try:
        with db:
            db.execute("UPDATE web_sessions SET authenticated_at = authenticated_at - ?", (minutes * 60,))
    finally:
        db.close()
    time.sleep(5.5)


def bearer(server, path, token):
    return requests.get(server + path, headers={"Authorization": f"Bearer {token}"}, timeout=15)


def test_a_token_is_shown_once_works_on_the_api_and_stops_when_revoked(server_process, browser, leaks):
    server = server_process.base
    wait = WebDriverWait(browser, 15)
    sign_up(browser, server)
    age_sign_ins(server_process)

    # From the settings hub; the sign-in is 11 minutes old, so the page asks for the password first.
    browser.get(server + "/settings")
    tid(browser, "settings.apiTokens").click()
    wait.until(EC.url_contains("/reauth"))
    wait_for(browser, "reauth.password").send_keys(PASSWORD)
    tid(browser, "reauth.submit").click()
    wait.until(EC.url_contains("/settings/tokens"))
    wait_for(browser, "tokens.name")
    assert not tids(browser, "tokens.row") and not tids(browser, "tokens.value")
    assert tid(browser, "tokens.scope.read").is_selected(), "read is ticked by default"
    assert_accessible(browser, "API tokens: empty")
    shot(browser, "tokens-empty")

    tid(browser, "tokens.name").send_keys(NAME)
    tid(browser, "tokens.scope.openai").click()
    assert not tid(browser, "tokens.scope.write").is_selected() and not tid(browser, "tokens.scope.chat").is_selected()
    tid(browser, "tokens.create").click()
    value = wait_for(browser, "tokens.value").get_attribute("value")
    leaks.add_token(value, "the personal access token")
    assert value.startswith("afp_") and len(value) > 30
    assert tid(browser, "tokens.value").get_attribute("readonly") is not None
    [row] = tids(browser, "tokens.row")
    assert NAME in row.text and "Never used" in row.text
    assert_accessible(browser, "API tokens: created")
    shot(browser, "tokens-created")

    # Shown once: a reload (a GET of the page) no longer holds it, and nowhere on the page is it.
    browser.get(server + "/settings/tokens")
    wait_for(browser, "tokens.name")
    assert not tids(browser, "tokens.value")
    assert value not in browser.page_source
    [row] = tids(browser, "tokens.row")
    assert NAME in row.text

    # The value works from a script: the JSON API (read scope) and the OpenAI-compatible endpoint (openai scope).
    plan = bearer(server, "/api/v1/plan", value)
    assert plan.status_code == 200, (plan.status_code, plan.text[:300])
    assert plan.headers["Content-Type"].startswith("application/json")
    assert bearer(server, "/v1/models", value).status_code == 200
    browser.get(server + "/settings/tokens")
    assert "Last used" in wait_for(browser, "tokens.row").text

    tid(browser, "tokens.revoke").click()
    wait.until(EC.url_contains("revoked=1"))
    wait_for(browser, "tokens.name")
    assert not tids(browser, "tokens.row")
    assert "revoked" in browser.find_element(By.CSS_SELECTOR, "p.notice").text.lower()
    assert_accessible(browser, "API tokens: revoked")
    shot(browser, "tokens-revoked")

    refused = bearer(server, "/api/v1/plan", value)
    assert refused.status_code == 401, (refused.status_code, refused.text[:300])
    assert refused.headers["Content-Type"].startswith("application/problem+json")
    openai_refused = bearer(server, "/v1/models", value)
    assert openai_refused.status_code == 401
    assert openai_refused.json()["error"]["type"] == "authentication_error"
