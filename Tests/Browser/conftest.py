"""Fixtures for browser tests: a real `airfit serve` on a temp data dir and a headless Chromium at phone size.

The server runs at AIRFIT_LOG_LEVEL=trace and its whole log is kept. After every test its log is scanned
(Tests/CLI/leakscan.py) for what the test typed or was given: the owner's email and password, API keys, chat
messages and goals, the session cookies and CSRF tokens the browser saw, the master key, the sealed keys,
password and token hashes in the data directory, and any bcrypt hash, 64-hex string or email address at all.
A leak fails the test (at teardown) naming what leaked and the log line number, never the secret.
"""
import base64
import email
import email.policy
import importlib.util
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from urllib.parse import parse_qsl

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By

from fake_provider import KEY

BIN = os.environ.get("AIRFIT_BIN") or os.path.join(os.path.dirname(__file__), "..", "..", ".build", "debug", "airfit")
ARTIFACTS = os.path.join(os.path.dirname(__file__), "artifacts")


def _load_leakscan():
    """The scanner shared with the CLI suite (one copy of the rules), loaded by path: both suites have a conftest."""
    path = os.path.join(os.path.dirname(__file__), "..", "CLI", "leakscan.py")
    spec = importlib.util.spec_from_file_location("airfit_leakscan", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


leakscan = _load_leakscan()


def _load_oidc_mock():
    """Tests/OIDC/oidc_mock.py (the oidc-provider-mock runner shared with the CLI and OIDC suites), loaded by path."""
    path = os.path.join(os.path.dirname(__file__), "..", "OIDC", "oidc_mock.py")
    spec = importlib.util.spec_from_file_location("airfit_oidc_mock", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module

# What the browser tests type (browser_steps.py, test_*.py); none of it may reach a log line.
TYPED = {
    "owner@example.com": ("the owner's email", leakscan.LOGS),
    "correct horse battery": ("the owner's password", leakscan.ANYWHERE),
    KEY: ("the API key typed on the provider page", leakscan.ANYWHERE),
    "pk-not-an-openai-key-12345": ("the badly formatted key typed on the provider page", leakscan.ANYWHERE),
    "I ran for 30 minutes this morning": ("a chat message", leakscan.LOGS),
    "Tell me a long story": ("a chat message", leakscan.LOGS),
    "Run a sub-25 minute 5k by June so I can keep up with my kids": ("the goal typed in onboarding", leakscan.LOGS),
    # Accounts (test_accounts.py): a second member, changed and reset passwords, a new address.
    "friend@example.com": ("the invited member's email", leakscan.LOGS),
    "purple monkey dishwasher": ("the invited member's password", leakscan.ANYWHERE),
    "a brand new secret phrase": ("a changed password", leakscan.ANYWHERE),
    "reset by an emailed link": ("a password set through a reset link", leakscan.ANYWHERE),
    "owner.new@example.com": ("the owner's new email", leakscan.LOGS),
}
# Posted form fields whose values are secret (anywhere) or personal content (log lines).
POSTED = {
    "_csrf": ("a CSRF token the browser posted", leakscan.ANYWHERE),
    "password": ("a password the browser posted", leakscan.ANYWHERE),
    "current": ("a current password the browser posted", leakscan.ANYWHERE),
    "new": ("a new password the browser posted", leakscan.ANYWHERE),
    "key": ("an API key the browser posted", leakscan.ANYWHERE),
    "email": ("an email the browser posted", leakscan.LOGS),
    "message": ("a chat message the browser posted", leakscan.LOGS),
    "aspiration_text": ("a goal the browser posted", leakscan.LOGS),
    # Sign-in providers and passkeys: the provider's code and our state, and a passkey challenge.
    "code": ("a sign-in provider's authorization code the browser posted", leakscan.ANYWHERE),
    "state": ("a sign-in provider step's state the browser posted", leakscan.ANYWHERE),
    "challenge": ("a passkey challenge the browser posted", leakscan.ANYWHERE),
}


@pytest.fixture
def leaks():
    """The test's secrets and the logs to search for them (a `leakscan.LeakScan`)."""
    scan = leakscan.LeakScan()
    for value, (label, scope) in TYPED.items():
        scan.add(value, label, scope)
    scan.data_dirs = []
    return scan


@pytest.fixture(autouse=True)
def no_secret_in_the_logs(leaks):
    """Runs first and finishes last: after the server has stopped and the browser has been read, scan its log."""
    yield
    for data_dir in leaks.data_dirs:
        leaks.add_store(data_dir, "the server's data directory")
    if leaks.streams and leaks.log_line_count() == 0:
        pytest.fail("the server log has no line in swift-log's format: the secret scan would prove nothing")
    report = leaks.report()
    if report:
        pytest.fail(report, pytrace=False)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def server_env():
    """Extra environment for the server; a test module overrides this fixture to add its own."""
    return {}


class ServerProcess:
    """`airfit serve` on a temp data dir at trace level; it can be stopped with any signal and started again on the
    same data and port. Every run's output goes to one log, handed to the leak scan at the end."""

    def __init__(self, tmp_path, server_env, leaks):
        self.port = free_port()
        self.env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path / "home"),
            "AIRFIT_DATA_DIR": str(tmp_path / "data"), "AIRFIT_PORT": str(self.port), "AIRFIT_LOG_LEVEL": "trace",
            # Links in emails point at this server as the browser reaches it.
            "AIRFIT_PUBLIC_URL": f"http://127.0.0.1:{self.port}", **server_env,
        }
        # A module's server_env may name the port before it is chosen: "http://localhost:{port}".
        self.env = {name: value.replace("{port}", str(self.port)) for name, value in self.env.items()}
        leaks.data_dirs.append(self.env["AIRFIT_DATA_DIR"])
        os.makedirs(self.env["HOME"], exist_ok=True)
        self.leaks = leaks
        self.log = open(tmp_path / "serve.log", "w+b")
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc = None

    def start(self):
        self.proc = subprocess.Popen([BIN, "serve"], env=self.env, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.time() + 60
        while True:
            try:
                urllib.request.urlopen(self.base + "/health", timeout=2)
                return self.base
            except Exception:
                if self.proc.poll() is not None or time.time() > deadline:
                    self.log.seek(0)
                    raise AssertionError("server did not start:\n" + self.log.read().decode(errors="replace"))
                time.sleep(0.2)

    def stop(self, sig=signal.SIGTERM, timeout=10):
        """Sends `sig` and waits for the process to end; returns the seconds it took."""
        started = time.time()
        self.proc.send_signal(sig)
        self.proc.wait(timeout=timeout)
        return time.time() - started

    def close(self):
        if self.proc and self.proc.poll() is None:
            self.stop()
        self.log.seek(0)
        self.leaks.add_output("the `airfit serve` log", self.log.read().decode(errors="replace"), all_logs=True)
        self.log.close()


@pytest.fixture
def server_process(tmp_path, server_env, leaks):
    """A started `ServerProcess`, closed (and its log scanned) at the end."""
    process = ServerProcess(tmp_path, server_env, leaks)
    process.start()
    yield process
    process.close()


@pytest.fixture
def server(server_process):
    """The base URL of a started server."""
    return server_process.base


@pytest.fixture
def oidc_provider(tmp_path):
    """A real OpenID Connect provider (oidc-provider-mock) on 127.0.0.1; `.env()` configures the server for it."""
    mock = _load_oidc_mock().OIDCMock(tmp_path)
    yield mock
    mock.close()


SMTP_SERVER = os.path.join(os.path.dirname(__file__), "..", "Mail", "smtp_server.py")


class MailServer:
    """A real SMTP server (Tests/Mail/smtp_server.py, aiosmtpd) on 127.0.0.1 keeping every message as a file.
    The links read from messages become secrets the server must not log."""

    def __init__(self, tmp_path, leaks):
        self.out = tmp_path / "mail"
        self.out.mkdir()
        self.leaks = leaks
        self.proc = subprocess.Popen(
            [sys.executable, SMTP_SERVER, "--out", str(self.out)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        assert line.startswith("PORT "), f"the SMTP server did not start: {line!r}"
        self.port = int(line.split()[1])

    @property
    def env(self):
        """The server's environment for sending here: plain SMTP is allowed only to this machine."""
        return {"AIRFIT_SMTP_URL": f"smtp://127.0.0.1:{self.port}?tls=none", "AIRFIT_MAIL_FROM": "AirFit <coach@example.com>"}

    def messages(self, to=None):
        """Every message received so far, oldest first (`to`: only those to that address), as `email` messages."""
        found = []
        for name in sorted((n for n in os.listdir(self.out) if n.endswith(".json")), key=lambda n: int(n.split(".")[0])):
            base = self.out / name[:-len(".json")]
            with open(str(base) + ".json") as f:
                envelope = json.load(f)
            if to and to.lower() not in (address.lower() for address in envelope["rcpt_tos"]):
                continue
            with open(str(base) + ".eml", "rb") as f:
                found.append(email.message_from_bytes(f.read(), policy=email.policy.default))
        return found

    def wait(self, to, count=1, timeout=30):
        """The `count`-th message to `to`, waiting up to `timeout` seconds for it to arrive."""
        deadline = time.time() + timeout
        while True:
            found = self.messages(to)
            if len(found) >= count:
                return found[count - 1]
            assert time.time() < deadline, f"no message number {count} to {to} arrived within {timeout} s ({len(found)} did)"
            time.sleep(0.2)

    def link(self, message):
        """The one link to this site in the message's text part; its token is registered as a secret."""
        text = message.get_body(preferencelist=("plain",)).get_content()
        links = re.findall(r"https?://127\.0\.0\.1:\d+/\S+", text)
        assert len(links) == 1, f"expected one link in the message, found {len(links)}"
        self.leaks.add_token(links[0].rstrip("/").rsplit("/", 1)[-1], "a token from an emailed link")
        return links[0]

    def close(self):
        self.proc.stdin.close()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


@pytest.fixture
def mail_server(tmp_path, leaks):
    """A started `MailServer`; a test module passes its `env` to the server through `server_env`."""
    server = MailServer(tmp_path, leaks)
    yield server
    server.close()


@pytest.fixture
def downloads(tmp_path):
    path = tmp_path / "downloads"
    path.mkdir()
    return path


def _chromium(downloads):
    """Headless Chromium at 390x844 downloading into `downloads`, with its network log on."""
    options = webdriver.ChromeOptions()
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=390,844"):
        options.add_argument(arg)
    if os.path.exists("/usr/bin/chromium"):
        options.binary_location = "/usr/bin/chromium"
    options.add_experimental_option("prefs", {"download.default_directory": str(downloads), "download.prompt_for_download": False})
    service = webdriver.ChromeService(executable_path="/usr/bin/chromedriver") if os.path.exists("/usr/bin/chromedriver") else None
    driver = webdriver.Chrome(options=options, service=service) if service else webdriver.Chrome(options=options)
    driver.set_window_size(390, 844)
    os.makedirs(ARTIFACTS, exist_ok=True)
    return driver


@pytest.fixture
def browser(downloads, leaks):
    """Headless Chromium at 390x844 that downloads into `downloads`; at the end, every cookie it held and every
    secret form field it posted (read from Chromium's network log) becomes a secret the server must not log."""
    driver = _chromium(downloads)
    yield driver
    try:
        harvest_browser_secrets(driver, leaks)
    finally:
        driver.quit()


@pytest.fixture
def second_browser(tmp_path, leaks):
    """Another Chromium with cookies of its own (a second person, or the same person on another device);
    harvested for secrets like `browser`."""
    downloads = tmp_path / "downloads-2"
    downloads.mkdir()
    driver = _chromium(downloads)
    yield driver
    try:
        harvest_browser_secrets(driver, leaks)
    finally:
        driver.quit()


def harvest_browser_secrets(driver, leaks):
    """Session cookies, CSRF tokens and posted secrets the browser saw during the test."""
    cookie = driver.get_cookie("airfit_session")
    if cookie:
        leaks.add_token(cookie["value"], "the session cookie")
    for cookie in driver.get_cookies():
        leaks.add_token(cookie["value"], f"the {cookie['name']} cookie")
    for field in driver.find_elements(By.NAME, "_csrf"):
        leaks.add_token(field.get_attribute("value"), "the CSRF token on the last page")
    for entry in driver.get_log("performance"):
        event = json.loads(entry["message"])["message"]
        params = event.get("params", {})
        if event.get("method") == "Network.requestWillBeSent":
            request = params.get("request", {})
            body = request.get("postData")
            if body is None and request.get("postDataEntries"):
                body = b"".join(base64.b64decode(e.get("bytes", "")) for e in request["postDataEntries"]).decode(errors="replace")
            for name, value in parse_qsl(body or "", keep_blank_values=False):
                if name in POSTED:
                    label, scope = POSTED[name]
                    if scope == leakscan.ANYWHERE:
                        leaks.add_token(value, label)
                    else:
                        leaks.add(value, label, scope)
        elif event.get("method") in ("Network.requestWillBeSentExtraInfo", "Network.responseReceivedExtraInfo"):
            for name, value in (params.get("headers") or {}).items():
                if name.lower() == "cookie":
                    pairs = [part.strip().split("=", 1) for part in value.split(";")]
                elif name.lower() == "set-cookie":  # one cookie per line
                    pairs = [line.split(";", 1)[0].strip().split("=", 1) for line in value.split("\n")]
                else:
                    continue
                for pair in pairs:
                    if len(pair) == 2 and len(pair[1]) >= 16:
                        leaks.add_token(pair[1], f"the {pair[0]} cookie")
