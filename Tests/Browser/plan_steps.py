"""Steps shared by the plan and Activity browser tests: onboarding with chosen training times, logging workouts through
the quick-log form, reading the Activity cards, and holding the auto-pilot switch's request in flight."""
import datetime

from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from browser_steps import add_slot, set_slider, set_time, sign_up, tid, tids, wait_for

DAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


def local_today(driver):
    """The browser's local date: the time zone it sent at sign-up is the person's, so their days are the browser's."""
    year, month, day = driver.execute_script("const d = new Date(); return [d.getFullYear(), d.getMonth() + 1, d.getDate()];")
    return datetime.date(year, month, day)


def past_days(today, weekday, count):
    """The `count` most recent dates before `today` (never today) falling on `weekday` (Monday = 0), newest first."""
    back = (today.weekday() - weekday) % 7 or 7
    first = today - datetime.timedelta(days=back)
    return [first - datetime.timedelta(weeks=n) for n in range(count)]


def onboard(driver, server, slots, aspiration="strength_tone"):
    """Signs up and finishes onboarding with a busy professional's answers, `aspiration`, the availability `slots`
    ([(day name, "HH:MM", "HH:MM")]) and metric units; ends on Home."""
    sign_up(driver, server)
    wait_for(driver, "onboarding.life.busy_professional").click()
    tid(driver, "onboarding.next.button").click()
    wait_for(driver, f"onboarding.aspiration.{aspiration}").click()
    tid(driver, "onboarding.next.button").click()
    wait_for(driver, "onboarding.style.analytical")
    set_slider(driver, "onboarding.style.analytical", 6)
    tid(driver, "onboarding.next.button").click()
    wait_for(driver, "onboarding.engagement.consistent_balanced").click()
    tid(driver, "onboarding.next.button").click()
    wait_for(driver, "onboarding.availability.add")
    for number, (day, start, end) in enumerate(slots, start=1):
        add_slot(driver, day, start, end)
        WebDriverWait(driver, 10).until(lambda d: len(tids(d, "onboarding.availability.block")) == number)
    tid(driver, "onboarding.next.button").click()
    wait_for(driver, "onboarding.sleep.bedtime")
    tid(driver, "onboarding.next.button").click()
    wait_for(driver, "onboarding.motivation.inactivity.gentle").click()
    tid(driver, "onboarding.units.metric").click()
    tid(driver, "onboarding.next.button").click()
    wait_for(driver, "onboarding.ready.begin").click()
    wait_for(driver, "home.chat")


def sign_up_and_skip(driver, server):
    """Signs up and skips onboarding (no plan); ends on Home."""
    sign_up(driver, server)
    # The opening page has a skip button too: wait for the next step's page before pressing it.
    wait_for(driver, "onboarding.life.busy_professional")
    tid(driver, "onboarding.skip.button").click()
    wait_for(driver, "quicklog.open")


def sign_in(driver, server):
    """Signs the owner in on another browser; ends on Home."""
    driver.get(server + "/signin")
    wait_for(driver, "auth.email").send_keys("owner@example.com")
    tid(driver, "auth.password").send_keys("correct horse battery")
    tid(driver, "auth.submit").click()
    WebDriverWait(driver, 15).until(lambda d: "/signin" not in d.current_url)


def wait_gone(driver, element, timeout=15):
    """Waits until `element`'s page has been replaced (a form was posted and the answer shown).

    While the old document is being torn down chromedriver may answer "Node with given id does not belong to the
    document" instead of a stale reference; that too means the page is going, so the wait polls again."""
    def gone(_):
        try:
            element.is_enabled()
            return False
        except StaleElementReferenceException:
            return True

    settling = WebDriverWait(driver, timeout, ignored_exceptions=(WebDriverException,))
    settling.until(gone)
    settling.until(lambda d: d.execute_script("return document.readyState") == "complete")


