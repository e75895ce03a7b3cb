"""A real OpenID Connect provider for the tests: `oidc-provider-mock` (PyPI, Tests/requirements.txt) on 127.0.0.1.

It serves discovery, JWKS and RS256 ID tokens, accepts any client id and secret, ignores PKCE, and lets a test set a
user's claims with `PUT /users/{sub}`. Its authorize page is a form where a person types the subject and presses
Authorize; `authorize_in_browser` does that in Chromium.

Loaded by path from Tests/Browser and Tests/CLI (the suites do not share sys.path)."""
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class OIDCMock:
    """`python -m oidc_provider_mock` on a free port of 127.0.0.1, its output kept in `log_path`."""

    CLIENT_ID, CLIENT_SECRET = "airfit", "s3cret"

    def __init__(self, folder, python=None):
        self.port = free_port()
        self.issuer = f"http://127.0.0.1:{self.port}"
        self.log_path = os.path.join(str(folder), f"oidc-mock-{self.port}.log")
        self.log = open(self.log_path, "w+b")
        self.proc = subprocess.Popen(
            [python or sys.executable, "-m", "oidc_provider_mock", "--host", "127.0.0.1", "--port", str(self.port)],
            stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.time() + 30
        while True:
            try:
                with urllib.request.urlopen(self.issuer + "/.well-known/openid-configuration", timeout=2) as r:
                    self.discovery = json.load(r)
                break
            except Exception:
                if self.proc.poll() is not None or time.time() > deadline:
                    self.close()
                    with open(self.log_path, "rb") as f:
                        raise AssertionError("oidc-provider-mock did not start:\n" + f.read().decode(errors="replace"))
                time.sleep(0.2)

    def set_user(self, sub, claims):
        """Sets the claims the mock puts in `sub`'s ID tokens (PUT /users/{sub})."""
        request = urllib.request.Request(
            f"{self.issuer}/users/{sub}", data=json.dumps(claims).encode(), method="PUT",
            headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=5) as r:
            assert r.status == 204, r.status

    def env(self, provider_id="mock", name="Mock ID"):
        """The server's environment for one generic provider `provider_id` at this mock."""
        key = provider_id.upper().replace("-", "_")
        return {
            "AIRFIT_OIDC_PROVIDERS": provider_id, f"AIRFIT_OIDC_{key}_ISSUER": self.issuer,
            f"AIRFIT_OIDC_{key}_CLIENT_ID": self.CLIENT_ID, f"AIRFIT_OIDC_{key}_CLIENT_SECRET": self.CLIENT_SECRET,
            f"AIRFIT_OIDC_{key}_NAME": name,
        }

    def close(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()
