"""The proof behind "at no log level (trace included) does AirFit print a secret, a hash of one, an email, or
message content": a scanner for everything the binary printed.

Used by the CLI fixture (Tests/CLI/conftest.py) and the browser suite (Tests/Browser/conftest.py loads this file).

A *log line* is swift-log's StreamLogHandler format, one record per line:

    2026-11-23T00:03:22+0000 debug airfit.server: key=value [Source] message

What is looked for, and where:

- everywhere (stdout, stderr, server logs; log lines or not): every known secret the test registered
  (API keys, master keys, passwords, session tokens, CSRF tokens, sealed vault values, ...), also as a
  16-character middle fragment, plus patterns no output may ever contain: bcrypt hashes (`$2b$12$`),
  64-hex strings (SHA-256 token hashes), `sk-…`/`AIza…` API keys;
- in log lines only: email addresses (any `x@y.z`) and registered message content (chat messages, goals),
  which stdout may legitimately show (a chat reply quotes the message, an export carries the email).

A finding names what leaked, the stream and the line number, and shows the line with every secret replaced
by its label, so a report never repeats a secret.
"""
import base64
import binascii
import hashlib
import os
import re
import sqlite3

LEVELS = ("trace", "debug", "info", "notice", "warning", "error", "critical")
LOG_LINE = re.compile(
    r"^(?P<time>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:[+-]\d{4}|Z)) (?P<level>" + "|".join(LEVELS) + r")"
    r"(?: (?P<label>[^\s:]+))?:(?: |$)")

# Patterns that must never appear in any output.
EVERYWHERE = [
    ("a bcrypt hash", re.compile(r"\$2[abxy]?\$\d\d\$")),
    ("a 64-hex string (SHA-256-sized hash)", re.compile(r"(?<![0-9A-Fa-f])[0-9A-Fa-f]{64}(?![0-9A-Fa-f])")),
    ("an sk-… API key", re.compile(r"sk-[A-Za-z0-9_\-]{20,}")),
    ("an AIza… API key", re.compile(r"AIza[0-9A-Za-z_\-]{30,}")),
]
# Patterns that must never appear in a log line.
IN_LOGS = [
    ("an email address", re.compile(r"[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}")),
]

ANYWHERE, LOGS = "anywhere", "logs"
# Message texts shorter than this are not looked for ("hi" is in every other word).
MIN_MESSAGE = 8


def is_log_line(line):
    return LOG_LINE.match(line) is not None


def strip_log_lines(text):
    """`text` without its log lines: what a test asserting on stderr expects to see."""
    return "".join(line for line in text.splitlines(keepends=True) if not is_log_line(line))


def fragment(value):
    """A 16-character piece from the middle of a long secret, so a partly printed secret is found too."""
    if len(value) < 24:
        return None
    middle = len(value) // 2
    return value[middle - 8:middle + 8]


class Finding:
    def __init__(self, what, stream, line_no, line, log):
        self.what, self.stream, self.line_no, self.line, self.log = what, stream, line_no, line, log

    def __str__(self):
        where = f"{self.stream}, line {self.line_no}"
        if self.log:
            where += f" (log line: level {self.log.group('level')}, label {self.log.group('label') or '-'})"
        return f"{self.what} in {where}: {self.line}"


