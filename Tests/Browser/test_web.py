"""The web app in a real browser: first run, units, export, delete all data."""
import os
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

ARTIFACTS = os.path.join(os.path.dirname(__file__), "artifacts")


def tid(driver, test_id):
    return driver.find_element(By.CSS_SELECTOR, f'[data-testid="{test_id}"]')


def shot(driver, name):
    driver.save_screenshot(os.path.join(ARTIFACTS, f"{name}.png"))


def test_first_run_units_export_delete(server, browser, downloads):
    wait = WebDriverWait(browser, 10)
    # The account takes the browser's time zone, not the server's.
    browser.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Asia/Tokyo"})
    browser.get(server + "/")
    wait.until(EC.url_contains("/setup"))
    assert browser.find_element(By.CSS_SELECTOR, 'input[name="time_zone"]').get_attribute("value") == "Asia/Tokyo"
    shot(browser, "01-setup")
    tid(browser, "auth.email").send_keys("owner@example.com")
    tid(browser, "auth.password").send_keys("correct horse battery")
    tid(browser, "auth.submit").click()

    wait.until(EC.url_contains("/onboarding"))
    shot(browser, "02-onboarding")
    tid(browser, "onboarding.begin.button").click()
    wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, '[data-testid="onboarding.progress"]')))
    assert tid(browser, "onboarding.progress").get_attribute("role") == "progressbar"
    tid(browser, "onboarding.next.button").click()
    alert = wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, '[role="alert"]')))
    assert "Choose at least one option" in alert.text
    tid(browser, "onboarding.life.busy_professional").click()
    tid(browser, "onboarding.next.button").click()
    wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, '[data-testid="onboarding.aspiration.lose_weight"]')))
    shot(browser, "02b-aspiration")
    tid(browser, "onboarding.skip.button").click()
    # A new person's home shows no number they did not enter, only how to add one.
    wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, '[data-testid="home.empty"]')))
    numbers = tid(browser, "home.empty").find_element(By.XPATH, "..").text
    for example in ("150 lbs", "5'10\"", "3 miles", "72°F", "68 kg", "178 cm", "5 km", "22°C"):
        assert example not in numbers and example not in browser.find_element(By.TAG_NAME, "main").text, example
    assert not browser.find_elements(By.CSS_SELECTOR, '[data-testid="home.weight"]')
    shot(browser, "03-home-imperial")

    browser.get(server + "/settings")
    shot(browser, "04-settings")
    tid(browser, "settings.units").click()
    wait.until(EC.element_to_be_clickable((By.CSS_SELECTOR, '[data-testid="units.metric"]')))
    assert "68 kg" in browser.page_source and "22°C" in browser.page_source
    tid(browser, "units.metric").click()
    tid(browser, "units.save").click()
    wait.until(EC.url_contains("saved=1"))
    browser.get(server + "/")
    assert tid(browser, "home.empty").is_displayed()
    assert "68 kg" not in browser.find_element(By.TAG_NAME, "main").text
    shot(browser, "05-home-metric")

    browser.get(server + "/settings")
    tid(browser, "settings.appearance").click()
    wait.until(EC.element_to_be_clickable((By.CSS_SELECTOR, '[data-testid="appearance.dark"]'))).click()
    tid(browser, "appearance.save").click()
    wait.until(EC.url_contains("saved=1"))
    assert "theme-dark" in browser.find_element(By.TAG_NAME, "html").get_attribute("class")
    background = browser.execute_script("return getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(15, 17, 21)", background
    shot(browser, "05b-appearance-dark")

    browser.get(server + "/settings")
    tid(browser, "settings.dataManagement").click()
    wait.until(EC.element_to_be_clickable((By.CSS_SELECTOR, '[data-testid="data.export"]'))).click()
    deadline = time.time() + 15
    files = []
    # Chromium may show the final name before the bytes are written: wait for the content too.
    while time.time() < deadline:
        files = [f for f in os.listdir(downloads) if f.startswith("airfit-export-") and f.endswith(".json")]
        if files and os.path.getsize(downloads / files[0]) > 0:
            break
        time.sleep(0.2)
    assert files, "the export did not download"
    assert os.path.getsize(downloads / files[0]) > 0, "the export downloaded empty"

    # The history shows the export without a reload.
    wait.until(lambda d: "JSON ·" in tid(d, "data.history").text)
    tid(browser, "data.delete").click()
    confirm = wait.until(EC.element_to_be_clickable((By.CSS_SELECTOR, '[data-testid="data.delete.confirm"]')))
    shot(browser, "06-delete-confirm")
    confirm.click()
    wait.until(EC.url_contains("deleted=1"))
    assert "All your data was deleted." in browser.page_source
    shot(browser, "07-deleted")


def test_pages_need_sign_in(server, browser):
    browser.get(server + "/settings")
    assert "/setup" in browser.current_url
