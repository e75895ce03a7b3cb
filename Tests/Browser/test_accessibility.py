"""axe-core on the main pages: no serious or critical accessibility violations."""
import pytest

from selenium.webdriver.common.by import By

axe_selenium_python = pytest.importorskip("axe_selenium_python")

PAGES = ["/", "/settings", "/settings/units", "/settings/appearance", "/settings/notifications",
         "/settings/privacy", "/settings/data", "/settings/about", "/settings/about/privacy", "/chat"]


def serious(driver):
    axe = axe_selenium_python.Axe(driver)
    axe.inject()
    results = axe.run()
    return [v for v in results["violations"] if v.get("impact") in ("serious", "critical")]


def test_pages_have_no_serious_violations(server, browser):
    browser.get(server + "/setup")
    assert not serious(browser), "setup page"
    browser.find_element(By.CSS_SELECTOR, '[data-testid="auth.email"]').send_keys("owner@example.com")
    browser.find_element(By.CSS_SELECTOR, '[data-testid="auth.password"]').send_keys("correct horse battery")
    browser.find_element(By.CSS_SELECTOR, '[data-testid="auth.submit"]').click()
    assert not serious(browser), "onboarding opening"
    browser.find_element(By.CSS_SELECTOR, '[data-testid="onboarding.begin.button"]').click()
    assert not serious(browser), "onboarding life snapshot"
    browser.find_element(By.CSS_SELECTOR, '[data-testid="onboarding.skip.button"]').click()
    problems = {}
    for path in PAGES:
        browser.get(server + path)
        found = serious(browser)
        if found:
            problems[path] = [(v["id"], v["help"], [n["target"] for n in v["nodes"]][:3]) for v in found]
    assert not problems, problems
