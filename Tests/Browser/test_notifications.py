"""The inbox and Settings → Notifications in real Chromium: the bell's count on every page, the inbox list and
marking read, the check-in time and category switches, the permission row and the service worker. (Chromium can't
reach a real push service offline; delivery to a browser is proved by the fake push service in the Swift suite.)"""
import subprocess

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from browser_steps import assert_accessible, set_time, shot, sign_up, tid, tids, wait_for
from conftest import BIN


def signed_up(browser, server):
    sign_up(browser, server)
    wait_for(browser, "onboarding.skip.button").click()
    wait_for(browser, "home.empty")


def bell_count(browser):
    count = tid(browser, "inbox.count")
    return None if count.get_attribute("hidden") is not None else count.text


def test_the_bell_counts_unread_notifications_and_the_inbox_marks_them_read(server_process, browser):
    server = server_process.base
    signed_up(browser, server)
    assert tid(browser, "inbox.bell").get_attribute("href") == server + "/inbox"
    WebDriverWait(browser, 10).until(lambda d: tid(d, "inbox.bell").get_attribute("aria-label") == "Inbox")
    assert bell_count(browser) is None

    for _ in range(2):
        result = subprocess.run([BIN, "notifications", "test"], env=server_process.env, capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stderr
    browser.get(server + "/settings")
    WebDriverWait(browser, 10).until(lambda d: bell_count(d) == "2")
    assert tid(browser, "inbox.bell").get_attribute("aria-label") == "Inbox, 2 unread"

    tid(browser, "inbox.bell").click()
    WebDriverWait(browser, 10).until(lambda d: len(tids(d, "inbox.item")) == 2)
    assert "Test notification" in tid(browser, "inbox.item").text
    shot(browser, "notifications-01-inbox")
    assert_accessible(browser, "inbox")
    tids(browser, "inbox.markRead")[0].click()
    WebDriverWait(browser, 10).until(lambda d: len(tids(d, "inbox.markRead")) == 1)
    WebDriverWait(browser, 10).until(lambda d: bell_count(d) == "1")
    # Opening the other one marks it read and goes to its page.
    tids(browser, "inbox.item")[1].find_element(By.CSS_SELECTOR, "button.link").click()
    WebDriverWait(browser, 10).until(lambda d: d.current_url.startswith(server + "/settings/notifications"))
    WebDriverWait(browser, 10).until(lambda d: bell_count(d) is None)


def test_notification_settings_save_and_show_the_browsers_permission(server_process, browser):
    server = server_process.base
    signed_up(browser, server)
    browser.get(server + "/settings/notifications")
    for key in ("dailyCheck", "workout", "meal", "hydration", "achievement", "reEngagement", "recommendations", "emailDigest"):
        assert tid(browser, f"notifications.{key}") is not None
    assert not tid(browser, "notifications.hydration").is_selected() and tid(browser, "notifications.dailyCheck").is_selected()
    # The service worker is registered; the permission row reads the browser's own state.
    WebDriverWait(browser, 15).until(lambda d: d.execute_script(
        "return navigator.serviceWorker.getRegistration('/').then(r => !!(r && r.active))"))
    WebDriverWait(browser, 10).until(lambda d: tid(d, "notifications.permission").text in ("Not asked yet", "Blocked", "Allowed"))
    state = browser.execute_script("return Notification.permission")
    expected = {"default": "Not asked yet", "denied": "Blocked", "granted": "Allowed"}[state]
    assert tid(browser, "notifications.permission").text == expected
    assert "Add to Home Screen" in browser.find_element(By.TAG_NAME, "main").text
    browser.execute_cdp_cmd("Browser.grantPermissions", {"origin": server, "permissions": ["notifications"]})
    browser.refresh()
    WebDriverWait(browser, 10).until(lambda d: tid(d, "notifications.permission").text == "Allowed")
    assert tid(browser, "notifications.pushEnable").is_displayed()
    assert tid(browser, "notifications.noDevices") is not None
    shot(browser, "notifications-02-settings")
    assert_accessible(browser, "notification settings")

    tid(browser, "notifications.hydration").click()
    set_time(tid(browser, "notifications.checkinTime"), "07:15")
    tid(browser, "notifications.save").click()
    WebDriverWait(browser, 10).until(lambda d: "saved=1" in d.current_url)
    assert tid(browser, "notifications.hydration").is_selected()
    assert tid(browser, "notifications.checkinTime").get_attribute("value") == "07:15"
