"""llm-katan (echo backend) servers for the interop suite, one process per provider, with the keys they accept.

Each provider gets its own llm-katan process, so a request for one provider's endpoint never lands on
another provider's route (llm-katan serves OpenAI's GET /v1/models, which an Anthropic key test would hit).
llm-katan runs with --validate-keys and the keys below, so a wrong key gets a real 401.
"""
import http.client
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


# Keys llm-katan accepts; each passes AirFit's format rules for its provider (no "," or "=": --api-keys syntax).
KEYS = {
    "openai": "sk-katan-openai-0123456789abcdef",
    "anthropic": "sk-ant-katan-0123456789abcdef",
    "gemini": "AIzaKatanGemini0123456789abcdefghijklmn",
}
KEYS["custom"] = KEYS["openai"]  # AirFit's OpenAI-compatible provider, served by llm-katan's OpenAI API
WRONG_KEYS = {
    "openai": "sk-wrong-openai-9876543210fedcba",
    "anthropic": "sk-ant-wrong-9876543210fedcba",
    "gemini": "AIzaWrongGemini9876543210zyxwvutsrqponm",
}
WRONG_KEYS["custom"] = WRONG_KEYS["openai"]
# llm-katan's provider name for each AirFit provider.
KATAN_PROVIDER = {"openai": "openai", "anthropic": "anthropic", "gemini": "vertexai"}
SERVED_MODEL = "airfit-echo"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def katan_binary():
    beside = os.path.join(os.path.dirname(sys.executable), "llm-katan")
    found = beside if os.path.exists(beside) else shutil.which("llm-katan")
    if not found:
        raise AssertionError("llm-katan is not installed: pip install -r Tests/requirements.txt")
    return found


class Katan:
    """One llm-katan process serving one provider's API with the echo backend."""

    def __init__(self, provider, folder):
        self.provider = provider
        self.port = free_port()
        self.root = f"http://127.0.0.1:{self.port}"
        self.log = open(os.path.join(folder, f"katan-{provider}.log"), "w+b")
        name = KATAN_PROVIDER[provider]
        self.proc = subprocess.Popen(
            [katan_binary(), "--model", SERVED_MODEL, "--backend", "echo", "--host", "127.0.0.1", "--port", str(self.port),
             "--providers", name, "--validate-keys", "--api-keys", f"{name}={KEYS[provider]}", "--disable-dashboard",
             "--stats-file", os.path.join(folder, f"stats-{provider}.json"), "--log-level", "WARNING"],
            stdout=self.log, stderr=subprocess.STDOUT, env=dict(os.environ, HOME=folder))
        self.wait_ready()

    def wait_ready(self, timeout=60):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"llm-katan exited {self.proc.returncode}: {self.output()}")
            try:
                with urllib.request.urlopen(self.root + "/health", timeout=2) as reply:
                    if reply.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.2)
        raise AssertionError(f"llm-katan did not answer /health within {timeout}s: {self.output()}")

    def output(self):
        self.log.flush()
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


class GoogleKeyHeaderProxy:
    """Forwards to llm-katan, moving Google's `x-goog-api-key` header into `Authorization: Bearer`.

    llm-katan 0.22.0's Gemini routes accept only `Authorization: Bearer` or `?key=`; the Gemini API (and
    AirFit, which keeps keys out of URLs) sends `x-goog-api-key`. Bodies are streamed through unchanged.
    """

    def __init__(self, upstream_port):
        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def forward(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else None
                headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "x-goog-api-key", "connection")}
                if self.headers.get("x-goog-api-key"):
                    headers["Authorization"] = "Bearer " + self.headers["x-goog-api-key"]
                upstream = http.client.HTTPConnection("127.0.0.1", upstream_port, timeout=60)
                upstream.request(self.command, self.path, body=body, headers=headers)
                reply = upstream.getresponse()
                self.send_response(reply.status)
                for name, value in reply.getheaders():
                    if name.lower() not in ("transfer-encoding", "content-length", "connection", "date", "server"):
                        self.send_header(name, value)
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                while piece := reply.read1(65536):
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece))
                    self.wfile.flush()
                self.wfile.write(b"0\r\n\r\n")
                upstream.close()

            do_GET = do_POST = forward

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.root = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()
