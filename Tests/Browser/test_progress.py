"""Progress in a real browser at phone size: charts from imported records, the numbers behind the weight chart,
switching the period, and a goal weight that draws its line; axe-core clean in light and dark appearance."""
import datetime
import importlib.util
import json
import os
import subprocess
import uuid

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from browser_steps import ARTIFACTS, assert_accessible, tid, tids, wait_for
from conftest import BIN


def _archive_module():
    path = os.path.join(os.path.dirname(__file__), "..", "CLI", "archive.py")
    spec = importlib.util.spec_from_file_location("airfit_archive", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _uid():
    return str(uuid.uuid4()).upper()


# Weigh-ins by days ago, and the 7-day averages the table must show (the mean of the weigh-ins in the seven days
# ending on each one; days without a weigh-in are left out, not counted as zero).
WEIGHTS = {40: 84.0, 9: 80.0, 8: 81.0, 6: 79.0, 2: 78.0, 0: 77.0}
AVERAGES_4W = [("80 kg", "80 kg"), ("81 kg", "80.5 kg"), ("79 kg", "80 kg"), ("78 kg", "79.3 kg"), ("77 kg", "78 kg")]
# Best single of each squat session by days ago: the third beats the first two.
SQUATS = {12: 100.0, 9: 90.0, 5: 105.0}


def _archive(today):
    archive = _archive_module().make_archive(workouts=0, meals=0, logs=0, messages=0)
    user = archive["user"]
    user.update({"timeZone": "UTC", "appearanceMode": "light", "preferredUnits": "metric", "weekStart": "monday"})
    user_id = user["id"]
    day = lambda ago: today - datetime.timedelta(days=ago)
    at = lambda ago, hour=7: f"{day(ago).isoformat()}T{hour:02d}:30:00.000Z"
    archive["dailyLogs"] = [{
        "id": _uid(), "userID": user_id, "day": day(ago).isoformat(), "energy": 3 + ago % 3, "sleepQuality": 4, "stress": 2,
        "weightKg": kilograms, "createdAt": at(ago), "updatedAt": at(ago),
    } for ago, kilograms in WEIGHTS.items()]
    archive["workouts"] = [{
        "id": _uid(), "userID": user_id, "type": "strength", "startedAt": at(ago, 17), "durationMinutes": 50, "createdAt": at(ago, 18),
        "exercises": [{"name": "Squat", "sets": [{"reps": 1, "weightKg": kilograms}, {"reps": 15, "weightKg": 200}]}],
    } for ago, kilograms in SQUATS.items()]
    archive["foodEntries"] = [{
        "id": _uid(), "userID": user_id, "mealType": "lunch", "loggedAt": at(ago, 12), "createdAt": at(ago, 12),
        "items": [{"name": "Rice", "calories": 650, "proteinGrams": 35}],
    } for ago in (1, 3)]
    return archive


def _open_table(browser, section):
    """Opens the "Show the numbers" of a chart section and returns its table's body rows as lists of cell texts."""
    details = tid(browser, f"progress.chart.{section}").find_element(By.CSS_SELECTOR, "details")
    if details.get_attribute("open") is None:
        details.find_element(By.TAG_NAME, "summary").click()
    table = tid(browser, f"progress.table.{section}")
    WebDriverWait(browser, 5).until(lambda d: table.is_displayed())
    return [[cell.text for cell in row.find_elements(By.CSS_SELECTOR, "th, td")] for row in table.find_elements(By.CSS_SELECTOR, "tbody tr")]


def _set_appearance(browser, server, mode):
    browser.get(server + "/settings/appearance")
    WebDriverWait(browser, 10).until(EC.element_to_be_clickable((By.CSS_SELECTOR, f'[data-testid="appearance.{mode}"]'))).click()
    tid(browser, "appearance.save").click()
    WebDriverWait(browser, 10).until(EC.url_contains("saved=1"))


def test_progress_charts_table_range_and_goal(server_process, browser, tmp_path):
    today = datetime.datetime.now(datetime.timezone.utc).date()
    archive = tmp_path / "progress.json"
    archive.write_text(json.dumps(_archive(today)))
    result = subprocess.run([BIN, "import", str(archive)], env=server_process.env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    server = server_process.base
    browser.get(server + "/")
    tid(browser, "auth.email").send_keys("owner@example.com")
    tid(browser, "auth.password").send_keys("correct horse battery")
    tid(browser, "auth.submit").click()
    wait_for(browser, "home.progress").click()
    WebDriverWait(browser, 10).until(EC.url_contains("/progress"))

    # Every chart drawn from the imported records, none wider than the phone.
    weight = wait_for(browser, "progress.chart.weight")
    svg = weight.find_element(By.CSS_SELECTOR, "svg[role=img]")
    assert len(svg.find_elements(By.CSS_SELECTOR, "circle.chart-dot")) == 5
    assert svg.find_elements(By.CSS_SELECTOR, "polyline.chart-line")
    labelled_by = svg.get_attribute("aria-labelledby").split()
    caption = browser.find_element(By.ID, labelled_by[-1]).text
    assert caption.startswith("Your 7-day average weight is 78 kg"), caption
    assert not tids(browser, "progress.weight.goalLine")
    for section in ("training", "strength", "nutrition", "wellbeing"):
        assert tid(browser, f"progress.chart.{section}").find_elements(By.CSS_SELECTOR, "svg[role=img]"), section
    assert len(tids(browser, "progress.strength.pb")) == 1
    assert browser.execute_script("return document.scrollingElement.scrollWidth") <= 390
    assert svg.size["width"] <= 390
    assert_accessible(browser, "progress, light")
    for section in ("weight", "training", "strength", "nutrition", "wellbeing"):
        tid(browser, f"progress.chart.{section}").screenshot(os.path.join(ARTIFACTS, f"progress-{section}-light.png"))

    # The numbers behind the weight chart: each weigh-in with its 7-day average.
    rows = _open_table(browser, "weight")
    assert [(row[1], row[2]) for row in rows] == AVERAGES_4W, rows
    strength = _open_table(browser, "strength")
    assert [row[2] for row in strength] == ["", "", "personal best"], strength
    assert strength[2][1] == "105 kg"

    # A longer period reaches the weigh-in 40 days ago.
    tid(browser, "progress.range.3m").click()
    WebDriverWait(browser, 10).until(EC.url_contains("range=3m"))
    assert tid(browser, "progress.range.3m").get_attribute("aria-current") == "page"
    assert tid(browser, "progress.range.4w").get_attribute("aria-current") is None
    rows = _open_table(browser, "weight")
    assert len(rows) == 6 and rows[0][1:] == ["84 kg", "84 kg"], rows

    # A goal weight draws its dashed line and comes back in the form.
    goal = tid(browser, "progress.goalWeight")
    goal.clear()
    goal.send_keys("75")
    tid(browser, "progress.saveTargets").click()
    WebDriverWait(browser, 10).until(EC.url_contains("saved=1"))
    assert "range=3m" in browser.current_url
    line = wait_for(browser, "progress.weight.goalLine")
    assert line.get_attribute("stroke-dasharray")
    label = tid(browser, "progress.chart.weight").find_element(By.CSS_SELECTOR, "text.chart-target-label")
    assert label.get_attribute("textContent") == "Goal 75 kg"
    assert tid(browser, "progress.goalWeight").get_attribute("value") == "75"
    assert "to go to your goal of 75 kg" in tid(browser, "progress.chart.weight").text

    # A value that is not a number is refused with a message, and nothing changes.
    goal = tid(browser, "progress.goalWeight")
    goal.clear()
    goal.send_keys("1e400")
    tid(browser, "progress.saveTargets").click()
    wait_for(browser, "progress.targets")
    assert "Goal weight must be a number from 20 to 400 kg." in browser.find_element(By.ID, "form-errors").text
    assert tid(browser, "progress.goalWeight").get_attribute("aria-invalid") == "true"
    browser.get(server + "/progress?range=3m")
    assert tids(browser, "progress.weight.goalLine")

    _set_appearance(browser, server, "dark")
    browser.get(server + "/progress?range=3m")
    assert "theme-dark" in browser.find_element(By.TAG_NAME, "html").get_attribute("class")
    _open_table(browser, "weight")
    assert_accessible(browser, "progress, dark")
    tid(browser, "progress.chart.weight").screenshot(os.path.join(ARTIFACTS, "progress-weight-dark.png"))


def test_progress_empty_states(server, browser):
    browser.get(server + "/")
    WebDriverWait(browser, 10).until(EC.url_contains("/setup"))
    tid(browser, "auth.email").send_keys("owner@example.com")
    tid(browser, "auth.password").send_keys("correct horse battery")
    tid(browser, "auth.submit").click()
    wait_for(browser, "onboarding.begin.button")
    browser.get(server + "/progress")
    for section in ("weight", "training", "strength", "nutrition", "wellbeing"):
        assert tid(browser, f"progress.{section}.empty").is_displayed(), section
    assert "Log your weight in a check-in or tell your coach" in tid(browser, "progress.weight.empty").text
    assert not browser.find_elements(By.CSS_SELECTOR, "svg[role=img]")
    assert_accessible(browser, "progress, empty")
