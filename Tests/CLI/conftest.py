"""Shared fixtures: the built airfit binary, a private data directory, and helpers to run it."""
import os
import socket
import subprocess
import time
import urllib.request

import pytest

BIN = os.environ.get("AIRFIT_BIN") or os.path.join(os.path.dirname(__file__), "..", "..", ".build", "debug", "airfit")


class Airfit:
    """Runs the airfit binary with a private HOME and data directory; records every output it produced."""

    def __init__(self, root):
        self.home = os.path.join(root, "home")
        self.data = os.path.join(root, "data")
        os.makedirs(self.home)
        self.outputs = []
        self.env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": self.home,
            "AIRFIT_DATA_DIR": self.data,
            "AIRFIT_LOG_LEVEL": "trace",
        }

    def run(self, *args, input=None, env=None, check=True, timeout=120):
        merged = dict(self.env, **(env or {}))
        merged = {k: v for k, v in merged.items() if v is not None}
        p = subprocess.run([BIN, *args], input=input.encode() if isinstance(input, str) else input,
                           capture_output=True, env=merged, timeout=timeout)
        p.out = p.stdout.decode(errors="replace")
        p.err = p.stderr.decode(errors="replace")
        self.outputs += [p.out, p.err]
        if check and p.returncode != 0:
            raise AssertionError(f"airfit {' '.join(args)} exited {p.returncode}:\n{p.out}\n{p.err}")
        return p

    def serve(self, env=None):
        port = free_port()
        merged = dict(self.env, AIRFIT_PORT=str(port), **(env or {}))
        merged = {k: v for k, v in merged.items() if v is not None}
        log = open(os.path.join(self.home, f"serve-{port}.log"), "w+b")
        proc = subprocess.Popen([BIN, "serve"], env=merged, stdout=log, stderr=subprocess.STDOUT)
        return Server(proc, port, log, self)

    def files_bytes(self):
        """Every file under the data directory, as (path, bytes)."""
        for folder, _, names in os.walk(self.data):
            for name in names:
                path = os.path.join(folder, name)
                with open(path, "rb") as f:
                    yield path, f.read()


class Server:
    def __init__(self, proc, port, log, owner):
        self.proc, self.port, self.log, self.owner = proc, port, log, owner
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


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def airfit(tmp_path):
    return Airfit(str(tmp_path))
