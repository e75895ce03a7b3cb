"""Self-check of the server-log secret scan: the browser's session cookie, CSRF token and posted password are
really collected, and a log line holding one of them (or an email) fails with a message that names it."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from conftest import harvest_browser_secrets, leakscan

STAMP = "2026-11-23T00:03:22+0000"


def test_the_scan_collects_the_browsers_secrets_and_finds_them_in_a_log_line(server, browser, leaks):
    browser.get(server + "/")
    WebDriverWait(browser, 10).until(EC.url_contains("/setup"))
    browser.find_element(By.CSS_SELECTOR, '[data-testid="auth.email"]').send_keys("owner@example.com")
    browser.find_element(By.CSS_SELECTOR, '[data-testid="auth.password"]').send_keys("correct horse battery")
    browser.find_element(By.CSS_SELECTOR, '[data-testid="auth.submit"]').click()
    WebDriverWait(browser, 10).until(EC.url_contains("/onboarding"))

    harvest_browser_secrets(browser, leaks)
    labels = {label for label, _ in leaks.secrets.values()}
    assert {"the session cookie", "the SHA-256 of the session cookie", "the CSRF token on the last page",
            "the SHA-256 of a password the browser posted"} <= labels, labels
    assert any(label.startswith("a CSRF token the browser posted") or label == "the airfit_csrf cookie" for label in labels)
    cookie = browser.get_cookie("airfit_session")["value"]
    csrf = browser.find_element(By.NAME, "_csrf").get_attribute("value")

    probe = leakscan.LeakScan()  # the real scan's secrets, planted lines: the real log stays as it is
    probe.secrets = dict(leaks.secrets)
    probe.add_output("planted log", "\n".join([
        f"{STAMP} info airfit.server: [AirFitServer] Server started",
        f"{STAMP} trace airfit.server: cookie={cookie} [AirFitServer] request",
        f"{STAMP} debug airfit.server: form _csrf={csrf} [AirFitServer] posted",
        f"{STAMP} trace airfit.server: [AirFitServer] signed in owner@example.com",
    ]), all_logs=True)
    found = [(f.what, f.line_no) for f in probe.findings()]
    assert ("the session cookie", 2) in found
    assert (leaks.secrets[csrf][0], 3) in found and "CSRF" in leaks.secrets[csrf][0]
    assert ("the owner's email", 4) in found and ("an email address", 4) in found
    report = probe.report()
    assert cookie not in report and csrf not in report and "owner@example.com" not in report
