"""`airfit location`: the place the coach's weather is for, by name (a fake Open-Meteo geocoding server) or by
coordinates, kept to about a kilometre."""
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

import pytest

PLACES = {
    "portland": [
        {"name": "Portland", "latitude": 45.52345, "longitude": -122.67621, "admin1": "Oregon", "country": "United States"},
        {"name": "Portland", "latitude": 43.66147, "longitude": -70.25533, "admin1": "Maine", "country": "United States"},
    ],
    "berlin": [{"name": "Berlin", "latitude": 52.52437, "longitude": 13.41053, "admin1": "Land Berlin", "country": "Germany"}],
}


@pytest.fixture
def geocoder():
    seen = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            url = urlparse(self.path)
            query = parse_qs(url.query)
            seen.append((url.path, query))
            name = query.get("name", [""])[0].lower()
            body = {"results": PLACES[name]} if name in PLACES else {"generationtime_ms": 0.1}
            data = json.dumps(body).encode()
            self.send_response(500 if name == "broken" else 200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield {"AIRFIT_GEOCODING_URL": f"http://127.0.0.1:{server.server_address[1]}"}, seen
    server.shutdown()


def saved_location(airfit):
    export = json.loads(airfit.run("export", "-o", "-").out)
    return export["user"].get("location")


def test_a_place_by_name_is_saved_rounded_to_about_a_kilometre(airfit, geocoder):
    env, seen = geocoder
    p = airfit.run("location", "set", "Portland", "--pick", "2", env=env)
    assert "1. Portland, Oregon, United States" in p.out and "* 2. Portland, Maine, United States" in p.out
    assert seen[-1][0] == "/v1/search" and seen[-1][1]["name"] == ["Portland"] and seen[-1][1]["count"] == ["5"]
    assert saved_location(airfit) == {"latitude": 43.66, "longitude": -70.26, "name": "Portland, Maine, United States"}
    assert airfit.run("location", "show").out.strip() == "Portland, Maine, United States (43.66, -70.26)"


def test_coordinates_west_and_south_and_clear(airfit):
    airfit.run("location", "set", "--lat", "-33.86785", "--lon", "-151.20732", "--name", "Somewhere")
    assert saved_location(airfit) == {"latitude": -33.87, "longitude": -151.21, "name": "Somewhere"}
    assert "gone" in airfit.run("location", "clear").out
    assert saved_location(airfit) is None
    assert "No place is saved" in airfit.run("location", "show").out


@pytest.mark.parametrize("args,message", [
    (["location", "set", "--lat", "95", "--lon", "0"], "Latitude must be a number from -90 to 90"),
    (["location", "set", "--lat", "0", "--lon", "nan"], "Longitude must be a number from -180 to 180"),
    (["location", "set", "--lat", "10"], "Give both --lat and --lon"),
    (["location", "set", "Atlantis"], 'No place called "Atlantis" was found'),
    (["location", "set", "Berlin", "--pick", "3"], "Only 1 place was found; choose --pick 1 to 1."),
])
def test_bad_input_is_refused_with_what_to_do_and_nothing_is_saved(airfit, geocoder, args, message):
    env, _ = geocoder
    p = airfit.run(*args, env=env, check=False)
    assert p.returncode != 0 and message in p.err, p.err
    assert not saved_location_exists(airfit)


def saved_location_exists(airfit):
    p = airfit.run("location", "show")
    return "No place is saved" not in p.out


def test_a_geocoder_that_fails_or_a_bad_geocoder_address_is_named_and_nothing_is_saved(airfit, geocoder):
    env, _ = geocoder
    p = airfit.run("location", "set", "Broken", env=env, check=False)
    assert p.returncode != 0 and "Place search is not available right now (HTTP 500)" in p.err, p.err
    p = airfit.run("location", "set", "Berlin", env={"AIRFIT_GEOCODING_URL": "ftp://127.0.0.1:1"}, check=False)
    assert p.returncode != 0 and "AIRFIT_GEOCODING_URL must be an http(s) URL" in p.err, p.err
    assert not saved_location_exists(airfit)


def test_serve_refuses_a_geocoder_address_that_is_not_http(airfit):
    p = airfit.run("serve", env={"AIRFIT_GEOCODING_URL": "not a url", "AIRFIT_PORT": "0"}, check=False, timeout=60)
    assert p.returncode != 0 and "AIRFIT_GEOCODING_URL must be an http(s) URL" in p.err, p.err


@pytest.mark.parametrize("provider", ["openweathermap", "weatherapi"])
def test_a_missing_weather_key_points_to_the_settings_page_that_takes_it(airfit, provider):
    # The key is looked up before any request: nothing is sent (the base URL is a closed local port regardless).
    p = airfit.run("weather", "--provider", provider, "--lat", "52.52", "--lon", "13.41", "--base-url", "http://127.0.0.1:9",
                   check=False)
    assert p.returncode != 0
    assert "Settings → Location & weather" in p.err and f"airfit keys set {provider}" in p.err, p.err
