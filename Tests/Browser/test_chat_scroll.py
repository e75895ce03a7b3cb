"""The newest chat message is always in view above the message box, on a phone-sized screen, with and without
JavaScript; reading older messages is not interrupted by new text (a "New messages" button appears instead)."""
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from test_chat import coach_bubbles, connect, provider, sign_up  # noqa: F401 (provider is a fixture)
from test_web import tid


def last_message_is_in_view(browser):
    """The last message's bottom is inside the viewport and above the message box."""
    return browser.execute_script("""
        const items = document.querySelectorAll('#messages > li');
        const last = items[items.length - 1].getBoundingClientRect();
        const box = document.getElementById('chat-form').getBoundingClientRect();
        return last.bottom > 0 && last.bottom <= window.innerHeight && last.bottom <= box.top + 1;
    """)


def send(browser, text):
    count = len(coach_bubbles(browser))
    tid(browser, "chat.input").send_keys(text)
    tid(browser, "chat.send").click()
    WebDriverWait(browser, 20).until(lambda d: len(coach_bubbles(d)) == count + 1 and tid(d, "chat.send").is_enabled())


def test_the_newest_message_stays_in_view_and_reading_older_ones_is_not_interrupted(server, browser, provider, tmp_path, leaks):
    connect(tmp_path, provider, leaks)
    sign_up(browser, server)
    tid(browser, "home.chat").click()
    for n in range(6):
        send(browser, f"hello number {n}")
        assert last_message_is_in_view(browser), f"after message {n} the reply is below the screen or behind the box"
    assert browser.execute_script("return document.scrollingElement.scrollHeight > window.innerHeight + 200")

    # A reload opens at the newest message, not the oldest.
    browser.refresh()
    WebDriverWait(browser, 10).until(lambda d: last_message_is_in_view(d))

    # Without JavaScript the home link's #latest anchor does the same.
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    browser.get(server + "/")
    tid(browser, "home.chat").click()
    WebDriverWait(browser, 10).until(lambda d: "/chat" in d.current_url)
    assert browser.current_url.endswith("#latest")
    visible = browser.execute_script("""
        const r = document.getElementById('latest').getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight;""")
    assert visible
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    browser.get(server + "/chat")
    WebDriverWait(browser, 10).until(lambda d: last_message_is_in_view(d))

    # Reading older messages while a long reply streams: the view stays put and the button appears.
    tid(browser, "chat.input").send_keys("Tell me a long story")
    tid(browser, "chat.send").click()
    WebDriverWait(browser, 20).until(lambda d: coach_bubbles(d) and "Once upon" in coach_bubbles(d)[-1].text)
    browser.execute_script("window.scrollTo(0, 0)")
    time.sleep(1.0)
    assert browser.execute_script("return window.scrollY") == 0
    pill = tid(browser, "chat.newMessages")
    WebDriverWait(browser, 5).until(lambda d: pill.is_displayed())
    pill.click()
    WebDriverWait(browser, 5).until(lambda d: last_message_is_in_view(d) and not pill.is_displayed())
    tid(browser, "chat.stop").click()
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, '[data-testid="chat.incomplete"]'))
