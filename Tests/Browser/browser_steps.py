"""Steps shared by the onboarding and persona browser tests (plain functions: the suites do not import conftest)."""
import os

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

ARTIFACTS = os.path.join(os.path.dirname(__file__), "artifacts")


def tid(driver, test_id):
    return driver.find_element(By.CSS_SELECTOR, f'[data-testid="{test_id}"]')


def tids(driver, test_id):
    return driver.find_elements(By.CSS_SELECTOR, f'[data-testid="{test_id}"]')


def shot(driver, name):
    driver.save_screenshot(os.path.join(ARTIFACTS, f"{name}.png"))


def assert_accessible(driver, where):
    """No serious or critical axe-core violations on the current page."""
    import axe_selenium_python

    axe = axe_selenium_python.Axe(driver)
    axe.inject()
    found = [v for v in axe.run()["violations"] if v.get("impact") in ("serious", "critical")]
    assert not found, (where, [(v["id"], v["help"], [(n["target"], n.get("failureSummary", "")[:300]) for n in v["nodes"]][:3]) for v in found])


def wait_for(driver, test_id):
    return WebDriverWait(driver, 10).until(EC.presence_of_element_located((By.CSS_SELECTOR, f'[data-testid="{test_id}"]')))


def set_time(field, value):
    """Types a 24-hour time into a time input the way a person would (hours, minutes, AM/PM)."""
    hour, minute = (int(part) for part in value.split(":"))
    # Focusing (rather than clicking, which lands on whichever segment is under the pointer) starts at the hours.
    field.parent.execute_script("arguments[0].focus()", field)
    field.send_keys(f"{(hour % 12) or 12:02d}{minute:02d}{'AM' if hour < 12 else 'PM'}")
    assert field.get_attribute("value") == value, field.get_attribute("value")


def set_slider(driver, test_id, tens):
    """Moves a 0–100 range slider to `tens` × 10 with the keyboard."""
    slider = tid(driver, test_id)
    slider.send_keys(Keys.HOME)
    for _ in range(tens):
        slider.send_keys(Keys.PAGE_UP)
    assert slider.get_attribute("value") == str(tens * 10)


def sign_up(driver, server):
    driver.get(server + "/")
    WebDriverWait(driver, 10).until(EC.url_contains("/setup"))
    tid(driver, "auth.email").send_keys("owner@example.com")
    tid(driver, "auth.password").send_keys("correct horse battery")
    tid(driver, "auth.submit").click()
    wait_for(driver, "onboarding.begin.button").click()


def walk_to_availability(driver):
    wait_for(driver, "onboarding.life.busy_professional").click()
    tid(driver, "onboarding.next.button").click()
    wait_for(driver, "onboarding.aspiration.endurance").click()
    tid(driver, "onboarding.next.button").click()
    wait_for(driver, "onboarding.style.analytical")
    set_slider(driver, "onboarding.style.authoritative", 1)
    set_slider(driver, "onboarding.style.empathetic", 3)
    set_slider(driver, "onboarding.style.analytical", 6)
    set_slider(driver, "onboarding.style.playful", 0)
    tid(driver, "onboarding.next.button").click()
    wait_for(driver, "onboarding.engagement.consistent_balanced").click()
    tid(driver, "onboarding.next.button").click()
    wait_for(driver, "onboarding.availability.add")


def add_slot(driver, day, start, end):
    Select(tid(driver, "onboarding.availability.day")).select_by_visible_text(day)
    set_time(tid(driver, "onboarding.availability.start"), start)
    set_time(tid(driver, "onboarding.availability.end"), end)
    tid(driver, "onboarding.availability.add").click()


def finish_onboarding(driver):
    tid(driver, "onboarding.next.button").click()
    wait_for(driver, "onboarding.sleep.bedtime")
    tid(driver, "onboarding.next.button").click()
    wait_for(driver, "onboarding.motivation.inactivity.gentle").click()
    tid(driver, "onboarding.next.button").click()
    wait_for(driver, "onboarding.ready.begin").click()
    wait_for(driver, "home.chat")
