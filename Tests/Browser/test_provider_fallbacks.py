"""Settings → AI provider → Fallbacks in a real browser, with OpenAI and Anthropic keys stored for fake upstreams of
each wire format: Anthropic added as a fallback (a row), the provider in use refused with a banner, a row removed; then
OpenAI fails before its first byte (503 with `Retry-After: 120`, too long to wait for) and the chat's reply comes from
Anthropic with the small "Answered by Anthropic …" note. axe-core on every page state."""
import json

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

from browser_steps import assert_accessible, shot, tid, tids, wait_for
from usage_steps import chat, sign_up, store_key, upstreams

pytest.importorskip("axe_selenium_python")

FALLBACK_MODEL = upstreams.MODELS["anthropic"]


class UnavailableOpenAI(upstreams.FakeUpstream):
    """The OpenAI fake, whose scripted 503 asks the caller to come back in two minutes (so AirFit does not retry it)."""

    def send_error_body(self, handler, status):
        if status != 503:
            return super().send_error_body(handler, status)
        body = {"error": {"message": "The server is overloaded", "type": "server_error", "code": "overloaded"}}
        self.send_json(handler, 503, body, [("Retry-After", "120")])


@pytest.fixture
def primary():
    fake = UnavailableOpenAI("openai")
    yield fake
    fake.stop()


@pytest.fixture
def fallback():
    fake = upstreams.FakeUpstream("anthropic")
    yield fake
    fake.stop()


def open_provider_page(browser, server):
    browser.get(server + "/settings")
    tid(browser, "settings.apiConfiguration").click()
    WebDriverWait(browser, 15).until(EC.url_contains("/settings/provider"))
    return wait_for(browser, "provider.fallback.list")


def add_fallback(browser, provider, model):
    Select(tid(browser, "provider.fallback.provider")).select_by_value(provider)
    tid(browser, "provider.fallback.model").send_keys(model)
    tid(browser, "provider.fallback.add").click()


def test_a_fallback_is_added_refused_removed_and_answers_when_the_provider_fails(server_process, browser, primary, fallback, leaks):
    server = server_process.base
    # Both keys stored from the terminal before the first sign-up; the first one stored chooses OpenAI.
    store_key(server_process, primary, leaks)
    store_key(server_process, fallback, leaks)
    sign_up(browser, server)

    open_provider_page(browser, server)
    assert tid(browser, "provider.current.status").text == "Active"
    assert not tids(browser, "provider.fallback.row")
    offered = [o.get_attribute("value") for o in Select(tid(browser, "provider.fallback.provider")).options]
    assert "anthropic" in offered and "openai" not in offered, offered
    assert_accessible(browser, "provider page: no fallbacks")

    add_fallback(browser, "anthropic", FALLBACK_MODEL)
    WebDriverWait(browser, 15).until(EC.url_contains("fallback=added"))
    [row] = tids(browser, "provider.fallback.row")
    assert "1. Anthropic" in row.text and FALLBACK_MODEL in row.text, row.text
    assert_accessible(browser, "provider page: one fallback")
    shot(browser, "fallback-added")

    # The provider in use, posted as a fallback (an option the page does not offer, put in the select by hand).
    select = tid(browser, "provider.fallback.provider")
    browser.execute_script("const o = document.createElement('option'); o.value = 'openai'; o.text = 'OpenAI'; arguments[0].add(o)", select)
    add_fallback(browser, "openai", "gpt-4o")
    banner = wait_for(browser, "error.banner")
    assert "That's the provider you already use first" in banner.text, banner.text
    assert len(tids(browser, "provider.fallback.row")) == 1
    assert_accessible(browser, "provider page: fallback refused")
    shot(browser, "fallback-refused")

    open_provider_page(browser, server)
    tid(browser, "provider.fallback.remove").click()
    WebDriverWait(browser, 15).until(EC.url_contains("fallback=removed"))
    assert not tids(browser, "provider.fallback.row")
    assert "No fallbacks" in tid(browser, "provider.fallback.list").text

    # Back in the chain, then OpenAI fails before its first byte: Anthropic answers, and the chat says so.
    add_fallback(browser, "anthropic", FALLBACK_MODEL)
    WebDriverWait(browser, 15).until(EC.url_contains("fallback=added"))
    primary.clear()
    fallback.clear()
    primary.fail_next(503)
    reply = chat(browser, server, "Is a rest day fine", leaks)
    assert "You said: " in reply.text and "rest day" in reply.text, reply.text
    assert not reply.find_elements(By.CSS_SELECTOR, '[data-testid="chat.incomplete"]')
    note = wait_for(browser, "chat.fallbackNote")
    assert note.text.startswith("Answered by Anthropic Claude"), note.text
    assert FALLBACK_MODEL in note.text, note.text
    assert len(primary.chats()) == 1, "OpenAI was asked once: a 503 with Retry-After: 120 is not retried"
    [asked] = fallback.chats()
    assert asked.path == fallback.chat_path() and asked.body["model"] == FALLBACK_MODEL
    assert asked.headers.get("x-api-key") == fallback.key, "the fallback is called with its own key"
    assert "Is a rest day fine" in json.dumps(asked.body["messages"])
    assert_accessible(browser, "chat: answered by the fallback")
    shot(browser, "fallback-answered")

    # With OpenAI back, the next reply is its own and carries no note.
    reply = chat(browser, server, "Thanks coach", leaks)
    assert "Thanks coach" in reply.text
    assert len(primary.chats()) == 2 and len(fallback.chats()) == 1
    assert not tids(browser, "chat.fallbackNote")

    # The ledger has the fallback's call: the Subscription page lists Anthropic beside OpenAI.
    browser.get(server + "/settings/subscription")
    providers = [r.find_element(By.TAG_NAME, "th").text for r in tids(browser, "subscription.provider")]
    assert sorted(providers) == ["Anthropic Claude", "OpenAI"], providers
