"""Self-checks of the secret scan (leakscan.py), so the scan run after every test cannot pass vacuously."""
import os

import pytest

from conftest import Airfit
from leakscan import LOG_LINE, LeakScan, strip_log_lines

STAMP = "2026-11-23T00:03:22+0000"
BCRYPT = "$2b$12$" + "R9h/cIPz0gi.URNNX3kh2O" + "PST9/PgBkqquzi.Ss7KIUgO2t0jWMUW"
HEX = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"


def test_a_log_line_with_an_email_and_a_bcrypt_hash_is_found_and_named_without_the_secret():
    scan = LeakScan()
    scan.add_output("stderr of `airfit x`", "\n".join([
        "error: something unrelated",
        f"{STAMP} trace airfit.server: account=owner@example.com hash={BCRYPT} [AirFitServer] Signed in",
    ]))
    found = scan.findings()
    assert [(f.what, f.line_no) for f in found] == [("a bcrypt hash", 2), ("an email address", 2)]
    report = scan.report(found)
    assert "line 2" in report and "level trace, label airfit.server" in report
    assert "owner@example.com" not in report and BCRYPT not in report and "$2b$" not in report
    assert "<an email address>" in report and "<a bcrypt hash>" in report


def test_emails_and_messages_count_only_in_log_lines_but_keys_and_hashes_count_everywhere():
    scan = LeakScan()
    scan.add_message("hello again coach")
    scan.add("sk-test-" + "q" * 32, "an API key")
    scan.add_output("stdout", "You said: hello again coach\nada@example.com\n")  # a reply, an export: fine
    assert scan.findings() == []
    scan.add_output("stderr", f"{STAMP} debug airfit.ai: [AirFitAI] sending hello again coach\n")
    scan.add_output("stdout of export", f'{{"token": "{HEX}"}}\n')
    scan.add_output("stdout of doctor", "key " + "q" * 20 + "\n")  # the middle of the key, alone
    found = [(f.what, f.stream) for f in scan.findings()]
    assert found == [("a message the test sent", "stderr"), ("a 64-hex string (SHA-256-sized hash)", "stdout of export"),
                     ("part of an API key", "stdout of doctor")]


def test_a_server_log_is_all_log_lines_even_where_the_format_is_not_recognised():
    scan = LeakScan()
    scan.add_output("serve log", "listening\nowner@example.com signed in\n", all_logs=True)
    assert [(f.what, f.line_no) for f in scan.findings()] == [("an email address", 2)]


def test_log_lines_are_taken_out_of_what_tests_assert_on():
    raw = (f"{STAMP} debug airfit: database=SQLite at /x [AirFitStore] Opening storage\n"
           "error: No key was given.\n"
           f"{STAMP} info: no label [Source] message\n")
    assert strip_log_lines(raw) == "error: No key was given.\n"
    assert LOG_LINE.match(raw).group("level") == "debug"


def test_the_real_binary_logs_at_trace_in_the_format_the_scan_reads_and_a_leak_fails_the_test(tmp_path):
    runner = Airfit(str(tmp_path))  # not the fixture: this test plants a leak on purpose
    runner.run("keys", "set", "openai", "--offline", input="sk-selfcheck-" + "z" * 32)
    server = runner.serve()
    try:
        server.wait_healthy()
    finally:
        server.stop()
    runner.check_leaks()  # nothing leaked so far
    levels = {LOG_LINE.match(line).group("level") for line in server.output().splitlines() if LOG_LINE.match(line)}
    assert "trace" in levels, "serve printed no trace-level log line: is AIRFIT_LOG_LEVEL=trace honoured?"
    assert runner.leaks.log_line_count() > 0

    # The data directory's secrets were harvested: the master key and the sealed vault value.
    with open(os.path.join(runner.data, "master.key")) as f:
        master = f.read().strip()
    labels = {value: label for value, (label, _) in runner.leaks.secrets.items()}
    assert labels.get(master, "").startswith("the master key")
    assert "a sealed vault value" in labels.values()
    assert labels["sk-selfcheck-" + "z" * 32] == "an API key given to `keys set`"

    runner.record(["planted"], "", f"{STAMP} trace airfit.vault: [AirFitStore] opened with key {master}\n")
    with pytest.raises(AssertionError) as failure:
        runner.check_leaks()
    message = str(failure.value)
    assert "the master key (the data directory) in stderr of `airfit planted`, line 1" in message
    assert "level trace, label airfit.vault" in message
    assert master not in message
