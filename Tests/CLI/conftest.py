"""Shared fixtures: the built airfit binary, a private data directory, and helpers to run it.

Every command runs at AIRFIT_LOG_LEVEL=trace, and when a test ends the `airfit` fixture scans everything the
binary printed (stdout, stderr, server logs) for the test's secrets (leakscan.py): at no log level may AirFit
print a secret, a hash of one, an email, or message content. Tests see `p.err` without log lines (the raw
stderr is `p.err_raw`), so their assertions on error text do not depend on what is logged.
"""
import json
import os
import socket
import subprocess
import time
import urllib.request
from urllib.parse import urlsplit

import sys

import pytest

# Loaded by path from Tests/Interop too, where this folder is not on sys.path.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from leakscan import LeakScan, strip_log_lines  # noqa: E402

BIN = os.environ.get("AIRFIT_BIN") or os.path.join(os.path.dirname(__file__), "..", "..", ".build", "debug", "airfit")


class Airfit:
    """Runs the airfit binary with a private HOME and data directory; records every output it produced."""

    def __init__(self, root):
        self.home = os.path.join(root, "home")
        self.data = os.path.join(root, "data")
        os.makedirs(self.home)
        self.outputs = []  # everything printed, raw (log lines included)
        self.leaks = LeakScan()  # the test's secrets and the outputs they must not appear in
        self.secrets = self.leaks  # airfit.secrets.add(value, label) registers one more
        self.servers = []
        self.env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": self.home,
            "AIRFIT_DATA_DIR": self.data,
            "AIRFIT_LOG_LEVEL": "trace",
        }

    def run(self, *args, input=None, env=None, check=True, timeout=120):
        merged = dict(self.env, **(env or {}))
        merged = {k: v for k, v in merged.items() if v is not None}
        self.register_inputs(args, input, merged)
        p = subprocess.run([BIN, *args], input=input.encode() if isinstance(input, str) else input,
                           capture_output=True, env=merged, timeout=timeout)
        p.out = p.stdout.decode(errors="replace")
        p.err_raw = p.stderr.decode(errors="replace")
        p.err = strip_log_lines(p.err_raw)
        self.record(args, p.out, p.err_raw, merged)
        if check and p.returncode != 0:
            raise AssertionError(f"airfit {' '.join(args)} exited {p.returncode}:\n{p.out}\n{p.err_raw}")
        return p

    def serve(self, env=None, port=None):
        """Starts `airfit serve` on `port` (a free one when not given: a test that must name the port in the
        environment first, as AIRFIT_PUBLIC_URL does, picks it with `free_port()`)."""
        port = port or free_port()
        merged = dict(self.env, AIRFIT_PORT=str(port), **(env or {}))
        merged = {k: v for k, v in merged.items() if v is not None}
        log = open(os.path.join(self.home, f"serve-{port}.log"), "w+b")
        self.register_inputs(("serve",), None, merged)
        proc = subprocess.Popen([BIN, "serve"], env=merged, stdout=log, stderr=subprocess.STDOUT)
        server = Server(proc, port, log, self, merged)
        self.servers.append(server)
        return server

    def record(self, args, out, err, env=None):
        """Keeps what one run printed, and harvests the secrets its data directory holds now (a later
        `keys rotate` replaces the master key, so it is read after every run)."""
        if isinstance(out, bytes):
            out = out.decode(errors="replace")
        if isinstance(err, bytes):
            err = err.decode(errors="replace")
        self.outputs += [out, err]
        command = "airfit " + " ".join(str(a) for a in args)[:80]
        self.leaks.add_output(f"stdout of `{command}`", out)
        self.leaks.add_output(f"stderr of `{command}`", err)
        self.harvest(env or self.env)

    def harvest(self, env):
        data = env.get("AIRFIT_DATA_DIR") or os.path.join(env.get("HOME", self.home), ".airfit")
        self.leaks.add_store(data)

    def register_inputs(self, args, input, env):
        """Secrets and messages a command is given: whatever it is told, it must not log."""
        text = input.decode(errors="replace") if isinstance(input, bytes) else (input or "")
        args = [str(a) for a in args]
        if env.get("AIRFIT_MASTER_KEY"):
            self.leaks.add_master_key(env["AIRFIT_MASTER_KEY"], "the master key from AIRFIT_MASTER_KEY")
        if env.get("DATABASE_URL"):
            self.leaks.add(urlsplit(env["DATABASE_URL"]).password, "the database password")
        if args[:2] == ["keys", "set"]:
            self.leaks.add(text, "an API key given to `keys set`")
            for arg in args[3:]:  # a key wrongly given as an argument
                if not arg.startswith("-") and "://" not in arg and len(arg) >= 16:
                    self.leaks.add(arg, "an API key given as an argument")
        if args[:2] == ["keys", "rotate"] and "--new-key-stdin" in args:
            self.leaks.add_master_key(text, "the new master key given on stdin")
        if args[:1] == ["chat"]:
            for line in text.splitlines():
                if line.strip() and not line.startswith("/"):
                    self.leaks.add_message(line, "a chat message")
        for option in ("--message", "--tool-result"):
            if option in args[:-1]:
                self.leaks.add_message(args[args.index(option) + 1], f"the {option} text")
        if args[:1] == ["ask"] and args[-1:] and not args[-1].startswith("-"):
            self.leaks.add_message(args[-1], "the question given to `ask`")
        if args[:1] == ["onboard"]:
            for line in text.splitlines():
                if len(line) >= 20:  # a goal in the person's own words, not a card number
                    self.leaks.add_message(line, "a goal typed in onboarding")
            if "--answers" in args[:-1]:
                self.register_file(args[args.index("--answers") + 1])
        if args[:1] == ["import"] and len(args) > 1:
            self.register_file(args[1])

    def register_file(self, path):
        """Message content and emails in an answers file or an export archive about to be imported."""
        try:
            with open(path, "rb") as f:
                document = json.loads(f.read())
        except (OSError, ValueError):
            return
        if not isinstance(document, dict):
            return
        aspiration = document.get("aspiration")
        if isinstance(aspiration, dict):
            self.leaks.add_message(aspiration.get("text"), "a goal in an answers file")
        user = document.get("user")
        if isinstance(user, dict) and isinstance(user.get("email"), str):
            self.leaks.add_message(user["email"], "an email in an imported archive")
        for message in document.get("coachMessages") or []:
            if isinstance(message, dict) and isinstance(message.get("content"), str):
                self.leaks.add_message(message["content"], "an imported coach message")

    def check_leaks(self):
        """Stops servers still running, then fails with a report if any output holds a secret."""
        for server in self.servers:
            server.collect()
        self.harvest(self.env)
        report = self.leaks.report()
        if report:
            raise AssertionError(report)

    def files_bytes(self):
        """Every file under the data directory, as (path, bytes)."""
        for folder, _, names in os.walk(self.data):
            for name in names:
                path = os.path.join(folder, name)
                with open(path, "rb") as f:
                    yield path, f.read()


