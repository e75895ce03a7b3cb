#!/usr/bin/env python3
"""Load test: N people stream a coach reply at the same time against a fake Ollama provider.

Run through scripts/load-chat.sh (it builds the release binary). Standard library only.

    load_chat.py run --bin .build-release/release/airfit [--streams 200] [--time-limit 900]
    load_chat.py provider   (internal: the fake provider, started by `run` in its own process)

What `run` does, all on 127.0.0.1 with a timeout on every request:

1. Starts a fake Ollama server (NDJSON on POST /api/chat, chunked like the real one; no key): every reply is
   REPLY_TOKENS words, one line each, TOKEN_DELAY seconds apart (~1.5 s per reply). The words name the person
   (`person-17`), so each stored reply can be checked against the exact text it should hold.
2. Starts `airfit serve` on a fresh AIRFIT_DATA_DIR (SQLite) and a free port.
3. Creates the owner over HTTP like a browser without JavaScript: /setup, the ten onboarding screens, then
   Settings → AI provider (Ollama, model llama3.2, base URL of the fake server).
4. SEEDS THE OTHER PEOPLE DIRECTLY INTO SQLITE, because the web app has no sign-up for anyone but the owner
   yet and the server allows one running reply per person (ActiveReplies). With the server stopped, each
   owner row is copied with new ids: `users` (the same provider settings, at their own loopback address
   127.0.N.M of the fake server, since a keyless address is one account of the AI client's limit), `accounts` (new email, same bcrypt
   hash), `onboarding_profiles` (the owner's completed profile), and `web_sessions` (a signed-in session:
   the row holds the SHA-256 of a random cookie token, as SessionStore does; the token goes in the cookie).
   Columns are copied generically from the owner's rows, so a new column keeps its owner value.
5. Restarts the server, opens /chat for everyone (CSRF token and conversation id from the page), then posts
   all N /chat/stream requests at once (one thread each) and reads each event stream to its end.
6. Reports errors, latency p50/p99 (time to first byte, to the first `delta` frame, and to the end), the
   provider's peak concurrency, and the server's VmRSS/VmHWM (/proc/PID/status) before the streams, sampled
   every 50 ms during them (max) and SETTLE seconds after; then checks in SQLite that every reply is stored
   complete (is_complete = 1, no incomplete_reason) with exactly the expected text.

Exit status 1 when any stream failed, any reply is stored incomplete or with other text, or RSS after the
streams exceeds the bound (see rss_bound), 2 when setting up failed, 3 on the overall time limit.
"""
import argparse
import hashlib
import http.client
import json
import os
import re
import secrets
import shutil
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MODEL = "llama3.2"
PASSWORD = "load test password 123"
OWNER_EMAIL = "owner@load.example"
WORDS = ("steady strong easy tempo recover hydrate stretch sleep protein stride cadence breathe warm cool "
         "focus rest lift core balance pace").split()


def expected_reply(person, tokens):
    """The exact text the fake provider streams (and the server must store) for `person`."""
    return "".join(reply_pieces(person, tokens))


def reply_pieces(person, tokens):
    words = [f"person-{person}:"] + [WORDS[(person + i) % len(WORDS)] for i in range(tokens - 1)]
    return [word + (" " if i < len(words) - 1 else ".") for i, word in enumerate(words)]


# --- The fake provider ----------------------------------------------------------------------------------------

