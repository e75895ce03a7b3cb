"""Replies cut off by something other than the person: a reloaded page, a stopped server, a killed server. Each is
stored with the true reason and the text that had arrived."""
import signal

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from test_chat import coach_bubbles, connect, provider, sign_up  # noqa: F401 (provider is a fixture)
from test_web import tid

CONNECTION_LOST = "The page was closed or reloaded before the reply finished; what had arrived is kept."
SERVER_STOPPING = "The server was stopped before the reply finished; what had arrived is kept."
SERVER_RESTARTED = "The server stopped before the reply finished; what had arrived is kept."


def start_story(browser):
    tid(browser, "chat.input").send_keys("Tell me a long story")
    tid(browser, "chat.send").click()
    WebDriverWait(browser, 20).until(lambda d: coach_bubbles(d) and "Once upon" in coach_bubbles(d)[-1].text)


def stored_reason(browser, url, expected, timeout=15):
    """Reloads `url` until the last reply's stored reason is `expected`; returns the reply's text."""
    def reason(driver):
        driver.get(url)
        notes = driver.find_elements(By.CSS_SELECTOR, '[data-testid="chat.incomplete"]')
        return notes and expected in notes[-1].text
    WebDriverWait(browser, timeout, poll_frequency=0.5).until(reason)
    return coach_bubbles(browser)[-1].find_element(By.CSS_SELECTOR, ".text").text


def test_a_reload_mid_reply_is_stored_as_a_lost_connection_not_as_stopped(server, browser, provider, tmp_path, leaks):
    connect(tmp_path, provider, leaks)
    sign_up(browser, server)
    browser.get(server + "/chat")
    start_story(browser)
    browser.refresh()
    text = stored_reason(browser, server + "/chat", CONNECTION_LOST)
    assert text.startswith("Once upon")
    assert "You stopped the reply." not in browser.page_source


def test_sigterm_ends_an_open_reply_promptly_and_a_killed_server_leaves_it_marked_at_restart(
        server_process, browser, provider, tmp_path, leaks):
    server = server_process.base
    connect(tmp_path, provider, leaks)
    sign_up(browser, server)
    browser.get(server + "/chat")

    # SIGTERM: the open stream ends at once with the reason (not after the server's ~15 s wait), stored with the text.
    start_story(browser)
    took = server_process.stop(signal.SIGTERM)
    assert took < 5, f"the server took {took:.1f} s to stop with a reply open"
    note = WebDriverWait(browser, 10).until(EC.presence_of_element_located((By.CSS_SELECTOR, '[data-testid="chat.incomplete"]')))
    assert SERVER_STOPPING in note.text
    server_process.start()
    assert stored_reason(browser, server + "/chat", SERVER_STOPPING).startswith("Once upon")

    # SIGKILL: nothing runs at the end, so the text stored while streaming is what survives; the next start marks it.
    browser.get(server + "/chat?new=1")
    start_story(browser)
    WebDriverWait(browser, 20).until(lambda d: len(coach_bubbles(d)[-1].text.split()) >= 12)  # past the 1 s store
    server_process.stop(signal.SIGKILL)
    server_process.start()
    text = stored_reason(browser, server + "/chat", SERVER_RESTARTED)
    assert text.startswith("Once upon a time")
