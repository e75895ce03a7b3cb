"""The AI coach persona page and the communication style page in a real browser, with axe-core checks."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from browser_steps import (
    assert_accessible, finish_onboarding, shot, sign_up, tid, tids, wait_for, walk_to_availability,
)

pytest.importorskip("axe_selenium_python")


def test_persona_page_after_onboarding(server, browser):
    sign_up(browser, server)
    walk_to_availability(browser)
    finish_onboarding(browser)

    browser.get(server + "/settings")
    tid(browser, "settings.aiPersona").click()
    chart = wait_for(browser, "persona.blend.chart")
    assert chart.tag_name == "svg" and chart.get_attribute("role") == "img"
    label = chart.get_attribute("aria-label")
    assert label == ("Coaching style blend: Analytical & Insightful 60%, Encouraging & Empathetic 30%, "
                     "Authoritative & Direct 10%, Playfully Provocative 0%"), label
    assert len(tids(browser, "persona.blend.segment")) == 3
    assert chart.size["width"] > 100 and chart.size["height"] > 100
    legend = tid(browser, "persona.blend.legend").text
    assert "Analytical & Insightful\n60%" in legend and "Playfully Provocative\n0%" in legend
    assert tid(browser, "persona.tag.primary").text == "Analytical"
    assert tid(browser, "persona.tag.secondary").text == "Encouraging"
    assert tid(browser, "persona.absence").text == "Gentle Nudge"
    assert tid(browser, "persona.quietHours").text == "10:30 PM – 6:30 AM"
    assert tid(browser, "persona.summary").text.startswith("Your coach leads with analytical, data-driven insight")
    preview = tid(browser, "persona.preview")
    assert preview.find_element(By.ID, "persona-preview").get_attribute("innerHTML") == ""
    assert tid(browser, "persona.preview.generate").is_displayed()
    # The segments really are drawn in the style colours, not left unstyled.
    strokes = browser.execute_script(
        "return [...document.querySelectorAll('[data-testid=\"persona.blend.segment\"]')].map(c => getComputedStyle(c).stroke)")
    assert len(set(strokes)) == 3 and "none" not in strokes, strokes
    shot(browser, "12-persona")
    browser.execute_script("arguments[0].scrollIntoView()", tid(browser, "persona.absence"))
    shot(browser, "12b-persona-communication-preview")
    assert_accessible(browser, "persona page")
    # The preview endpoint's script is wired to the section: with no provider set up it explains why in place.
    tid(browser, "persona.preview.generate").click()
    WebDriverWait(browser, 15).until(lambda d: d.find_element(By.ID, "persona-preview").text.strip())
    assert browser.current_url.endswith("/settings/persona")


def test_communication_style_change_persists(server, browser):
    sign_up(browser, server)
    walk_to_availability(browser)
    finish_onboarding(browser)

    browser.get(server + "/settings")
    tid(browser, "settings.communication").click()
    wait_for(browser, "communication.save")
    assert tid(browser, "communication.absence.gentle").is_selected()
    assert_accessible(browser, "communication page")
    tid(browser, "communication.absence.wait").click()
    tid(browser, "communication.celebration.enthusiastic").click()
    tid(browser, "communication.save").click()
    WebDriverWait(browser, 10).until(EC.url_contains("saved=1"))
    assert browser.find_element(By.CSS_SELECTOR, '[role="status"]').text == "Saved."
    shot(browser, "13-communication-saved")

    browser.get(server + "/settings/communication")
    assert tid(browser, "communication.absence.wait").is_selected()
    assert tid(browser, "communication.celebration.enthusiastic").is_selected()
    assert not tid(browser, "communication.absence.gentle").is_selected()
    browser.get(server + "/settings/persona")
    assert tid(browser, "persona.absence").text == "Wait for Me"
    assert tid(browser, "persona.celebration").text == "Enthusiastic Celebration"