class Server:
    def __init__(self, proc, port, log, owner, env=None):
        self.proc, self.port, self.log, self.owner = proc, port, log, owner
        self.env = env or owner.env
        self.collected = False
        self.base = f"http://127.0.0.1:{port}"

    def wait_healthy(self, timeout=30):
        deadline = time.time() + timeout
        last = None
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"serve exited {self.proc.returncode}: {self.output()}")
            try:
                with urllib.request.urlopen(self.base + "/health", timeout=2) as r:
                    return r.status, r.read().decode()
            except Exception as e:  # not up yet
                last = e
                time.sleep(0.1)
        raise AssertionError(f"no /health answer within {timeout}s: {last}; log: {self.output()}")

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
        self.owner.outputs.append(self.output())
        self.collect()

    def collect(self):
        """Hands the whole server log to the leak scan, once (stopping the server if it still runs)."""
        if self.collected:
            return
        if self.proc.poll() is None:
            self.stop()
            return
        self.collected = True
        self.owner.leaks.add_output(f"log of `airfit serve` on port {self.port}", self.output(), all_logs=True)
        self.owner.harvest(self.env)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def airfit(tmp_path):
    """The binary, run at trace level; at the end of the test, every output is scanned for the test's secrets."""
    runner = Airfit(str(tmp_path))
    yield runner
    runner.check_leaks()