def run_provider(tokens, delay):
    """Ollama's /api/chat (NDJSON, chunked), /api/tags and /stats; prints `PORT n` once listening."""
    state = {"active": 0, "peak": 0, "requests": 0, "completed": 0, "bad": 0}
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def send_json(self, status, body):
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self):
            if self.path == "/api/tags":
                self.send_json(200, {"models": [{"name": MODEL, "model": MODEL}]})
            elif self.path == "/stats":
                with lock:
                    self.send_json(200, dict(state))
            else:
                self.send_json(404, {"error": "not found"})

        def chunk(self, data):
            self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
            self.wfile.flush()

        def do_POST(self):
            if not self.client_address[0].startswith("127."):
                self.close_connection = True
                return
            length = int(self.headers.get("Content-Length") or 0)
            body = json.loads(self.rfile.read(length) or b"{}")
            if self.path != "/api/chat":
                return self.send_json(404, {"error": "not found"})
            users = [m.get("content", "") for m in body.get("messages", []) if m.get("role") == "user"]
            found = re.search(r"person-(\d+)", users[-1] if users else "")
            with lock:
                state["requests"] += 1
                if found is None:
                    state["bad"] += 1
            if found is None:
                return self.send_json(400, {"error": "no person-N in the last user message"})
            person = int(found.group(1))
            with lock:
                state["active"] += 1
                state["peak"] = max(state["peak"], state["active"])
            try:
                self.send_response(200)
                self.send_header("Content-Type", "application/x-ndjson")
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                for piece in reply_pieces(person, tokens):
                    line = {"model": MODEL, "created_at": "2025-01-01T00:00:00Z",
                            "message": {"role": "assistant", "content": piece}, "done": False}
                    self.chunk(json.dumps(line).encode() + b"\n")
                    time.sleep(delay)
                last = {"model": MODEL, "created_at": "2025-01-01T00:00:00Z", "message": {"role": "assistant", "content": ""},
                        "done": True, "done_reason": "stop", "prompt_eval_count": 120, "eval_count": tokens}
                self.chunk(json.dumps(last).encode() + b"\n")
                self.wfile.write(b"0\r\n\r\n")
                self.wfile.flush()
                with lock:
                    state["completed"] += 1
            except OSError:
                self.close_connection = True
            finally:
                with lock:
                    state["active"] -= 1

        def log_message(self, *args):
            pass

    class Server(ThreadingHTTPServer):
        daemon_threads = True
        request_queue_size = 512

    # Every 127.x.y.z address is this machine: listening on all of them lets each person have their own local
    # "server" address (the AI client limits requests per account, and a keyless address is one account). Anything
    # not from loopback is refused.
    server = Server(("0.0.0.0", 0), Handler)
    print(f"PORT {server.server_address[1]}", flush=True)
    # Ends with its parent: stdin closes when `run` exits, however it exits.
    threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
    server.serve_forever()


# --- HTTP helpers -------------------------------------------------------------------------------------------

class Client:
    """A cookie-keeping HTTP/1.1 client for one person (one connection per request, timeouts on each)."""

    def __init__(self, port, timeout=30):
        self.port = port
        self.timeout = timeout
        self.cookies = {}

    def request(self, method, path, form=None, timeout=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout or self.timeout)
        headers = {}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            data = response.read()
        finally:
            conn.close()
        for value in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = value.partition("=")
            cookie_value = rest.split(";", 1)[0]
            if "Max-Age=0" in value:
                self.cookies.pop(name.strip(), None)
            else:
                self.cookies[name.strip()] = cookie_value
        return response.status, response.headers, data.decode("utf-8", "replace")


def hidden(page, name):
    found = re.search(r'name="%s" value="([^"]*)"' % re.escape(name), page)
    return found.group(1) if found else None


