"""Fixtures for the OpenAI-compatible endpoint suite: for each provider wire format, a fake upstream
(fake_upstreams.py), one `airfit serve` on a temp data directory whose owner chose that provider through the
settings pages, a personal access token with the `openai` scope made on the tokens page, and the official `openai`
SDK pointed at the server's `/v1`.

The server runs at AIRFIT_LOG_LEVEL=trace; when the session ends, its whole log is scanned (Tests/CLI/leakscan.py)
for the member's password, provider key, tokens, cookies and the data directory's secrets.
"""
import importlib.util
import os
import socket
import subprocess
import sys
import time
import urllib.request

import openai
import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fake_upstreams import KINDS, FakeUpstream  # noqa: E402
from member import PASSWORD, Member  # noqa: E402

BIN = os.environ.get("AIRFIT_BIN") or os.path.join(os.path.dirname(__file__), "..", "..", ".build", "debug", "airfit")


def _load_leakscan():
    path = os.path.join(os.path.dirname(__file__), "..", "CLI", "leakscan.py")
    spec = importlib.util.spec_from_file_location("airfit_leakscan", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


leakscan = _load_leakscan()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Airfit:
    """`airfit serve` on its own data directory and port, its output kept in one log."""

    def __init__(self, root):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.data = os.path.join(root, "data")
        home = os.path.join(root, "home")
        os.makedirs(home, exist_ok=True)
        self.env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "AIRFIT_DATA_DIR": self.data,
                    "AIRFIT_PORT": str(self.port), "AIRFIT_LOG_LEVEL": "trace", "AIRFIT_PUBLIC_URL": self.base}
        self.log = open(os.path.join(root, "serve.log"), "w+b")
        self.proc = subprocess.Popen([BIN, "serve"], env=self.env, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.time() + 60
        while True:
            try:
                urllib.request.urlopen(self.base + "/health", timeout=2)
                return
            except Exception:
                if self.proc.poll() is not None or time.time() > deadline:
                    raise AssertionError("airfit serve did not start:\n" + self.output())
                time.sleep(0.1)

    def output(self):
        self.log.flush()
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        text = self.output()
        self.log.close()
        return text


class Relay:
    """One provider's setup: the fake upstream, the server, the member, their tokens and SDK clients."""

    def __init__(self, kind, fake, server, member, token, read_token):
        self.kind, self.fake, self.server, self.member = kind, fake, server, member
        self.token, self.read_token = token, read_token
        self.base_url = server.base + "/v1"
        self.client = self.sdk(token)

    def sdk(self, api_key):
        """The official SDK against AirFit, without its automatic retries (a test sees the first answer)."""
        return openai.OpenAI(base_url=self.base_url, api_key=api_key, max_retries=0, timeout=30)


def leak_scan_for(kind, fake, member, server_log, data_dir):
    scan = leakscan.LeakScan()
    scan.add(PASSWORD, "the owner's password")
    if fake.key:
        scan.add(fake.key, f"the {kind} key")
    member.remember_cookies()
    for value, (label, scope) in member.leaks.secrets.items():
        scan.add(value, label, scope)
    scan.add_store(data_dir, "the server's data directory")
    scan.add_output(f"the `airfit serve` log ({kind})", server_log, all_logs=True)
    return scan


@pytest.fixture(scope="session", params=KINDS)
def relay(request, tmp_path_factory):
    """For each wire format: a member whose provider is that fake, and the SDK holding their `openai` token."""
    kind = request.param
    root = tmp_path_factory.mktemp(f"relay-{kind}")
    fake = FakeUpstream(kind)
    server = Airfit(str(root))
    secrets = leakscan.LeakScan()
    member = Member(server.base, secrets).set_up()
    try:
        member.use_provider(kind, fake.key, fake.base_url, fake.model)
        token = member.create_token("SDK tests", scopes=("openai",))
        read_token = member.create_token("Read only", scopes=("read",))
        yield Relay(kind, fake, server, member, token, read_token)
    finally:
        log = server.stop()
        fake.stop()
    if leakscan_enabled():
        scan = leak_scan_for(kind, fake, member, log, server.data)
        if scan.log_line_count() == 0:
            pytest.fail("the server log has no line in swift-log's format: the secret scan would prove nothing")
        report = scan.report()
        if report:
            pytest.fail(report, pytrace=False)


def leakscan_enabled():
    return os.environ.get("AIRFIT_SKIP_LEAKSCAN") != "1"


@pytest.fixture
def fake(relay):
    """The relay's fake upstream, with its records and scripted failures cleared for the test."""
    relay.fake.clear()
    return relay.fake


@pytest.fixture(scope="session")
def unconfigured(tmp_path_factory):
    """A member who has not chosen an AI provider yet, and the SDK holding their `openai` token."""
    root = tmp_path_factory.mktemp("relay-unconfigured")
    server = Airfit(str(root))
    member = Member(server.base, leakscan.LeakScan()).set_up()
    try:
        token = member.create_token("No provider yet", scopes=("openai", "read"))
        yield openai.OpenAI(base_url=server.base + "/v1", api_key=token, max_retries=0, timeout=30)
    finally:
        log = server.stop()
    report = leak_scan_for("no provider", NoUpstream(), member, log, server.data).report()
    if report:
        pytest.fail(report, pytrace=False)


class NoUpstream:
    """Stands in for a fake upstream in the leak scan of a server that has none."""

    key = None