def set_value(driver, element, value):
    """Sets a date input's value as the picker would (the typed form depends on the browser's locale)."""
    driver.execute_script(
        "arguments[0].value = arguments[1];"
        "arguments[0].dispatchEvent(new Event('input', {bubbles: true}));"
        "arguments[0].dispatchEvent(new Event('change', {bubbles: true}));", element, value)
    assert element.get_attribute("value") == value


def log_workout(driver, server, day, exercises, minutes="45", start="07:10"):
    """Logs a strength workout on `day` through the quick-log form; `exercises` is [(name, sets)], at most the form's
    two blank rows. Returns the URL the form led to (Home, with `suggested=1` when the coach made a suggestion)."""
    driver.get(server + "/log/workout")
    tid(driver, "entry.type").send_keys("strength")
    set_value(driver, tid(driver, "entry.day"), day.isoformat())
    set_time(tid(driver, "entry.time"), start)
    tid(driver, "entry.duration").send_keys(minutes)
    rows = tids(driver, "entry.exercise")
    assert len(rows) >= len(exercises), f"the form has {len(rows)} exercise rows"
    for index, (name, sets) in enumerate(exercises):
        driver.find_element(By.ID, f"exercise-name-{index}").send_keys(name)
        driver.find_element(By.ID, f"exercise-sets-{index}").send_keys(sets)
    form = tid(driver, "entry.form")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_gone(driver, form)
    assert not tids(driver, "error.banner"), tid(driver, "error.banner").text
    return driver.current_url


def cards(driver):
    """The Activity cards as (subject, state, applied-by) in page order."""
    return [(card.find_element(By.TAG_NAME, "h3").text, card.get_attribute("data-state"), card.get_attribute("data-applied-by"))
            for card in tids(driver, "activity.card")]


def card(driver, subject, state=None):
    """The one Activity card whose heading starts with `subject` (and in `state`, when given)."""
    found = [c for c in tids(driver, "activity.card")
             if c.find_element(By.TAG_NAME, "h3").text.startswith(subject) and state in (None, c.get_attribute("data-state"))]
    assert len(found) == 1, (subject, state, cards(driver))
    return found[0]


def press(driver, element, test_id):
    """Presses the button `test_id` inside `element` and waits for the next page."""
    element.find_element(By.CSS_SELECTOR, f'[data-testid="{test_id}"]').click()
    wait_gone(driver, element)


def notices(driver):
    return [n.text for n in driver.find_elements(By.CSS_SELECTOR, "p.notice")]


def response_status(driver):
    """The HTTP status of the page now shown (the Navigation Timing entry's `responseStatus`)."""
    return driver.execute_script("return performance.getEntriesByType('navigation')[0].responseStatus;")


def badge(driver, server):
    """The number on Settings → Activity, or None when there is no badge."""
    driver.get(server + "/settings")
    wait_for(driver, "settings.activity")
    found = tids(driver, "settings.activity.badge")
    return found[0].text if found else None


def hold_requests(driver):
    """Makes the page's `fetch` wait until `release_requests`, counting calls and recording each answer's status."""
    driver.execute_script("""
        window.__calls = 0; window.__statuses = [];
        window.__gate = new Promise((resolve) => { window.__release = resolve; });
        const original = window.fetch.bind(window);
        window.fetch = async (...args) => {
            window.__calls += 1;
            await window.__gate;
            const answer = await original(...args);
            window.__statuses.push(answer.status);
            return answer;
        };""")


def release_requests(driver):
    driver.execute_script("window.__release();")


def requests_made(driver):
    return driver.execute_script("return window.__calls;")


def statuses(driver):
    return driver.execute_script("return window.__statuses;")


def switch_state(driver):
    """The auto-pilot switch as (aria-checked, aria-busy, its visible label)."""
    switch = tid(driver, "activity.autopilot")
    return (switch.get_attribute("aria-checked"), switch.get_attribute("aria-busy"),
            switch.find_element(By.CSS_SELECTOR, "[data-switch-label]").text)


def without_javascript(driver):
    """Turns scripts off in this browser for every page it loads from now on (DevTools emulation)."""
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
