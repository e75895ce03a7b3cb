"""Fixtures for browser tests: a real `airfit serve` on a temp data dir and a headless Chromium at phone size."""
import os
import socket
import subprocess
import time
import urllib.request

import pytest
from selenium import webdriver

BIN = os.environ.get("AIRFIT_BIN") or os.path.join(os.path.dirname(__file__), "..", "..", ".build", "debug", "airfit")
ARTIFACTS = os.path.join(os.path.dirname(__file__), "artifacts")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def server_env():
    """Extra environment for the server; a test module overrides this fixture to add its own."""
    return {}


@pytest.fixture
def server(tmp_path, server_env):
    """Starts the server; yields its base URL; stops it."""
    port = free_port()
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path / "home"),
        "AIRFIT_DATA_DIR": str(tmp_path / "data"), "AIRFIT_PORT": str(port), **server_env,
    }
    os.makedirs(env["HOME"])
    log = open(tmp_path / "serve.log", "w+b")
    proc = subprocess.Popen([BIN, "serve"], env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 60
    while True:
        try:
            urllib.request.urlopen(base + "/health", timeout=2)
            break
        except Exception:
            if proc.poll() is not None or time.time() > deadline:
                log.seek(0)
                raise AssertionError("server did not start:\n" + log.read().decode(errors="replace"))
            time.sleep(0.2)
    yield base
    proc.terminate()
    proc.wait(timeout=10)


@pytest.fixture
def downloads(tmp_path):
    path = tmp_path / "downloads"
    path.mkdir()
    return path


@pytest.fixture
def browser(downloads):
    """Headless Chromium at 390x844 that downloads into `downloads`."""
    options = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=390,844"):
        options.add_argument(arg)
    if os.path.exists("/usr/bin/chromium"):
        options.binary_location = "/usr/bin/chromium"
    options.add_experimental_option("prefs", {"download.default_directory": str(downloads), "download.prompt_for_download": False})
    service = webdriver.ChromeService(executable_path="/usr/bin/chromedriver") if os.path.exists("/usr/bin/chromedriver") else None
    driver = webdriver.Chrome(options=options, service=service) if service else webdriver.Chrome(options=options)
    driver.set_window_size(390, 844)
    os.makedirs(ARTIFACTS, exist_ok=True)
    yield driver
    driver.quit()