def percentile(values, fraction):
    """Nearest-rank percentile."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(-(-fraction * len(ordered) // 1))))
    return ordered[rank - 1]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def proc_memory(pid):
    """(VmRSS, VmHWM) in KiB, or None when the process is gone."""
    try:
        with open(f"/proc/{pid}/status") as status:
            fields = dict(line.split(":", 1) for line in status if ":" in line)
        return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])
    except (OSError, KeyError, ValueError):
        return None


def die_with_parent():
    """In a child before exec: SIGTERM it when this process dies, even by SIGKILL (Linux prctl PR_SET_PDEATHSIG)."""
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):
        pass


def mib(kib):
    return f"{kib / 1024:.1f} MiB"


class SetupError(Exception):
    pass


# --- The server -----------------------------------------------------------------------------------------------

class Server:
    def __init__(self, binary, work, port):
        self.binary = binary
        self.work = work
        self.port = port
        self.data = os.path.join(work, "data")
        self.proc = None
        self.log = None

    def start(self, label):
        os.makedirs(os.path.join(self.work, "home"), exist_ok=True)
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.path.join(self.work, "home"),
               "AIRFIT_DATA_DIR": self.data, "AIRFIT_PORT": str(self.port), "AIRFIT_HOST": "127.0.0.1",
               "AIRFIT_LOG_LEVEL": os.environ.get("LOAD_SERVER_LOG_LEVEL", "warning")}
        self.log = open(os.path.join(self.work, f"serve-{label}.log"), "wb")
        self.proc = subprocess.Popen([self.binary, "serve"], env=env, stdout=self.log, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, preexec_fn=die_with_parent)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise SetupError(f"airfit serve exited with {self.proc.returncode}; log:\n{self.log_text()}")
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                conn.request("GET", "/health")
                response = conn.getresponse()
                response.read()
                conn.close()
                if response.status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.05)
        raise SetupError("airfit serve did not answer /health within 60 s")

    def stop(self, timeout=20):
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        code = self.proc.returncode
        self.proc = None
        if self.log:
            self.log.close()
        return code

    def log_text(self, limit=4000):
        try:
            with open(self.log.name, "rb") as f:
                return f.read().decode("utf-8", "replace")[-limit:]
        except OSError:
            return ""

    @property
    def database(self):
        return os.path.join(self.data, "airfit.sqlite")


# --- Setting up the people ------------------------------------------------------------------------------------

ONBOARDING_ANSWERS = {
    "opening": [("action", "begin")],
    "lifeSnapshot": [("life_busy_professional", "on"), ("life_travel_frequently", "on"), ("action", "next")],
    "coreAspiration": [("aspiration", "endurance"), ("action", "next")],
    "coachingStyle": [("style_authoritative", "40"), ("style_empathetic", "30"), ("style_analytical", "20"),
                      ("style_playful", "10"), ("action", "next")],
    "engagement": [("engagement", "consistent_balanced"), ("action", "next")],
    "availability": [("slot_day", "3"), ("slot_start", "06:30"), ("slot_end", "07:15"), ("action", "next")],
    "sleep": [("bedtime", "22:30"), ("wake", "06:30"), ("rhythm", "weekends_different"), ("action", "next")],
    "motivation": [("achievement", "data_focused"), ("inactivity", "gentle"), ("units", "metric"), ("baseline", "on"),
                   ("action", "next")],
    "ready": [("action", "finish")],
}


def create_owner(port, provider_url):
    """/setup, the onboarding screens and the provider settings over HTTP; returns the owner's Client."""
    owner = Client(port)
    status, _, page = owner.request("GET", "/setup")
    csrf = hidden(page, "_csrf")
    if status != 200 or not csrf:
        raise SetupError(f"GET /setup answered {status} without a CSRF token")
    status, headers, _ = owner.request("POST", "/setup", [("_csrf", csrf), ("email", OWNER_EMAIL), ("password", PASSWORD)])
    if status != 303 or "airfit_session" not in owner.cookies:
        raise SetupError(f"POST /setup answered {status} ({headers.get('Location')}) without a session")
    for _ in range(20):
        status, _, page = owner.request("GET", "/onboarding")
        screen = hidden(page, "screen")
        if status != 200 or screen is None:
            raise SetupError(f"GET /onboarding answered {status} without a screen field")
        if screen not in ONBOARDING_ANSWERS:
            raise SetupError(f"onboarding screen {screen!r} has no scripted answer")
        status, headers, _ = owner.request("POST", "/onboarding", [("_csrf", hidden(page, "_csrf")), ("screen", screen)]
                                           + ONBOARDING_ANSWERS[screen])
        if status != 303:
            raise SetupError(f"onboarding screen {screen!r} answered {status}")
        if screen == "ready":
            if headers.get("Location") != "/":
                raise SetupError(f"finishing onboarding led to {headers.get('Location')}")
            break
    else:
        raise SetupError("onboarding did not finish in 20 steps")
    status, _, page = owner.request("GET", "/settings/provider?provider=ollama")
    form = [("_csrf", hidden(page, "_csrf")), ("shown", "ollama"), ("provider", "ollama"), ("model", MODEL),
            ("base_url", provider_url), ("temperature", ""), ("max_tokens", ""), ("action", "save")]
    status, headers, page = owner.request("POST", "/settings/provider", form)
    if status != 303 or "saved=1" not in (headers.get("Location") or ""):
        problems = re.findall(r"<li>([^<]*)</li>", page)[:5]
        raise SetupError(f"saving the provider answered {status}: {problems}")
    return owner


def new_id(template):
    """A random UUID stored the way `template` (an id read from the database) is stored."""
    value = uuid.uuid4()
    if isinstance(template, bytes):
        return value.bytes
    text = str(value)
    return text.upper() if template == template.upper() else text


