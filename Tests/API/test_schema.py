"""schemathesis against /openapi.json: `airfit serve` runs, a member signs up and creates a token with every scope
(through the pages, as a person would), then schemathesis exercises every documented operation with that token and
checks that no answer is a server error and every answer matches the document (status, content type, schema).

Bounded: a fixed number of examples per operation and a time limit, so the step stays under two minutes.
"""
import http.cookiejar
import importlib.util
import os
import re
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request

# Tests/CLI/conftest.py under its own module name (as Tests/Interop does): the `airfit` fixture runs the binary with a
# private data directory and scans its output for the test's secrets.
_spec = importlib.util.spec_from_file_location(
    "airfit_cli_conftest", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "CLI", "conftest.py"))
_cli = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_cli)
airfit = _cli.airfit

EMAIL, PASSWORD = "schema@example.com", "correct horse battery"
SCOPES = ("read", "write", "chat", "openai")
MAX_EXAMPLES = os.environ.get("AIRFIT_SCHEMATHESIS_EXAMPLES", "20")


def create_member_and_token(base):
    """Signs up on the setup page and creates a token with every scope on Settings → API tokens; returns its value."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def form(path, fields):
        page = opener.open(base + path).read().decode()
        csrf = re.search(r'name="_csrf" value="([^"]+)"', page).group(1)
        return opener.open(base + path, data=urllib.parse.urlencode([("_csrf", csrf)] + fields).encode())

    form("/setup", [("email", EMAIL), ("password", PASSWORD)])
    try:
        page = form("/settings/tokens", [("name", "schemathesis"), ("lifetime", "30")] + [(f"scope_{s}", "1") for s in SCOPES])
        html = page.read().decode()
    except urllib.error.HTTPError as e:  # the page answers 201 Created
        if e.code != 201:
            raise
        html = e.read().decode()
    match = re.search(r'value="([^"]+)"[^>]*data-testid="tokens.value"', html) or re.search(
        r'data-testid="tokens.value"[^>]*value="([^"]+)"', html)
    assert match, "the tokens page did not show the new token"
    return match.group(1)


def test_every_operation_keeps_to_the_document(airfit, tmp_path):
    airfit.secrets.add(PASSWORD, "the member's password")
    server = airfit.serve()
    server.wait_healthy()
    token = create_member_and_token(server.base)
    airfit.secrets.add(token, "the API token")
    report = tmp_path / "schemathesis.txt"
    command = [
        os.path.join(os.path.dirname(sys.executable), "schemathesis"), "run", f"{server.base}/openapi.json",
        "--url", server.base,
        "-H", f"Authorization: Bearer {token}",
        "--checks", "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance",
        "--max-examples", MAX_EXAMPLES, "--seed", "15", "--workers", "1", "--max-response-time", "10",
        "--no-color",
    ]
    # Run from the test's folder: schemathesis keeps its example cache in the working directory.
    p = subprocess.run(command, capture_output=True, text=True, timeout=170, cwd=tmp_path, env=dict(os.environ, NO_COLOR="1"))
    # The output holds the token in the reproduction commands: kept out of the test's printed failure.
    output = (p.stdout + p.stderr).replace(token, "<token>")
    report.write_text(output)
    print(output[-3000:])  # the summary (shown with `pytest -s`, and on failure)
    server.stop()
    assert p.returncode == 0, output[-6000:]
