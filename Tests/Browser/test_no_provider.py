"""A new person without an AI provider: Coach Ready leads to choosing one, and the chat says so once and keeps what
they typed."""
from selenium.webdriver.support.ui import WebDriverWait

from browser_steps import assert_accessible, sign_up, tid, tids, wait_for, walk_to_availability


def test_ready_leads_to_a_provider_and_the_chat_keeps_the_typed_text(server, browser):
    sign_up(browser, server)
    walk_to_availability(browser)
    tid(browser, "onboarding.next.button").click()
    wait_for(browser, "onboarding.sleep.bedtime")
    tid(browser, "onboarding.next.button").click()
    wait_for(browser, "onboarding.motivation.inactivity.gentle").click()
    tid(browser, "onboarding.next.button").click()
    wait_for(browser, "onboarding.ready.provider")
    assert "your own key" in tid(browser, "onboarding.ready.needsProvider").text
    assert_accessible(browser, "coach ready without a provider")
    tid(browser, "onboarding.ready.provider").click()
    intro = wait_for(browser, "provider.intro")
    assert "Ollama" in intro.text and "Custom endpoint" in intro.text
    assert_accessible(browser, "provider setup intro")

    browser.get(server + "/chat")
    assert len(tids(browser, "chat.needsProvider")) == 1
    tid(browser, "chat.input").send_keys("I ran 5k this morning")
    tid(browser, "chat.send").click()
    # Said once: no second banner, no error, and the text is still there to send later.
    WebDriverWait(browser, 5).until(lambda d: "flash" in tid(d, "chat.needsProvider").get_attribute("class"))
    assert len(tids(browser, "chat.needsProvider")) == 1
    assert not tids(browser, "chat.error") and not browser.find_elements("css selector", '[role="alert"]')
    assert tid(browser, "chat.input").get_attribute("value") == "I ran 5k this morning"
    # Off to the setup and back: the text is still in the box.
    tid(browser, "chat.needsProvider.setup").click()
    wait_for(browser, "provider.intro")
    browser.get(server + "/chat")
    WebDriverWait(browser, 10).until(lambda d: tid(d, "chat.input").get_attribute("value") == "I ran 5k this morning")