def seed_people(database, count, owner_session_token):
    """Copies the owner into `count` more people (see the module doc); returns [(person, cookie token)]."""
    db = sqlite3.connect(database, timeout=30)
    db.row_factory = sqlite3.Row
    try:
        accounts = db.execute("SELECT * FROM accounts").fetchall()
        if len(accounts) != 1:
            raise SetupError(f"expected the owner's account only, found {len(accounts)}")
        account = dict(accounts[0])
        user = dict(db.execute("SELECT * FROM users WHERE id = ?", (account["user_id"],)).fetchone())
        profile_row = db.execute("SELECT * FROM onboarding_profiles WHERE user_id = ?", (user["id"],)).fetchone()
        session_row = db.execute("SELECT * FROM web_sessions WHERE token_hash = ?",
                                 (hashlib.sha256(owner_session_token.encode()).hexdigest(),)).fetchone()
        if profile_row is None or session_row is None:
            raise SetupError("the owner has no onboarding profile or no stored session")
        if user.get("ai_provider") != "ollama" or not user.get("ai_base_url"):
            raise SetupError(f"the owner's provider is {user.get('ai_provider')!r} at {user.get('ai_base_url')!r}")
        profile, session = dict(profile_row), dict(session_row)

        def insert(table, row):
            columns = list(row)
            db.execute(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)})",
                       [row[c] for c in columns])

        people = [(0, owner_session_token)]
        now = time.time()
        with db:
            for person in range(1, count):
                user_id, account_id = new_id(user["id"]), new_id(account["id"])
                email = f"person{person}@load.example"
                # Their own loopback address (127.0.N.M), as if each ran a model server of their own.
                base_url = user["ai_base_url"].replace("//127.0.0.1:", f"//127.0.{1 + person // 250}.{1 + person % 250}:")
                insert("users", {**user, "id": user_id, "email": email, "created_at": now, "last_active_at": now,
                                 "ai_base_url": base_url})
                insert("accounts", {**account, "id": account_id, "email": email, "user_id": user_id, "created_at": now})
                insert("onboarding_profiles", {**profile, "id": new_id(profile["id"]), "user_id": user_id,
                                               "created_at": now, "updated_at": now})
                token = secrets.token_urlsafe(32)
                insert("web_sessions", {**session, "id": new_id(session["id"]),
                                        "token_hash": hashlib.sha256(token.encode()).hexdigest(), "account_id": account_id,
                                        "csrf_token": secrets.token_urlsafe(32), "skipped_onboarding": 0, "locked": 0,
                                        "created_at": now, "last_seen_at": now, "expires_at": now + 30 * 86400})
                people.append((person, token))
        return people
    finally:
        db.close()


# --- The load -------------------------------------------------------------------------------------------------

class Stream:
    """One person's chat: the page, then the streamed reply."""

    def __init__(self, person, token, port, read_timeout, tokens):
        self.person = person
        self.client = Client(port, timeout=read_timeout)
        self.client.cookies["airfit_session"] = token
        self.tokens = tokens
        self.message = f"Load test: person-{person} asks how to pace an easy run."
        self.csrf = None
        self.conversation = None
        self.error = None
        self.page_seconds = None
        self.ttfb = None
        self.first_delta = None
        self.total = None
        self.frames = []

    def open_page(self):
        started = time.perf_counter()
        try:
            status, headers, page = self.client.request("GET", "/chat", timeout=60)
        except OSError as error:
            self.error = f"GET /chat: {error!r}"
            return
        self.page_seconds = time.perf_counter() - started
        self.csrf, self.conversation = hidden(page, "_csrf"), hidden(page, "conversation")
        if status != 200 or not self.csrf or not self.conversation:
            self.error = f"GET /chat answered {status} ({headers.get('Location')}) without the form fields"
        elif 'data-testid="chat.needsProvider"' in page:
            self.error = "GET /chat says no provider is set up"

    def run(self, deadline):
        body = urllib.parse.urlencode([("_csrf", self.csrf), ("conversation", self.conversation), ("message", self.message)])
        headers = {"Cookie": f"airfit_session={self.client.cookies['airfit_session']}",
                   "Content-Type": "application/x-www-form-urlencoded", "Accept": "text/event-stream"}
        conn = http.client.HTTPConnection("127.0.0.1", self.client.port, timeout=self.client.timeout)
        started = time.perf_counter()
        try:
            conn.request("POST", "/chat/stream", body=body, headers=headers)
            response = conn.getresponse()
            if response.status != 200:
                self.error = f"POST /chat/stream answered {response.status}"
                response.read()
                return
            buffer = b""
            while True:
                if time.monotonic() > deadline:
                    self.error = "stream still open at the time limit"
                    return
                data = response.read1(65536)
                if not data:
                    break
                if self.ttfb is None:
                    self.ttfb = time.perf_counter() - started
                buffer += data
                while b"\n\n" in buffer:
                    raw, buffer = buffer.split(b"\n\n", 1)
                    event, payload = "message", ""
                    for line in raw.decode("utf-8", "replace").split("\n"):
                        if line.startswith("event: "):
                            event = line[7:]
                        elif line.startswith("data: "):
                            payload += line[6:]
                    if event == "delta" and self.first_delta is None:
                        self.first_delta = time.perf_counter() - started
                    self.frames.append((event, payload))
            self.total = time.perf_counter() - started
            if buffer.strip():
                self.error = f"stream ended inside a frame: {buffer[:80]!r}"
        except (OSError, http.client.HTTPException) as error:
            self.error = f"POST /chat/stream: {error!r}"
        finally:
            conn.close()
        if self.error is None:
            self.error = self.check_frames()

    def check_frames(self):
        names = [event for event, _ in self.frames]
        for event, payload in self.frames:
            if event in ("error", "incomplete"):
                return f"{event} frame: {payload[:200]}"
        if not names or names[-1] != "done":
            return f"no final done frame (frames: {names[:3]}…{names[-3:]})"
        if names[0] != "user":
            return f"first frame is {names[0]!r}, not user"
        text = "".join(json.loads(payload).get("text", "") for event, payload in self.frames if event == "delta")
        if text != expected_reply(self.person, self.tokens):
            return f"streamed text differs: {text[:80]!r}"
        return None


