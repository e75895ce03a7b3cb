"""The coach chat in a real browser against a fake OpenAI provider: a streamed reply with a tool call, stop, retry."""
import os
import subprocess

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from conftest import BIN
from fake_provider import KEY, FakeProvider
from test_accessibility import serious
from test_web import shot, tid


@pytest.fixture
def provider():
    fake = FakeProvider()
    yield fake
    fake.close()


def connect(tmp_path, provider, leaks):
    """Stores the key for the server's owner the way a person would from the terminal (at trace level; what it
    prints is scanned for secrets with the server's log)."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path / "home"), "AIRFIT_DATA_DIR": str(tmp_path / "data"),
           "AIRFIT_LOG_LEVEL": "trace"}
    result = subprocess.run([BIN, "keys", "set", "openai", "--base-url", provider.base_url], input=KEY + "\n",
                            env=env, capture_output=True, text=True, timeout=60)
    leaks.add_output("stdout of `airfit keys set openai`", result.stdout)
    leaks.add_output("stderr of `airfit keys set openai`", result.stderr)
    assert result.returncode == 0, result.stderr
    assert KEY not in result.stdout + result.stderr


def sign_up(browser, server):
    browser.get(server + "/")
    tid(browser, "auth.email").send_keys("owner@example.com")
    tid(browser, "auth.password").send_keys("correct horse battery")
    tid(browser, "auth.submit").click()
    WebDriverWait(browser, 10).until(EC.url_contains("/onboarding"))
    tid(browser, "onboarding.skip.button").click()
    WebDriverWait(browser, 10).until(EC.element_to_be_clickable((By.CSS_SELECTOR, '[data-testid="home.chat"]')))


def coach_bubbles(browser):
    return browser.find_elements(By.CSS_SELECTOR, '[data-testid="chat.message"][data-role="coach"]')


def test_chat_streams_logs_a_workout_stops_and_retries(server, browser, provider, tmp_path, leaks):
    connect(tmp_path, provider, leaks)
    sign_up(browser, server)
    wait = WebDriverWait(browser, 20)
    tid(browser, "home.chat").click()
    wait.until(EC.url_contains("/chat"))
    assert "OpenAI · GPT-4o mini" in tid(browser, "chat.model").text
    found = serious(browser)
    assert not found, [(v["id"], [(n["html"], n.get("any"), n.get("none")) for n in v["nodes"]]) for v in found]

    tid(browser, "chat.input").send_keys("I ran for 30 minutes this morning")
    tid(browser, "chat.send").click()
    card = wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, '[data-testid="chat.tool"]:not(.running)')))
    assert card.text == "Workout logged: run, 30 min"
    # The card opens the workout it logged.
    assert "/entries/workout/" in card.find_element(By.CSS_SELECTOR, '[data-testid="chat.tool.entry"]').get_attribute("href")
    # The reply arrives word by word: it is visible before it is finished.
    wait.until(lambda d: coach_bubbles(d) and "Logged it." in coach_bubbles(d)[-1].text)
    wait.until(lambda d: coach_bubbles(d)[-1].text.strip().endswith("keep the easy days easy!"))
    wait.until(lambda d: tid(d, "chat.send").is_enabled())
    shot(browser, "08-chat-tool")
    user_messages = browser.find_elements(By.CSS_SELECTOR, '[data-testid="chat.message"][data-role="user"]')
    assert [m.text for m in user_messages] == ["I ran for 30 minutes this morning"]

    tid(browser, "chat.input").send_keys("Tell me a long story")
    tid(browser, "chat.send").click()
    wait.until(lambda d: len(coach_bubbles(d)) == 2 and "Once upon" in coach_bubbles(d)[-1].text)
    assert tid(browser, "chat.stop").is_displayed()
    tid(browser, "chat.stop").click()
    note = wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, '[data-testid="chat.incomplete"]')))
    assert "You stopped the reply." in note.text
    shot(browser, "09-chat-stopped")

    # After a reload the stopped reply is still marked, with the reason stored on the server, and retry finishes it.
    browser.refresh()
    wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, '[data-testid="chat.incomplete"]')))
    assert "You stopped the reply." in tid(browser, "chat.incomplete").text
    assert "Tell me a long story" in browser.page_source

    browser.get(server + "/")
    assert "Run, 30 min" in tid(browser, "home.today").text
    shot(browser, "10-home-today")
    posts = [r for r in provider.requests if r[0] == "POST"]
    assert posts[1][2]["messages"][-1]["role"] == "tool"
    assert posts[0][2]["model"] == "gpt-4o-mini"
