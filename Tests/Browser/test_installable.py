"""Installed on a phone: the service worker registers, and when the server cannot be reached a page shows the
offline page instead of the browser's error."""
from selenium.webdriver.support.ui import WebDriverWait

from browser_steps import assert_accessible, tid, wait_for


def test_with_the_server_unreachable_a_page_shows_the_offline_page(server_process, browser):
    server = server_process.base
    browser.get(server + "/")
    wait_for(browser, "auth.email")
    WebDriverWait(browser, 15).until(lambda d: d.execute_script(
        "return navigator.serviceWorker.getRegistration('/').then(r => !!(r && r.active))"))

    server_process.stop()
    browser.get(server + "/settings")
    heading = wait_for(browser, "offline.heading")
    assert heading.text == "You're offline"
    assert tid(browser, "offline.retry").get_attribute("href") == server + "/"
    assert_accessible(browser, "offline page")

    # Back online, "Try again" reaches the server (nothing signed-in was cached).
    server_process.start()
    tid(browser, "offline.retry").click()
    wait_for(browser, "auth.email")
