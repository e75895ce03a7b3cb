"""Settings → Location & weather in a real browser: a place found by name through a fake Open-Meteo geocoding
server and saved; "Use my location" with Chromium's geolocation override, rounded to two decimals before it is
sent and stored so; clearing. axe-core finds nothing serious on the page."""
import json
import subprocess
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, parse_qsl, urlparse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from browser_steps import assert_accessible, shot, tid, tids
from conftest import BIN

pytest.importorskip("axe_selenium_python")

PLACES = {
    "berlin": [
        {"name": "Berlin", "latitude": 52.52437, "longitude": 13.41053, "admin1": "Land Berlin", "country": "Germany"},
        {"name": "Berlin", "latitude": 44.46867, "longitude": -71.18508, "admin1": "New Hampshire", "country": "United States"},
    ],
}


@pytest.fixture
def geocoder():
    """A fake of Open-Meteo's geocoding API on 127.0.0.1; yields its URL and the queries it was sent."""
    seen = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            url = urlparse(self.path)
            query = parse_qs(url.query)
            seen.append((url.path, query))
            name = query.get("name", [""])[0].lower()
            data = json.dumps({"results": PLACES[name]} if name in PLACES else {"generationtime_ms": 0.1}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}", seen
    server.shutdown()


@pytest.fixture
def server_env(geocoder):
    """The server's place search goes to the fake geocoder."""
    return {"AIRFIT_GEOCODING_URL": geocoder[0]}


SAVED = (By.CSS_SELECTOR, '[data-testid="location.saved"]')


def sign_up(browser, server, wait):
    browser.get(server + "/")
    wait.until(EC.url_contains("/setup"))
    tid(browser, "auth.email").send_keys("owner@example.com")
    tid(browser, "auth.password").send_keys("correct horse battery")
    tid(browser, "auth.submit").click()
    wait.until(EC.url_contains("/onboarding"))
    tid(browser, "onboarding.skip.button").click()
    wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, '[data-testid="home.chat"]')))


def stored_location(server_process):
    """The saved location as the data directory holds it (read through `airfit export`)."""
    result = subprocess.run([BIN, "export", "-o", "-"], env=server_process.env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)["user"].get("location")


def test_search_pick_and_clear(server_process, browser, geocoder):
    server, (_, seen) = server_process.base, geocoder
    wait = WebDriverWait(browser, 15)
    sign_up(browser, server, wait)
    browser.get(server + "/settings")
    assert "Not set" in tid(browser, "settings.location").text
    tid(browser, "settings.location").click()
    wait.until(EC.url_contains("/settings/location"))
    assert "No place is saved" in tid(browser, "location.none").text
    assert "never sent the coordinates" in tid(browser, "location.use").text
    assert tid(browser, "location.useMine").is_displayed(), "with JavaScript, 'Use my location' is offered"
    assert not tids(browser, "location.clear")
    assert_accessible(browser, "location page")

    tid(browser, "location.search").send_keys("Berlin")
    tid(browser, "location.find").click()
    wait.until(lambda d: len(tids(d, "location.result")) == 2)
    assert seen[-1][0] == "/v1/search" and seen[-1][1]["name"] == ["Berlin"] and seen[-1][1]["count"] == ["5"]
    results = [r.text for r in tids(browser, "location.result")]
    assert "Land Berlin, Germany · 52.52, 13.41" in results[0], results
    assert "New Hampshire, United States · 44.47, -71.19" in results[1], results
    assert stored_location(server_process) is None, "searching saves nothing"
    assert_accessible(browser, "location search results")
    browser.execute_script("window.scrollTo(0, 0)")
    shot(browser, "location-results")

    tids(browser, "location.save")[0].click()
    wait.until(EC.url_contains("saved=1"))
    wait.until(EC.text_to_be_present_in_element(SAVED, "Berlin"))
    assert tid(browser, "location.saved").text == "Berlin, Land Berlin, Germany (52.52, 13.41)"
    assert stored_location(server_process) == {"latitude": 52.52, "longitude": 13.41, "name": "Berlin, Land Berlin, Germany"}
    browser.get(server + "/settings")
    assert "Berlin, Land Berlin, Germany" in tid(browser, "settings.location").text

    browser.get(server + "/settings/location")
    tid(browser, "location.clear").click()
    wait.until(EC.url_contains("cleared=1"))
    wait.until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, '[data-testid="location.none"]'), "No place is saved"))
    assert "No place is saved" in tid(browser, "location.none").text
    assert stored_location(server_process) is None


def test_use_my_location_is_rounded_before_it_is_sent(server_process, browser):
    server = server_process.base
    wait = WebDriverWait(browser, 15)
    sign_up(browser, server, wait)
    browser.execute_cdp_cmd("Browser.grantPermissions", {"origin": server, "permissions": ["geolocation"]})
    browser.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": 40.712776, "longitude": -74.005974, "accuracy": 5})
    browser.get(server + "/settings/location")
    # Keep what the page's script posts, to check the coordinates were rounded in the browser.
    browser.execute_script("""
        const submit = HTMLFormElement.prototype.submit;
        HTMLFormElement.prototype.submit = function () {
          sessionStorage.setItem("posted", new URLSearchParams(new FormData(this)).toString());
          submit.call(this);
        };""")
    tid(browser, "location.useMine").click()
    wait.until(EC.url_contains("saved=1"))
    wait.until(EC.text_to_be_present_in_element(SAVED, "40.71"))
    posted = dict(parse_qsl(browser.execute_script("return sessionStorage.getItem('posted')") or ""))
    assert (posted.get("latitude"), posted.get("longitude")) == ("40.71", "-74.01"), "the browser sent more than two decimals"
    assert tid(browser, "location.saved").text == "40.71, -74.01"
    assert stored_location(server_process) == {"latitude": 40.71, "longitude": -74.01}
    assert_accessible(browser, "location page with a saved place")
    browser.execute_script("window.scrollTo(0, 0)")
    shot(browser, "location-mine")
