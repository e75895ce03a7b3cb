"""Logging by hand, then editing, deleting and undoing, in a real browser (phone-sized, axe-core clean, light and dark)."""
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from browser_steps import assert_accessible, shot, tid, tids, wait_for


def sign_up(browser, server, wait):
    browser.get(server + "/")
    wait.until(EC.url_contains("/setup"))
    tid(browser, "auth.email").send_keys("owner@example.com")
    tid(browser, "auth.password").send_keys("correct horse battery")
    tid(browser, "auth.submit").click()
    wait.until(EC.url_contains("/onboarding"))
    tid(browser, "onboarding.skip.button").click()
    wait_for(browser, "quicklog.open")


def quick_log(browser, wait, kind):
    tid(browser, "quicklog.open").click()
    wait.until(EC.url_contains("/log"))
    wait_for(browser, f"quicklog.{kind}").click()
    wait.until(EC.url_contains(f"/log/{kind}"))
    return wait_for(browser, "quicklog.save")


def text_of(browser, test_id):
    return " ".join(element.text for element in tids(browser, test_id))


def test_quick_log_then_edit_delete_and_undo(server_process, browser):
    server = server_process.base
    wait = WebDriverWait(browser, 15)
    sign_up(browser, server, wait)

    # A workout by form, in a few taps: the day and time are already filled in.
    started = time.monotonic()
    save = quick_log(browser, wait, "workout")
    assert_accessible(browser, "quick log: workout")
    tid(browser, "entry.type").send_keys("run")
    tid(browser, "entry.duration").send_keys("30")
    browser.find_element(By.ID, "exercise-name-0").send_keys("Strides")
    browser.find_element(By.ID, "exercise-sets-0").send_keys("4×100 m")
    save.click()
    wait.until(lambda d: "logged=workout" in d.current_url or tids(d, "entry.form") and d.find_elements(By.ID, "form-errors"))
    assert "logged=workout" in browser.current_url, browser.find_element(By.TAG_NAME, "main").text
    assert time.monotonic() - started < 15
    assert "Logged." in tid(browser, "home.logged").text
    assert "Run, 30 min" in tid(browser, "home.today").text
    shot(browser, "entries-home-after-quick-log")

    # A meal refused for a missing number keeps what was typed, then goes in.
    quick_log(browser, wait, "meal")
    browser.find_element(By.ID, "item-name-0").send_keys("apple")
    tid(browser, "quicklog.save").click()
    alert = wait.until(EC.presence_of_element_located((By.ID, "form-errors")))
    assert "Food 1: give its calories" in alert.text
    assert browser.find_element(By.ID, "item-name-0").get_attribute("value") == "apple"
    assert_accessible(browser, "quick log: meal refused")
    browser.find_element(By.ID, "item-calories-0").send_keys("95")
    tid(browser, "quicklog.save").click()
    wait.until(EC.url_contains("logged=meal"))
    assert "apple · 95 kcal" in tid(browser, "home.today").text

    quick_log(browser, wait, "weight")
    tid(browser, "entry.weight").send_keys("160")
    tid(browser, "quicklog.save").click()
    wait.until(EC.url_contains("logged=weight"))
    assert tid(browser, "home.weight").text == "160 lbs"

    # History → the workout → edit.
    tid(browser, "home.history").click()
    wait.until(lambda d: tids(d, "history.entry"))
    workout = next(e for e in tids(browser, "history.entry") if e.get_attribute("data-kind") == "workout")
    workout.find_element(By.TAG_NAME, "a").click()
    wait_for(browser, "entry.detail")
    assert "Strides: 100 m, 100 m, 100 m, 100 m" in tid(browser, "entry.detail").text
    assert_accessible(browser, "entry page")
    tid(browser, "entry.edit").click()
    duration = wait_for(browser, "entry.duration")
    duration.clear()
    duration.send_keys("45")
    tid(browser, "entry.save").click()
    wait.until(EC.url_contains("saved=1"))
    wait.until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, '[data-testid="entry.detail"]'), "Run, 45 min"))
    entry_url = browser.current_url.split("?")[0]

    # Delete, then Undo: it comes back as it was.
    tid(browser, "entry.delete").click()
    wait_for(browser, "entry.undo")
    assert "Workout deleted." in tid(browser, "entry.deleted").text
    assert "undo=" not in browser.current_url, "a reload does not offer the undo again"
    assert not [e for e in tids(browser, "history.entry") if e.get_attribute("data-kind") == "workout"]
    assert_accessible(browser, "day after a delete")
    shot(browser, "entries-undo")
    tid(browser, "entry.undo").click()
    wait.until(EC.url_contains("restored=1"))
    assert "Run, 45 min" in tid(browser, "entry.detail").text

    # Deleted again, the undo goes after ten seconds, and the entry stays deleted.
    tid(browser, "entry.delete").click()
    wait_for(browser, "entry.undo")
    WebDriverWait(browser, 14, poll_frequency=0.5).until(lambda d: not tids(d, "entry.undo"))
    browser.get(entry_url)
    assert "does not exist" in browser.find_element(By.TAG_NAME, "main").text


def test_entry_forms_pass_axe_in_dark_mode(server_process, browser):
    server = server_process.base
    wait = WebDriverWait(browser, 15)
    sign_up(browser, server, wait)
    browser.get(server + "/settings/appearance")
    wait.until(EC.element_to_be_clickable((By.CSS_SELECTOR, '[data-testid="appearance.dark"]'))).click()
    tid(browser, "appearance.save").click()
    wait.until(EC.url_contains("saved=1"))
    for kind in ["workout", "meal", "checkin"]:
        browser.get(server + f"/log/{kind}")
        wait_for(browser, "quicklog.save")
        assert "theme-dark" in browser.find_element(By.TAG_NAME, "html").get_attribute("class")
        assert_accessible(browser, f"quick log {kind}, dark")
    shot(browser, "entries-meal-dark")