class MemorySampler(threading.Thread):
    def __init__(self, pid, interval=0.05):
        super().__init__(daemon=True)
        self.pid = pid
        self.interval = interval
        self.max_rss = 0
        self.max_hwm = 0
        self.samples = 0
        self.stopping = threading.Event()

    def run(self):
        while not self.stopping.is_set():
            memory = proc_memory(self.pid)
            if memory:
                self.max_rss = max(self.max_rss, memory[0])
                self.max_hwm = max(self.max_hwm, memory[1])
                self.samples += 1
            self.stopping.wait(self.interval)


def verify_database(database, people, tokens):
    """Problems with the stored conversations: one complete reply per person, with the expected text."""
    db = sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=30)
    problems = []
    try:
        by_email = {}
        for user_id, email in db.execute("SELECT id, email FROM users"):
            by_email[email] = user_id
        incomplete = db.execute("SELECT COUNT(*) FROM coach_messages WHERE is_complete = 0").fetchone()[0]
        if incomplete:
            reasons = db.execute("SELECT incomplete_reason, COUNT(*) FROM coach_messages WHERE is_complete = 0 "
                                 "GROUP BY incomplete_reason").fetchall()
            problems.append(f"{incomplete} messages stored incomplete: {reasons}")
        for stream in people:
            email = OWNER_EMAIL if stream.person == 0 else f"person{stream.person}@load.example"
            rows = db.execute("SELECT role, content, is_complete, incomplete_reason, model FROM coach_messages "
                              "WHERE user_id = ? ORDER BY created_at", (by_email.get(email),)).fetchall()
            roles = [row[0] for row in rows]
            if roles != ["user", "assistant"]:
                problems.append(f"person-{stream.person}: stored roles {roles}")
                continue
            (_, asked, _, _, _), (_, reply, complete, reason, model) = rows
            if asked != stream.message:
                problems.append(f"person-{stream.person}: stored message differs")
            if not complete or reason is not None:
                problems.append(f"person-{stream.person}: reply stored incomplete ({reason})")
            if reply != expected_reply(stream.person, tokens):
                problems.append(f"person-{stream.person}: stored reply differs ({len(reply)} chars): {reply[:60]!r}")
            if model != MODEL:
                problems.append(f"person-{stream.person}: stored model {model!r}")
    finally:
        db.close()
    return problems


