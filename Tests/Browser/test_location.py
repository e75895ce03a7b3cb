"""Settings → Location & weather in a real browser: search by name against a local fake geocoding server, save,
use the browser's location (rounded to about a kilometre before it is sent), clear."""
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from browser_steps import assert_accessible, tid, tids, wait_for

PLACES = [{"name": "Portland", "latitude": 45.52345, "longitude": -122.67621, "admin1": "Oregon", "country": "United States"},
          {"name": "Portland", "latitude": 43.66147, "longitude": -70.25533, "admin1": "Maine", "country": "United States"}]


@pytest.fixture(scope="module")
def geocoder():
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            name = parse_qs(urlparse(self.path).query).get("name", [""])[0].lower()
            data = json.dumps({"results": PLACES if name == "portland" else []}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture
def server_env(geocoder):
    return {"AIRFIT_GEOCODING_URL": geocoder}


def test_search_save_use_mine_and_clear(server, browser):
    browser.get(server + "/")
    tid(browser, "auth.email").send_keys("owner@example.com")
    tid(browser, "auth.password").send_keys("correct horse battery")
    tid(browser, "auth.submit").click()
    wait_for(browser, "onboarding.skip.button").click()
    browser.get(server + "/settings")
    tid(browser, "settings.location").click()
    wait_for(browser, "location.none")
    assert_accessible(browser, "location page")

    tid(browser, "location.search").send_keys("Portland")
    tid(browser, "location.find").click()
    WebDriverWait(browser, 10).until(lambda d: len(tids(d, "location.result")) == 2)
    assert "Portland, Maine, United States" in tids(browser, "location.result")[1].text
    assert_accessible(browser, "location results")
    tids(browser, "location.save")[1].click()
    saved = wait_for(browser, "location.saved")
    assert saved.text == "Portland, Maine, United States (43.66, -70.26)"

    # The browser's position, rounded before it leaves the page.
    browser.execute_cdp_cmd("Browser.grantPermissions", {"origin": server, "permissions": ["geolocation"]})
    browser.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": 51.507351, "longitude": -0.127758, "accuracy": 10})
    tid(browser, "location.useMine").click()
    WebDriverWait(browser, 10).until(lambda d: "saved=1" in d.current_url and "My location" in tid(d, "location.saved").text)
    assert tid(browser, "location.saved").text == "My location (51.51, -0.13)"

    tid(browser, "location.clear").click()
    wait_for(browser, "location.none")
    browser.get(server + "/settings")
    assert "Not set" in tid(browser, "settings.location").text
