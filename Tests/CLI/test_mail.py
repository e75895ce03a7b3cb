"""Email with nothing configured (the file outbox and `airfit mail outbox`) and with AIRFIT_SMTP_URL (a real local
aiosmtpd server): what a crashed run left in the persisted queue is delivered by the next `airfit serve`."""
import json
import os
import sqlite3
import stat
import subprocess
import sys
import time
import uuid

SMTP_SERVER = os.path.join(os.path.dirname(__file__), "..", "Mail", "smtp_server.py")
TOKEN = "Zq8-queued-TOKEN-4f1c2b"
LINK = f"http://127.0.0.1:8080/email/confirm?token={TOKEN}&next=/settings/profile&padding=" + "x" * 40


def message(to="ana.muller@example.com", subject="Confirm your new email address"):
    return {
        "from": {"address": "airfit@localhost", "displayName": "AirFit"},
        "to": {"address": to, "displayName": "Ana Müller"},
        "subject": subject,
        "text": f"Hallo Ana,\n\nopen {LINK} to confirm — it works for 24 hours.\n",
        "html": f'<p>Open <a href="{LINK}">this link</a>.</p>',
    }


def queue_left_by_a_crash(airfit, *messages):
    """Runs `airfit serve` once (creating the database), then puts messages in its mail queue as a run that was
    killed after accepting them (and before sending them) would have left them."""
    server = airfit.serve()
    server.wait_healthy()
    server.stop()
    now = time.time()
    with sqlite3.connect(os.path.join(airfit.data, "airfit.sqlite")) as db:
        for index, m in enumerate(messages):
            db.execute(
                "insert into mail_queue (id, recipient, message, enqueued_at, failed_attempts, next_attempt_at) values (?, ?, ?, ?, 0, ?)",
                (str(uuid.uuid4()).upper(), m["to"]["address"].lower(), json.dumps(m), now - 60 + index, now - 60 + index))


def queued_count(airfit):
    with sqlite3.connect(os.path.join(airfit.data, "airfit.sqlite")) as db:
        return db.execute("select count(*) from mail_queue").fetchone()[0]


def wait_for(condition, what, timeout=15):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if condition():
            return
        time.sleep(0.1)
    raise AssertionError(f"{what} within {timeout}s")


def test_an_empty_outbox_says_so(airfit):
    p = airfit.run("mail", "outbox")
    assert "The outbox is empty" in p.out
    p = airfit.run("mail", "outbox", "--open", "1", check=False)
    assert p.returncode == 1 and "there is no message 1" in p.err


def test_with_nothing_configured_queued_mail_lands_in_the_outbox_and_the_cli_shows_its_link(airfit):
    queue_left_by_a_crash(airfit, message(), message(to="bo@example.org", subject="You are invited"))
    server = airfit.serve()
    try:
        server.wait_healthy()
        outbox = os.path.join(airfit.data, "outbox")
        wait_for(lambda: os.path.isdir(outbox) and len([n for n in os.listdir(outbox) if n.endswith(".eml")]) == 2,
                 "two messages in the outbox")
        wait_for(lambda: queued_count(airfit) == 0, "the queue emptied")
    finally:
        server.stop()
    log = server.output()
    assert "Mail goes to the outbox folder" in log and outbox in log
    assert TOKEN not in log and "ana.muller" not in log, "the log names neither the recipient nor the link"
    assert stat.S_IMODE(os.stat(outbox).st_mode) == 0o700
    for name in os.listdir(outbox):
        assert stat.S_IMODE(os.stat(os.path.join(outbox, name)).st_mode) == 0o600

    listing = airfit.run("mail", "outbox").out.splitlines()
    assert listing[0].startswith("1  ") and "Ana Müller <ana.muller@example.com>" in listing[0]
    assert "Confirm your new email address" in listing[0]
    assert listing[1].startswith("2  ") and "bo@example.org" in listing[1] and "You are invited" in listing[1]
    assert "2 messages" in listing[2]

    opened = airfit.run("mail", "outbox", "--open", "1").out
    assert "Subject: Confirm your new email address" in opened
    assert LINK in opened, "the whole link, on one line, ready to open"
    assert "Hallo Ana," in opened and "— it works for 24 hours." in opened
    assert "<p>" not in opened, "only the plain-text part"
    p = airfit.run("mail", "outbox", "--open", "3", check=False)
    assert p.returncode == 1 and "no message 3" in p.err and "has 2" in p.err
    p = airfit.run("mail", "outbox", "--open", "0", check=False)
    assert p.returncode != 0 and "starting at 1" in p.err


def test_with_an_smtp_server_queued_mail_is_delivered_there(airfit, tmp_path):
    received = tmp_path / "received"
    received.mkdir()
    smtp = subprocess.Popen([sys.executable, SMTP_SERVER, "--out", str(received)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    try:
        line = smtp.stdout.readline()
        assert line.startswith("PORT "), line
        port = int(line.split()[1])
        queue_left_by_a_crash(airfit, message())
        env = {"AIRFIT_SMTP_URL": f"smtp://127.0.0.1:{port}?tls=none", "AIRFIT_MAIL_FROM": "AirFit <airfit@localhost>"}
        server = airfit.serve(env=env)
        try:
            server.wait_healthy()
            wait_for(lambda: (received / "1.eml").exists(), "the message at the SMTP server")
            wait_for(lambda: queued_count(airfit) == 0, "the queue emptied")
        finally:
            server.stop()
        envelope = json.loads((received / "1.json").read_text())
        assert envelope["rcpt_tos"] == ["ana.muller@example.com"]
        body = (received / "1.eml").read_bytes().decode()
        assert "Subject: Confirm your new email address" in body
        log = server.output()
        assert "Mail goes to an SMTP server" in log and "127.0.0.1" in log
        assert TOKEN not in log and "ana.muller" not in log
        assert not os.path.exists(os.path.join(airfit.data, "outbox"))
        p = airfit.run("mail", "outbox", env=env)
        assert "AIRFIT_SMTP_URL is set" in p.err and "The outbox is empty" in p.out
    finally:
        smtp.stdin.close()
        smtp.terminate()
        smtp.wait(timeout=10)


def test_an_invalid_public_url_stops_serve_with_one_clear_line(airfit):
    server = airfit.serve(env={"AIRFIT_PUBLIC_URL": "https://fit.example.com/airfit"})
    assert server.proc.wait(timeout=30) == 1
    assert "AIRFIT_PUBLIC_URL must be an origin without a path" in server.output()
