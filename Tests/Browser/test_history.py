"""History in a real browser: days newest first, older days loading as the list is scrolled, filters, one day."""
import importlib.util
import json
import os
import subprocess

from selenium.webdriver.support.ui import WebDriverWait

from browser_steps import assert_accessible, tid, tids, wait_for
from conftest import BIN


def _make_archive(**counts):
    path = os.path.join(os.path.dirname(__file__), "..", "CLI", "archive.py")
    spec = importlib.util.spec_from_file_location("airfit_archive", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.make_archive(**counts)


def test_history_pages_filters_and_a_day(server_process, browser, tmp_path):
    # 15 workouts on 2–16 March, meals on 3–6 March, check-ins on 10–11 March (the archive is in London time).
    archive = tmp_path / "history.json"
    archive.write_text(json.dumps(_make_archive(workouts=15, meals=4, logs=2, messages=0)))
    result = subprocess.run([BIN, "import", str(archive)], env=server_process.env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    server = server_process.base
    browser.get(server + "/")
    tid(browser, "auth.email").send_keys("owner@example.com")
    tid(browser, "auth.password").send_keys("correct horse battery")
    tid(browser, "auth.submit").click()
    wait_for(browser, "home.history").click()

    WebDriverWait(browser, 10).until(lambda d: len(tids(d, "history.day")) == 7)
    days = lambda: [d.get_attribute("data-day") for d in tids(browser, "history.day")]
    assert days()[0] == "2026-03-16" and days()[-1] == "2026-03-10"
    assert "Check-in: energy 4/5" in tids(browser, "history.day")[-1].text
    assert_accessible(browser, "history")
    # Scrolling to the end loads the older days in place, until there are none.
    def scrolled_to_the_end(driver):
        driver.execute_script("window.scrollTo(0, document.scrollingElement.scrollHeight)")
        return len(days()) == 15 and not tids(driver, "history.more")

    WebDriverWait(browser, 20, poll_frequency=0.5).until(scrolled_to_the_end)
    assert days() == [f"2026-03-{n:02d}" for n in range(16, 1, -1)]

    tid(browser, "history.filter.meal").click()
    WebDriverWait(browser, 10).until(lambda d: "kind=meal" in d.current_url)
    assert {e.get_attribute("data-kind") for e in tids(browser, "history.entry")} == {"meal"}
    assert len(tids(browser, "history.day")) == 4

    browser.get(server + "/history/2026-03-03")
    kinds = [e.get_attribute("data-kind") for e in tids(browser, "history.entry")]
    assert sorted(kinds) == ["meal", "workout"]
    assert "Tuesday, 3 March 2026" in browser.page_source
