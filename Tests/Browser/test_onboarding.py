"""The whole Persona Blueprint flow in a real browser: a validation error, back, every screen, the ready summary."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from browser_steps import assert_accessible, set_slider, shot, sign_up, tid, wait_for


def test_full_onboarding_with_an_error_and_back(server, browser):
    sign_up(browser, server)
    wait_for(browser, "onboarding.progress")
    assert "stored on this server" in tid(browser, "onboarding.privacy").text
    tid(browser, "onboarding.next.button").click()
    alert = WebDriverWait(browser, 10).until(EC.presence_of_element_located((By.CSS_SELECTOR, '[role="alert"]')))
    assert "Choose at least one option" in alert.text
    tid(browser, "onboarding.life.parent_caregiver").click()
    tid(browser, "onboarding.life.work_from_home").click()
    tid(browser, "onboarding.next.button").click()

    wait_for(browser, "onboarding.aspiration.custom").click()
    tid(browser, "onboarding.next.button").click()
    alert = WebDriverWait(browser, 10).until(EC.presence_of_element_located((By.CSS_SELECTOR, '[role="alert"]')))
    assert "Describe your goal in a few words" in alert.text
    tid(browser, "onboarding.aspiration.text").send_keys("Run a sub-25 minute 5k by June so I can keep up with my kids")
    tid(browser, "onboarding.next.button").click()

    wait_for(browser, "onboarding.style.playful")
    phrase = tid(browser, "onboarding.style.playful.phrase")
    set_slider(browser, "onboarding.style.playful", 9)
    assert phrase.text == "Cheeky banter and bold dares"
    set_slider(browser, "onboarding.style.playful", 1)
    assert phrase.text == "Calm and matter-of-fact"
    set_slider(browser, "onboarding.style.playful", 8)
    shot(browser, "11-onboarding-style")
    tid(browser, "onboarding.back.button").click()
    # Back keeps what was typed.
    text = wait_for(browser, "onboarding.aspiration.text")
    assert text.get_attribute("value") == "Run a sub-25 minute 5k by June so I can keep up with my kids"
    tid(browser, "onboarding.next.button").click()
    wait_for(browser, "onboarding.style.playful")
    tid(browser, "onboarding.next.button").click()

    wait_for(browser, "onboarding.engagement.guidance_on_demand").click()
    tid(browser, "onboarding.next.button").click()
    wait_for(browser, "onboarding.availability.add")
    tid(browser, "onboarding.next.button").click()

    wait_for(browser, "onboarding.sleep.rhythm.weekends_different").click()
    tid(browser, "onboarding.next.button").click()
    wait_for(browser, "onboarding.motivation.achievement.data_focused").click()
    tid(browser, "onboarding.motivation.inactivity.factual").click()
    assert_accessible(browser, "motivation")
    assert not tid(browser, "onboarding.generating").is_displayed()
    tid(browser, "onboarding.next.button").click()

    summary = wait_for(browser, "onboarding.summary")
    assert "Run a sub-25 minute 5k by June" in summary.text
    assert "read on this server: endurance (target sub-25 minute, by June)" in tid(browser, "onboarding.goalSource").text
    assert tid(browser, "onboarding.ready.refine").is_displayed()
    assert_accessible(browser, "ready")
    shot(browser, "12-onboarding-ready")
    tid(browser, "onboarding.ready.begin").click()
    coach = WebDriverWait(browser, 10).until(EC.presence_of_element_located((By.CSS_SELECTOR, '[data-testid="home.coach"]')))
    assert "Playful" in coach.text or "playful" in coach.text.lower()

    browser.get(server + "/settings/persona")
    page = browser.page_source
    assert "Factual Reminder" in page and "Data-Focused" in page, "the persona page shows the motivation answers"