def rss_bound(before_kib):
    """The largest RSS accepted a few seconds after the streams ended: before + 64 MiB.

    The streams themselves are small (a ~300-byte reply and ~30 frames each), so what remains after them is the
    allocator keeping freed pages for reuse and SQLite's page cache: +16 MiB for 200 streams on a release build
    (+19 MiB debug). A server that kept each stream's buffers, tasks or connections (a third of a MiB per
    stream or more at 200 streams) goes past it. A relative bound (4 × before, ~216 MiB here) would let a
    leak of 800 KiB per stream through. LOAD_RSS_LIMIT_MIB replaces it with a fixed cap.
    """
    fixed = os.environ.get("LOAD_RSS_LIMIT_MIB")
    if fixed:
        return int(float(fixed) * 1024), f"LOAD_RSS_LIMIT_MIB={fixed}"
    return before_kib + 64 * 1024, "before + 64 MiB"


def run(args):
    tokens, delay = args.tokens, args.token_delay
    overall_deadline = time.monotonic() + args.time_limit
    work = tempfile.mkdtemp(prefix="airfit-load.")
    provider = None
    server = None
    keep = os.environ.get("LOAD_KEEP_WORK") == "1"

    def on_term(signum, frame):
        raise SystemExit(3)

    signal.signal(signal.SIGTERM, on_term)
    try:
        provider = subprocess.Popen([sys.executable, os.path.abspath(__file__), "provider", "--tokens", str(tokens),
                                     "--token-delay", str(delay)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    preexec_fn=die_with_parent)
        line = provider.stdout.readline().decode()
        if not line.startswith("PORT "):
            raise SetupError(f"the fake provider did not start: {line!r}")
        provider_port = int(line.split()[1])
        provider_url = f"http://127.0.0.1:{provider_port}"
        print(f"fake Ollama provider on {provider_url}: {tokens} tokens, {delay * 1000:.0f} ms apart "
              f"(~{tokens * delay:.1f} s per reply)")

        server = Server(args.bin, work, free_port())
        server.start("setup")
        print(f"airfit serve on 127.0.0.1:{server.port}, data in {server.data}")
        owner = create_owner(server.port, provider_url)
        print("owner created over HTTP: /setup, onboarding (10 screens), Settings → AI provider (ollama)")
        code = server.stop()
        if code not in (0, None):
            print(f"note: airfit serve exited with {code} on SIGTERM")
        people = seed_people(server.database, args.streams, owner.cookies["airfit_session"])
        print(f"seeded {len(people) - 1} more people into SQLite (users, accounts, onboarding_profiles, web_sessions)")

        server.start("load")
        pid = server.proc.pid
        idle = proc_memory(pid)
        streams = [Stream(person, token, server.port, args.read_timeout, tokens) for person, token in people]

        def in_threads(target):
            threads = [threading.Thread(target=target, args=(s,), daemon=True) for s in streams]
            for t in threads:
                t.start()
            for t in threads:
                t.join(max(0.0, overall_deadline - time.monotonic()))
            if any(t.is_alive() for t in threads):
                raise SystemExit(3)

        started = time.perf_counter()
        in_threads(lambda s: s.open_page())
        pages = time.perf_counter() - started
        page_errors = [s for s in streams if s.error]
        if page_errors:
            raise SetupError(f"{len(page_errors)} chat pages failed, e.g. person-{page_errors[0].person}: {page_errors[0].error}")
        page_times = [s.page_seconds for s in streams]
        print(f"GET /chat × {len(streams)} at once: {pages:.2f} s, p50 {percentile(page_times, .5) * 1000:.0f} ms, "
              f"p99 {percentile(page_times, .99) * 1000:.0f} ms")

        time.sleep(1)
        before = proc_memory(pid)
        sampler = MemorySampler(pid)
        sampler.start()
        barrier = threading.Barrier(len(streams))
        stream_deadline = overall_deadline - args.settle - 30

        def go(stream):
            try:
                barrier.wait(30)
            except threading.BrokenBarrierError:
                pass
            stream.run(stream_deadline)

        print(f"POST /chat/stream × {len(streams)} at once …", flush=True)
        started = time.perf_counter()
        in_threads(go)
        wall = time.perf_counter() - started
        sampler.stopping.set()
        sampler.join()
        time.sleep(args.settle)
        after = proc_memory(pid)
        if after is None:
            raise SetupError(f"airfit serve is gone after the streams; log:\n{server.log_text()}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", provider_port, timeout=10)
            conn.request("GET", "/stats")
            stats = json.loads(conn.getresponse().read())
            conn.close()
        except OSError:
            stats = {}

        errors = [s for s in streams if s.error]
        ok = [s for s in streams if not s.error]
        ttfb = [s.ttfb for s in ok]
        first = [s.first_delta for s in ok]
        total = [s.total for s in ok]

        def ms(values, fraction):
            return f"{percentile(values, fraction) * 1000:.0f} ms"

        print(f"\n=== {len(streams)} concurrent coach chat streams, {wall:.1f} s wall ===")
        print(f"errors:              {len(errors)}")
        kinds = {}
        for s in errors:
            kinds.setdefault(re.sub(r"person-\d+", "person-N", s.error)[:160], []).append(s.person)
        for kind, persons in sorted(kinds.items(), key=lambda item: -len(item[1])):
            print(f"  {len(persons):4d} × {kind}  (e.g. person-{persons[0]})")
        if ok:
            print(f"time to first byte:  p50 {ms(ttfb, .5)}, p99 {ms(ttfb, .99)}, max {ms(ttfb, 1)}")
            print(f"time to first token: p50 {ms(first, .5)}, p99 {ms(first, .99)}, max {ms(first, 1)}")
            print(f"total duration:      p50 {ms(total, .5)}, p99 {ms(total, .99)}, max {ms(total, 1)}")
        print(f"provider:            {stats.get('requests')} requests, {stats.get('completed')} completed, "
              f"peak {stats.get('peak')} at once")
        print(f"server VmRSS:        idle {mib(idle[0])}, before {mib(before[0])}, max during {mib(sampler.max_rss)} "
              f"({sampler.samples} samples), after {args.settle:.0f} s {mib(after[0])}")
        print(f"server VmHWM:        before {mib(before[1])}, after {mib(after[1])}")

        failures = []
        if errors:
            failures.append(f"{len(errors)} streams failed")
        bound, rule = rss_bound(before[0])
        if after[0] > bound:
            failures.append(f"RSS after ({mib(after[0])}) exceeds {mib(bound)} ({rule})")
        else:
            print(f"RSS bound:           after ≤ {mib(bound)} ({rule}): ok")

        problems = verify_database(server.database, streams, tokens)
        if problems:
            failures.append(f"{len(problems)} problems in the stored replies")
            for problem in problems[:20]:
                print(f"  stored: {problem}")
        else:
            print(f"database:            {len(streams)} replies stored complete with the expected text")

        code = server.stop()
        if code not in (0, None):
            failures.append(f"airfit serve exited with {code} on SIGTERM")
        log = server.log_text(100_000)
        notable = [line for line in log.splitlines() if re.search(r"error|critical|warning", line, re.I)]
        if notable:
            print(f"server log: {len(notable)} warning/error lines, e.g.:")
            for line in notable[:5]:
                print(f"  {line[:200]}")
        if failures:
            print("\nFAIL: " + "; ".join(failures))
            return 1
        print("\nPASS")
        return 0
    except SetupError as error:
        print(f"setup failed: {error}", file=sys.stderr)
        if server and server.log:
            print(server.log_text(), file=sys.stderr)
        return 2
    except SystemExit as exit:
        if exit.code == 3:
            print(f"time limit of {args.time_limit:.0f} s reached", file=sys.stderr)
            return 3
        raise
    finally:
        if server:
            server.stop(timeout=5)
        if provider and provider.poll() is None:
            provider.kill()
            provider.wait(timeout=5)
        if keep:
            print(f"work directory kept: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("run", "provider"):
        p = sub.add_parser(name)
        p.add_argument("--tokens", type=int, default=int(os.environ.get("LOAD_TOKENS", 50)))
        p.add_argument("--token-delay", type=float, default=float(os.environ.get("LOAD_TOKEN_DELAY", 0.03)))
        if name == "run":
            p.add_argument("--bin", required=True)
            p.add_argument("--streams", type=int, default=int(os.environ.get("LOAD_STREAMS", 200)))
            p.add_argument("--time-limit", type=float, default=float(os.environ.get("LOAD_TIME_LIMIT", 900)))
            p.add_argument("--read-timeout", type=float, default=float(os.environ.get("LOAD_READ_TIMEOUT", 180)))
            p.add_argument("--settle", type=float, default=float(os.environ.get("LOAD_SETTLE", 5)))
    args = parser.parse_args()
    if args.command == "provider":
        run_provider(args.tokens, args.token_delay)
        return 0
    if args.streams < 1:
        parser.error("--streams must be at least 1")
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