class LeakScan:
    """Secrets a test knows about, and the outputs to search for them."""

    def __init__(self):
        self.secrets = {}  # value -> (label, scope)
        self.streams = []  # (name, text, all_lines_are_logs)

    # -- what to look for -------------------------------------------------------------------------------
    def add(self, value, label, scope=ANYWHERE):
        """Registers a secret. `scope` LOGS: only log lines may not contain it (message texts, emails)."""
        if value is None:
            return
        value = value.strip() if isinstance(value, str) else value
        if not value or (scope == LOGS and len(value) < MIN_MESSAGE):
            return
        if value in self.secrets and (self.secrets[value][1] == ANYWHERE or scope == LOGS):
            return  # the first name stays; a stricter scope wins
        self.secrets[value] = (label, scope)

    def add_message(self, text, label="a message the test sent"):
        self.add(text, label, LOGS)

    def add_store(self, data_dir, label="the data directory"):
        """Everything secret in an AirFit data directory: master key, sealed keys, hashes, tokens, emails."""
        if not data_dir or not os.path.isdir(data_dir):
            return
        key_path = os.path.join(data_dir, "master.key")
        if os.path.isfile(key_path):
            with open(key_path, "rb") as f:
                self.add_master_key(f.read().decode(errors="replace"), f"the master key ({label})")
        db_path = os.path.join(data_dir, "airfit.sqlite")
        if not os.path.isfile(db_path):
            return
        queries = [
            ("select sealed from vault_entries", "a sealed vault value", ANYWHERE),
            ("select password_hash from accounts", "a password hash", ANYWHERE),
            ("select email from accounts", "an account email", LOGS),
            ("select email from users", "a user email", LOGS),
            ("select token_hash from web_sessions", "a session token hash", ANYWHERE),
            ("select csrf_token from web_sessions", "a session CSRF token", ANYWHERE),
            ("select token_hash from one_time_links", "a single-use link's token hash", ANYWHERE),
        ]
        try:
            db = sqlite3.connect(db_path, timeout=10)
        except sqlite3.Error:
            return
        try:
            for sql, what, scope in queries:
                try:
                    rows = db.execute(sql).fetchall()
                except sqlite3.Error:
                    continue  # a table an older schema does not have
                for (value,) in rows:
                    if isinstance(value, bytes):
                        value = value.decode(errors="replace")
                    if isinstance(value, str):
                        self.add(value, what, scope)
        finally:
            db.close()

    def add_master_key(self, text, label="a master key"):
        text = (text or "").strip()
        if not text:
            return
        self.add(text, label)
        try:
            raw = base64.b64decode(text, validate=True)
        except (binascii.Error, ValueError):
            return
        if raw:
            self.add(raw.hex(), label + " as hex")
            self.add(base64.urlsafe_b64encode(raw).decode().rstrip("="), label + " as base64url")

    def add_token(self, token, label):
        """A bearer token (session cookie, CSRF token): neither it nor its SHA-256 may be printed."""
        if not token:
            return
        self.add(token, label)
        self.add(hashlib.sha256(token.encode()).hexdigest(), f"the SHA-256 of {label}")

    # -- where to look ----------------------------------------------------------------------------------
    def allow(self, value):
        """A text that may appear: not AirFit's (e.g. a test server quoting its own key). Registered secrets still count."""
        self.allowed = getattr(self, "allowed", set()) | {value}

    def add_output(self, name, text, all_logs=False):
        """An output to scan. `all_logs`: every line is log output (a server's log file)."""
        if text:
            self.streams.append((name, text, all_logs))

    # -- the scan ---------------------------------------------------------------------------------------
    def findings(self):
        found = []
        for name, text, all_logs in self.streams:
            for number, line in enumerate(text.splitlines(), start=1):
                found += self.scan_line(name, number, line, all_logs)
        return found

    def scan_line(self, stream, number, line, all_logs=False):
        log = LOG_LINE.match(line)
        in_log = all_logs or log is not None
        hits = []
        for value, (label, scope) in self.secrets.items():
            if scope == LOGS and not in_log:
                continue
            if value in line:
                hits.append(label)
            elif scope == ANYWHERE and (piece := fragment(value)) and piece in line:
                hits.append(f"part of {label}")
        patterned = line
        for value in getattr(self, "allowed", ()):
            patterned = patterned.replace(value, "<allowed>")
        for label, pattern in EVERYWHERE + (IN_LOGS if in_log else []):
            if pattern.search(patterned):
                hits.append(label)
        if not hits:
            return []
        stream, line = self.redact(stream), self.redact(line)  # a command line can hold a secret too
        return [Finding(what, stream, number, line, log) for what in dict.fromkeys(hits)]

    def redact(self, line):
        for value, (label, _) in sorted(self.secrets.items(), key=lambda item: -len(item[0])):
            line = line.replace(value, f"<{label}>")
            if (piece := fragment(value)) and piece in line:
                line = line.replace(piece, f"<part of {label}>")
        for label, pattern in EVERYWHERE + IN_LOGS:
            line = pattern.sub(f"<{label}>", line)
        return line if len(line) <= 400 else line[:400] + "…"

    def log_line_count(self):
        return sum(1 for _, text, _ in self.streams for line in text.splitlines() if is_log_line(line))

    def report(self, findings=None):
        """One paragraph naming every leak, or "" when there is none."""
        findings = self.findings() if findings is None else findings
        if not findings:
            return ""
        lines = [f"AirFit printed secrets ({len(findings)} finding(s)); the secrets themselves are shown as <what>:"]
        lines += [f"  - {finding}" for finding in findings]
        return "\n".join(lines)
