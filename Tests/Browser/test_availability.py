"""The onboarding availability editor in a real browser: add, overlap error with input kept, remove."""
import pytest
from selenium.webdriver.support.ui import Select, WebDriverWait

from browser_steps import (
    add_slot, assert_accessible, set_time, shot, sign_up, tid, tids, wait_for, walk_to_availability,
)

pytest.importorskip("axe_selenium_python")


def test_availability_add_overlap_remove(server, browser):
    sign_up(browser, server)
    walk_to_availability(browser)
    assert tid(browser, "onboarding.availability.empty").is_displayed()
    assert_accessible(browser, "availability, empty")

    add_slot(browser, "Monday", "07:00", "08:00")
    wait_for(browser, "onboarding.availability.block")
    assert [b.text.split("\n")[0] for b in tids(browser, "onboarding.availability.block")] == ["Monday, 7:00 AM – 8:00 AM"]

    add_slot(browser, "Monday", "07:30", "08:30")
    error = wait_for(browser, "onboarding.availability.error")
    assert "overlaps 7:00 AM – 8:00 AM" in error.text
    # Everything typed is still there, and the slot was not added.
    assert Select(tid(browser, "onboarding.availability.day")).first_selected_option.text == "Monday"
    assert tid(browser, "onboarding.availability.start").get_attribute("value") == "07:30"
    assert tid(browser, "onboarding.availability.end").get_attribute("value") == "08:30"
    assert tid(browser, "onboarding.availability.end").get_attribute("aria-invalid") == "true"
    assert len(tids(browser, "onboarding.availability.block")) == 1
    shot(browser, "10-availability-overlap")
    assert_accessible(browser, "availability, overlap error")

    set_time(tid(browser, "onboarding.availability.start"), "18:00")
    set_time(tid(browser, "onboarding.availability.end"), "19:00")
    tid(browser, "onboarding.availability.add").click()
    WebDriverWait(browser, 10).until(lambda d: len(tids(d, "onboarding.availability.block")) == 2)
    assert not tids(browser, "onboarding.availability.error")
    shot(browser, "11-availability-two-slots")

    tids(browser, "onboarding.availability.remove")[0].click()
    WebDriverWait(browser, 10).until(lambda d: len(tids(d, "onboarding.availability.block")) == 1)
    assert tid(browser, "onboarding.availability.block").text.startswith("Monday, 6:00 PM – 7:00 PM")
    tid(browser, "onboarding.next.button").click()
    wait_for(browser, "onboarding.sleep.bedtime")
    tid(browser, "onboarding.back.button").click()
    wait_for(browser, "onboarding.availability.block")
    assert tid(browser, "onboarding.availability.block").text.startswith("Monday, 6:00 PM – 7:00 PM")
