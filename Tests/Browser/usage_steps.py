"""Steps shared by the Subscription/plans and provider fallback browser tests: the fake upstreams of the OpenAI-compatible
suite (Tests/OpenAICompat/fake_upstreams.py, loaded by path: one copy of every provider's wire format), a key stored
the way a person does it from the terminal, the owner's sign-up, and one chat message sent and answered."""
import importlib.util
import os
import subprocess

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from browser_steps import tid, wait_for

PASSWORD = "correct horse battery"


def _load_fake_upstreams():
    """A private copy of the module: a test may change its token usage without touching the other suite's."""
    path = os.path.join(os.path.dirname(__file__), "..", "OpenAICompat", "fake_upstreams.py")
    spec = importlib.util.spec_from_file_location("airfit_browser_fake_upstreams", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


upstreams = _load_fake_upstreams()


def store_key(server_process, fake, leaks):
    """`airfit keys set <kind> --base-url …` on the server's data directory, the key typed on stdin; the first key
    stored chooses its provider. What the command prints is scanned for secrets with the server's log."""
    env = {name: server_process.env[name] for name in ("PATH", "HOME", "AIRFIT_DATA_DIR")}
    leaks.add_token(fake.key, f"the {fake.kind} key")
    from conftest import BIN

    result = subprocess.run([BIN, "keys", "set", fake.kind, "--base-url", fake.base_url], input=fake.key + "\n",
                            env={**env, "AIRFIT_LOG_LEVEL": "trace"}, capture_output=True, text=True, timeout=60)
    leaks.add_output(f"stdout of `airfit keys set {fake.kind}`", result.stdout)
    leaks.add_output(f"stderr of `airfit keys set {fake.kind}`", result.stderr)
    assert result.returncode == 0, result.stderr
    assert fake.key not in result.stdout + result.stderr


def sign_up(browser, server):
    """The first account (the admin), onboarding skipped; ends on the home page."""
    browser.get(server + "/")
    WebDriverWait(browser, 15).until(EC.url_contains("/setup"))
    tid(browser, "auth.email").send_keys("owner@example.com")
    tid(browser, "auth.password").send_keys(PASSWORD)
    tid(browser, "auth.submit").click()
    wait_for(browser, "onboarding.skip.button").click()
    wait_for(browser, "home.chat")


def coach_bubbles(browser):
    return browser.find_elements(By.CSS_SELECTOR, '[data-testid="chat.message"][data-role="coach"]')


def chat(browser, server, message, leaks):
    """Opens the chat, sends `message` and waits until the reply has ended; returns the last coach bubble."""
    from conftest import leakscan

    leaks.add(message, "a chat message", leakscan.LOGS)
    browser.get(server + "/chat")
    before = len(coach_bubbles(browser))
    wait_for(browser, "chat.input").send_keys(message)
    tid(browser, "chat.send").click()
    wait = WebDriverWait(browser, 20)
    wait.until(lambda d: len(coach_bubbles(d)) > before)
    wait.until(lambda d: tid(d, "chat.send").is_enabled() and not tid(d, "chat.stop").is_displayed())
    return coach_bubbles(browser)[-1]
