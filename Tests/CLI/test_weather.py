"""`airfit weather` against a fake Open-Meteo server on 127.0.0.1 (the real wire format)."""
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

import pytest

MIDNIGHT = 1_717_192_800  # 2024-06-01T00:00+02:00


def current_body():
    return {"latitude": 52.52, "longitude": 13.42, "utc_offset_seconds": 7200, "timezone": "Europe/Berlin",
            "current_units": {"time": "unixtime", "temperature_2m": "°C"},
            "current": {"time": MIDNIGHT + 12 * 3600, "interval": 900, "temperature_2m": 18.4, "relative_humidity_2m": 62,
                        "apparent_temperature": 17.1, "weather_code": 2, "wind_speed_10m": 11.9}}


def forecast_body(days):
    hours = days * 24
    return {"latitude": 52.52, "longitude": 13.42, "utc_offset_seconds": 7200, "timezone": "Europe/Berlin",
            "hourly": {"time": [MIDNIGHT + h * 3600 for h in range(hours)],
                       "temperature_2m": [12 + (h % 24) / 2 for h in range(hours)],
                       "weather_code": [0 if h % 24 < 12 else 61 for h in range(hours)],
                       "precipitation_probability": [5 if h % 24 < 12 else 70 for h in range(hours)]},
            "daily": {"time": [MIDNIGHT + d * 86400 for d in range(days)], "weather_code": [61, 95, 3][:days],
                      "temperature_2m_max": [23.5 + d for d in range(days)], "temperature_2m_min": [12.0 + d for d in range(days)],
                      "precipitation_probability_max": [70 + d for d in range(days)]}}


@pytest.fixture
def open_meteo():
    seen = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            query = parse_qs(urlparse(self.path).query)
            seen.append((urlparse(self.path).path, query))
            if float(query.get("latitude", ["0"])[0]) == 0.5:
                status, body = 500, {"error": True, "reason": "boom"}
            elif "current" in query:
                status, body = 200, current_body()
            else:
                status, body = 200, forecast_body(int(query.get("forecast_days", ["3"])[0]))
            data = json.dumps(body).encode()
            self.send_response(status)
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


def test_weather_prints_current_conditions_forecast_and_attribution(airfit, open_meteo):
    base, seen = open_meteo
    out = airfit.run("weather", "--lat", "52.52", "--lon", "13.42", "--days", "3", "--base-url", base).out
    assert "18°C" in out
    assert "Open-Meteo" in out
    assert any("forecast_days" in q or "daily" in q for _, q in seen)
    assert len([line for line in out.splitlines() if "24°C" in line or "25°C" in line]) >= 1


def test_weather_in_imperial_asks_for_fahrenheit(airfit, open_meteo):
    base, seen = open_meteo
    airfit.run("weather", "--lat", "52.52", "--lon", "13.42", "--units", "imperial", "--base-url", base)
    assert all(q.get("temperature_unit") == ["fahrenheit"] for _, q in seen)


def test_weather_errors_are_one_clear_line(airfit, open_meteo):
    base, _ = open_meteo
    p = airfit.run("weather", "--lat", "100", "--lon", "0", "--base-url", base, check=False)
    assert p.returncode != 0 and p.err.strip().startswith("error:") and "90" in p.err
    p = airfit.run("weather", "--lat", "0.5", "--lon", "0.5", "--base-url", base, check=False)
    errors = [line for line in p.err.splitlines() if line.startswith("error:")]
    assert p.returncode != 0 and len(errors) == 1 and p.err.splitlines()[-1] == errors[0]
    assert "HTTP 500" in errors[0]


@pytest.mark.parametrize("lat,lon", [("40.7", "-74"), ("-33.87", "151.21"), ("-22.9", "-43.2")])
def test_negative_coordinates_are_values_not_options(airfit, open_meteo, lat, lon):
    base, seen = open_meteo
    p = airfit.run("weather", "--lat", lat, "--lon", lon, "--base-url", base, check=False)
    assert p.returncode == 0, p.err
    assert seen and float(seen[-1][1]["latitude"][0]) == float(lat) and float(seen[-1][1]["longitude"][0]) == float(lon)


def test_a_coordinate_out_of_range_or_not_a_number_is_refused_clearly(airfit, open_meteo):
    base, seen = open_meteo
    p = airfit.run("weather", "--lat", "40.7", "--lon", "-200", "--base-url", base, check=False)
    assert p.returncode != 0 and "180" in p.err and not seen
    p = airfit.run("weather", "--lat", "nan", "--lon", "0", "--base-url", base, check=False)
    assert p.returncode != 0 and "90" in p.err and not seen
