"""The AI provider page in a real browser: a key with the wrong format, then a valid key tested against a
fake OpenAI server, then removed; and the developer tools. axe-core finds nothing serious on any page."""
import json

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

from browser_steps import assert_accessible, shot, tid
from fake_provider import KEY, FakeProvider

PROVIDERS = ["openai", "anthropic", "gemini", "openrouter", "ollama", "custom"]


@pytest.fixture
def provider():
    """An OpenAI-compatible fake: GET /v1/models lists gpt-4o-mini and gpt-4o for KEY, 401 for any other key."""
    fake = FakeProvider()
    yield fake
    fake.close()


@pytest.fixture
def server_env():
    """Developer tools on."""
    return {"AIRFIT_ENV": "development"}


def top_shot(driver, name):
    driver.execute_script("window.scrollTo(0, 0)")
    shot(driver, name)


def sign_up(browser, server, wait):
    browser.get(server + "/")
    wait.until(EC.url_contains("/setup"))
    tid(browser, "auth.email").send_keys("owner@example.com")
    tid(browser, "auth.password").send_keys("correct horse battery")
    tid(browser, "auth.submit").click()
    wait.until(EC.url_contains("/onboarding"))
    tid(browser, "onboarding.skip.button").click()
    wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, '[data-testid="home.chat"]')))


def test_add_key_format_error_then_valid_key_then_remove(server, browser, provider):
    wait = WebDriverWait(browser, 15)
    sign_up(browser, server, wait)

    browser.get(server + "/settings")
    assert "Not chosen" in tid(browser, "settings.apiConfiguration").text
    tid(browser, "settings.apiConfiguration").click()
    wait.until(EC.url_contains("/settings/provider"))
    for name in PROVIDERS:
        assert tid(browser, f"provider.{name}").get_attribute("type") == "radio"
    assert tid(browser, "provider.openai").is_selected()
    assert not tid(browser, "provider.save").is_enabled(), "Save needs a key for OpenAI"
    assert tid(browser, "provider.current.status").text == "Not set up"
    assert_accessible(browser, "provider page")
    top_shot(browser, "10-provider")

    # Picking a keyless provider enables Save in place; picking OpenAI again disables it.
    tid(browser, "provider.ollama").click()
    wait.until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, "#provider-choice legend"), "Ollama (local) settings"))
    assert tid(browser, "provider.save").is_enabled()
    tid(browser, "provider.openai").click()
    wait.until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, "#provider-choice legend"), "OpenAI settings"))
    assert not tid(browser, "provider.save").is_enabled()
    assert not tid(browser, "provider.choose").is_displayed(), "the no-JavaScript button is hidden"

    tid(browser, "apikey.openai.add").click()
    wait.until(EC.url_contains("/settings/provider/keys/openai"))
    key = tid(browser, "apikey.input")
    assert key.get_attribute("type") == "password"
    assert tid(browser, "apikey.getKey").get_attribute("href") == "https://platform.openai.com/api-keys"
    assert "starts with sk-" in browser.page_source
    tid(browser, "apikey.baseURL").send_keys(provider.base_url)
    key.send_keys("pk-not-an-openai-key-12345")
    tid(browser, "apikey.toggle").click()
    assert key.get_attribute("type") == "text"
    assert tid(browser, "apikey.toggle").get_attribute("aria-pressed") == "true"
    tid(browser, "apikey.toggle").click()
    assert key.get_attribute("type") == "password"
    assert_accessible(browser, "key page")
    top_shot(browser, "11-key-entry")

    tid(browser, "apikey.save").click()
    alert = wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, '[role="alert"]')))
    assert 'Key has the wrong format: OpenAI keys start with "sk-"' in alert.text
    # The key stays in the field to correct; the server never sent it back (it is not in the page's HTML).
    assert tid(browser, "apikey.input").get_attribute("value") == "pk-not-an-openai-key-12345"
    assert tid(browser, "apikey.input").get_attribute("aria-invalid") == "true"
    assert tid(browser, "apikey.baseURL").get_attribute("value") == provider.base_url, "everything else typed stays"
    assert "pk-not-an-openai-key-12345" not in browser.page_source
    assert provider.requests == [], "a badly formatted key is never sent"
    assert_accessible(browser, "key page with an error")
    shot(browser, "12-key-format-error")

    # Submitting shows "Validating key…" and disables Save. The submission is held back here: the WebDriver
    # waits for a navigation to finish, so the page cannot be read while a real request is in flight.
    tid(browser, "apikey.input").clear()
    tid(browser, "apikey.input").send_keys(KEY)
    browser.execute_script("window.fetch = () => new Promise(() => {})")
    tid(browser, "apikey.save").click()
    indicator = tid(browser, "apikey.validating")
    assert indicator.is_displayed() and indicator.text == "Validating key…"
    assert indicator.get_attribute("role") == "status"
    assert not tid(browser, "apikey.save").is_enabled()
    assert tid(browser, "apikey.input").get_attribute("readonly") is not None
    shot(browser, "13-validating")

    # The real submission: format check, live test against the fake, saved; the first key chooses OpenAI.
    browser.get(server + "/settings/provider/keys/openai")
    tid(browser, "apikey.baseURL").send_keys(provider.base_url)
    tid(browser, "apikey.input").send_keys(KEY)
    tid(browser, "apikey.save").click()
    wait.until(EC.url_contains("added=openai"))
    assert ("GET", "/v1/models", None) in provider.requests
    assert "Saved the OpenAI key (sk-…kkkk). Your coach uses OpenAI." in tid(browser, "provider.notice").text
    assert KEY not in browser.page_source
    assert "sk-…kkkk" in tid(browser, "apikey.openai.status").text
    assert tid(browser, "provider.current.status").text == "Active"
    # The page shows the catalog, then its script POSTs (with CSRF) for the live list at the key's own address.
    wait.until(lambda b: "Live list from OpenAI." in tid(b, "provider.modelSource").text)
    model = Select(tid(browser, "provider.model"))
    assert [o.get_attribute("value") for o in model.options] == ["gpt-4o-mini", "gpt-4o"]
    assert tid(browser, "provider.baseURL").get_attribute("value") == provider.base_url
    assert tid(browser, "provider.save").is_enabled()
    top_shot(browser, "14-key-saved")

    # A temperature out of range is explained, and what was typed stays.
    model.select_by_value("gpt-4o")
    tid(browser, "provider.temperature").clear()
    tid(browser, "provider.temperature").send_keys("3")
    tid(browser, "provider.save").click()
    alert = wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, '[role="alert"]')))
    assert "Enter a temperature from 0 to 2" in alert.text
    assert tid(browser, "provider.temperature").get_attribute("value") == "3"
    assert Select(tid(browser, "provider.model")).first_selected_option.get_attribute("value") == "gpt-4o"
    tid(browser, "provider.temperature").clear()
    tid(browser, "provider.temperature").send_keys("0.6")
    tid(browser, "provider.save").click()
    wait.until(EC.url_contains("saved=1"))
    assert tid(browser, "provider.current.model").text == "gpt-4o"
    assert tid(browser, "provider.temperature").get_attribute("value") == "0.6"
    top_shot(browser, "15-configuration-saved")

    tid(browser, "apikey.openai.remove").click()
    confirm = wait.until(EC.element_to_be_clickable((By.CSS_SELECTOR, '[data-testid="apikey.openai.remove.confirm"]')))
    assert "Remove the OpenAI key?" in browser.find_element(By.ID, "remove-openai").text
    assert_accessible(browser, "remove dialog")
    shot(browser, "16-remove-confirm")
    confirm.click()
    wait.until(EC.url_contains("removed=openai"))
    assert "Removed the OpenAI key." in tid(browser, "provider.notice").text
    assert tid(browser, "provider.current.status").text == "No API key"
    assert tid(browser, "apikey.openai.add").is_displayed()
    assert not tid(browser, "provider.save").is_enabled()
    top_shot(browser, "17-key-removed")

    browser.get(server + "/settings")
    assert "OpenAI · No API key" in tid(browser, "settings.apiConfiguration").text


