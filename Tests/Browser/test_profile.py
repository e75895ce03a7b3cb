"""Profile and preferences in a real browser at phone size: the nickname, a height in feet and inches and a fitness
level, each edited on its own small page, and the number of workouts logged; a time zone found by searching the
list (the browser's own zone offered first) and a week start, saved and used by the progress page. axe-core clean."""
import importlib.util
import json
import os
import subprocess

import pytest

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

from browser_steps import ARTIFACTS, assert_accessible, tid, wait_for
from conftest import BIN


@pytest.fixture
def server_env():
    """The server's own zone is Etc/UTC, the zone a new person gets until they (or their browser) choose one."""
    return {"TZ": "Etc/UTC"}


def _archive_module():
    path = os.path.join(os.path.dirname(__file__), "..", "CLI", "archive.py")
    spec = importlib.util.spec_from_file_location("airfit_archive", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _import_person(server_process, tmp_path, zone="Europe/London"):
    """An imperial person in `zone` with three workouts and no body metrics yet."""
    archive = _archive_module().make_archive(workouts=3, meals=0, logs=0, messages=0)
    user = archive["user"]
    user.update({"preferredUnits": "imperial", "appearanceMode": "light", "timeZone": zone, "weekStart": "monday"})
    for key in ("nickname", "heightCm", "weightKg", "fitnessLevel"):
        user.pop(key, None)
    path = tmp_path / "person.json"
    path.write_text(json.dumps(archive))
    result = subprocess.run([BIN, "import", str(path)], env=server_process.env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


def _sign_up(browser, server):
    browser.get(server + "/")
    WebDriverWait(browser, 10).until(EC.url_contains("/setup"))
    tid(browser, "auth.email").send_keys("owner@example.com")
    tid(browser, "auth.password").send_keys("correct horse battery")
    tid(browser, "auth.submit").click()
    WebDriverWait(browser, 10).until(lambda d: "/setup" not in d.current_url)


def _row_value(browser, test_id):
    return tid(browser, test_id).find_element(By.CSS_SELECTOR, ".value").text


def _save(browser):
    tid(browser, "profile.save").click()
    WebDriverWait(browser, 10).until(EC.url_contains("/settings/profile?saved=1"))


def _fits_the_phone(browser):
    assert browser.execute_script("return document.scrollingElement.scrollWidth") <= 390


def test_profile_fields_and_workout_count(server_process, browser, tmp_path):
    _import_person(server_process, tmp_path)
    server = server_process.base
    _sign_up(browser, server)
    browser.get(server + "/settings")
    wait_for(browser, "settings.profile").click()
    WebDriverWait(browser, 10).until(EC.url_contains("/settings/profile"))
    assert tid(browser, "profile.workoutCount").text == "3 workouts logged"
    assert _row_value(browser, "profile.nickname") == "Not set"
    assert _row_value(browser, "profile.email") == "owner@example.com"
    assert tid(browser, "profile.email").get_attribute("href").endswith("/settings/security/email")
    _fits_the_phone(browser)
    assert_accessible(browser, "profile")

    # Nickname, on its own page.
    tid(browser, "profile.nickname").click()
    field = wait_for(browser, "profile.nickname")
    assert field.tag_name == "input"
    _fits_the_phone(browser)
    assert_accessible(browser, "profile nickname")
    field.clear()
    field.send_keys("Sam")
    _save(browser)
    assert "Saved." in browser.find_element(By.CSS_SELECTOR, "[role=status]").text
    assert _row_value(browser, "profile.nickname") == "Sam"

    # Height in feet and inches; a wrong number first, refused with what was typed kept.
    tid(browser, "profile.height").click()
    feet = wait_for(browser, "profile.height")
    inches = tid(browser, "profile.height.inches")
    feet.send_keys("12")
    inches.send_keys("3")
    tid(browser, "profile.save").click()
    errors = WebDriverWait(browser, 10).until(EC.presence_of_element_located((By.ID, "form-errors")))
    assert "Feet must be a whole number from 0 to 9." in errors.text
    assert tid(browser, "profile.height").get_attribute("value") == "12"
    assert tid(browser, "profile.height").get_attribute("aria-invalid") == "true"
    assert tid(browser, "profile.height.inches").get_attribute("value") == "3"
    assert_accessible(browser, "profile height, refused")
    feet = tid(browser, "profile.height")
    feet.clear()
    feet.send_keys("5")
    inches = tid(browser, "profile.height.inches")
    inches.clear()
    inches.send_keys("10")
    _save(browser)
    assert _row_value(browser, "profile.height") == "5'10\""
    # Opened again it shows the same feet and inches, and saving it unchanged keeps it.
    tid(browser, "profile.height").click()
    assert wait_for(browser, "profile.height").get_attribute("value") == "5"
    assert tid(browser, "profile.height.inches").get_attribute("value") == "10"
    _save(browser)
    assert _row_value(browser, "profile.height") == "5'10\""

    # Weight in pounds.
    tid(browser, "profile.weight").click()
    weight = wait_for(browser, "profile.weight")
    weight.send_keys("165.5")
    _save(browser)
    assert _row_value(browser, "profile.weight") == "165.5 lbs"

    # Fitness level from the list.
    tid(browser, "profile.fitnessLevel").click()
    Select(wait_for(browser, "profile.fitnessLevel")).select_by_value("advanced")
    assert_accessible(browser, "profile fitness level")
    _save(browser)
    assert _row_value(browser, "profile.fitnessLevel") == "Advanced"
    assert tid(browser, "profile.workoutCount").text == "3 workouts logged"
    browser.save_screenshot(os.path.join(ARTIFACTS, "profile.png"))


def test_preferences_time_zone_search_and_week_start(server_process, browser, tmp_path):
    _import_person(server_process, tmp_path)
    server = server_process.base
    _sign_up(browser, server)
    browser.get(server + "/settings")
    wait_for(browser, "settings.preferences").click()
    zone = Select(wait_for(browser, "preferences.timezone"))
    # A zone the person chose is kept: the browser's is not offered.
    assert zone.first_selected_option.get_attribute("value") == "Europe/London"
    assert tid(browser, "preferences.timezone").get_attribute("data-suggest-browser-zone") is None
    assert tid(browser, "preferences.weekStart.monday").is_selected()
    _fits_the_phone(browser)
    assert_accessible(browser, "preferences")

    # Searching narrows the list and selects the first match.
    search = tid(browser, "preferences.timezone.search")
    assert search.is_displayed()
    search.send_keys("tokyo")
    WebDriverWait(browser, 5).until(lambda d: Select(tid(d, "preferences.timezone")).first_selected_option.get_attribute("value") == "Asia/Tokyo")
    visible = browser.execute_script(
        "return Array.from(document.getElementById('time-zone').options).filter(o => !o.hidden).map(o => o.value)")
    assert "Asia/Tokyo" in visible and "Europe/Berlin" not in visible, visible
    assert "Asia/Tokyo is selected" in browser.find_element(By.ID, "zone-search-status").text
    tid(browser, "preferences.weekStart.sunday").click()
    tid(browser, "preferences.save").click()
    WebDriverWait(browser, 10).until(EC.url_contains("/settings/preferences?saved=1"))
    assert Select(tid(browser, "preferences.timezone")).first_selected_option.get_attribute("value") == "Asia/Tokyo"
    assert tid(browser, "preferences.weekStart.sunday").is_selected()
    assert not tid(browser, "preferences.weekStart.monday").is_selected()
    assert_accessible(browser, "preferences, saved")

    # The progress page's weeks start on the chosen day.
    browser.get(server + "/progress?range=1y")
    assert "Weeks start on Sunday, in your time zone." in tid(browser, "progress.chart.training").get_attribute("textContent")


def test_preferences_offer_the_browsers_zone_to_a_person_who_never_chose(server_process, browser, tmp_path):
    _import_person(server_process, tmp_path, zone="Etc/UTC")
    server = server_process.base
    _sign_up(browser, server)
    browser.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "America/Denver"})
    browser.get(server + "/settings/preferences")
    assert wait_for(browser, "preferences.timezone").get_attribute("data-suggest-browser-zone") is not None
    WebDriverWait(browser, 5).until(lambda d: Select(tid(d, "preferences.timezone")).first_selected_option.get_attribute("value") == "America/Denver")
    assert "America/Denver, is selected" in browser.find_element(By.ID, "zone-browser-status").text
    tid(browser, "preferences.save").click()
    WebDriverWait(browser, 10).until(EC.url_contains("saved=1"))
    # Chosen now: the next visit keeps it without asking the browser.
    assert tid(browser, "preferences.timezone").get_attribute("data-suggest-browser-zone") is None
    assert Select(tid(browser, "preferences.timezone")).first_selected_option.get_attribute("value") == "America/Denver"