def test_developer_tools_decode_a_pasted_stream(server, browser):
    wait = WebDriverWait(browser, 15)
    sign_up(browser, server, wait)
    browser.get(server + "/settings")
    tid(browser, "settings.debug").click()
    wait.until(EC.url_contains("/settings/debug"))
    assert "Nothing to check" in tid(browser, "debug.health").text
    assert "sqlite" in tid(browser, "debug.configuration").text
    assert_accessible(browser, "developer tools")
    Select(tid(browser, "debug.decode.provider")).select_by_value("openai")
    stream = "\n".join([
        'data: {"choices":[{"index":0,"delta":{"content":"Hello"}}]}', "",
        'data: {"choices":[{"index":0,"delta":{"content":" there"},"finish_reason":"stop"}]}', "",
        "data: [DONE]", "",
    ])
    tid(browser, "debug.decode.input").send_keys(stream)
    tid(browser, "debug.decode.submit").click()
    result = wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, '[data-testid="debug.decode.result"]')))
    summary = json.loads(result.text)
    assert summary["text"] == "Hello there"
    assert summary["finish_reason"] == "stop"
    assert tid(browser, "debug.decode.input").get_attribute("value").startswith("data: ")
    assert_accessible(browser, "developer tools with a result")
    shot(browser, "18-debug-decode")
