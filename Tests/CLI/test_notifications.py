"""`airfit notifications list|test|run-due`: the coach's notifications from the terminal, the scheduler run once at any
instant (each run a new process: a restart between runs), exactly once on SQLite and with two processes on PostgreSQL."""
import concurrent.futures
import json
import os
import re
import subprocess
import uuid
from datetime import datetime, timedelta, timezone
from urllib.parse import urlsplit

import pytest

from test_onboard import VALID, write


def onboard(airfit, tmp_path, env=None):
    airfit.run("onboard", "--answers", write(tmp_path, "answers.json", VALID), env=env)


def listing(airfit, env=None):
    return json.loads(airfit.run("notifications", "list", "--json", env=env).out)


def run_due(airfit, instant, env=None):
    out = airfit.run("notifications", "run-due", "--now", instant.isoformat(), env=env).out
    match = re.search(r"[Ss]cheduled (\d+), delivered (\d+)", out)
    assert match, out
    return int(match.group(1)), int(match.group(2)), out


def instant(text):
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def test_a_check_in_is_queued_then_delivered_once_however_often_the_scheduler_runs(airfit, tmp_path):
    onboard(airfit, tmp_path)
    # A Wednesday: no planned session (onboarding's are Tuesday and Saturday), so the check-in is all there is.
    morning = datetime(2026, 11, 25, 3, 0, tzinfo=timezone.utc)
    scheduled, delivered, _ = run_due(airfit, morning)
    assert (scheduled, delivered) == (1, 0)
    waiting = listing(airfit)["waiting"]
    assert [item["category"] for item in waiting] == ["daily_check_in"] and waiting[0]["link"] == "/log/checkin"
    due = instant(waiting[0]["dueAt"])
    # Wake time 06:00 in onboarding: the check-in comes 30 minutes later on the member's clock.
    assert due > morning
    assert run_due(airfit, due - timedelta(minutes=1))[1] == 0
    assert run_due(airfit, due + timedelta(minutes=1))[1] == 1
    # A restart (each run is a new process) and another pass: nothing is delivered twice.
    assert run_due(airfit, due + timedelta(minutes=2))[1] == 0
    inbox = listing(airfit)["inbox"]
    assert [item["title"] for item in inbox] == ["Daily check-in"] and inbox[0]["read"] is False
    shown = airfit.run("notifications", "list").out
    assert "Inbox (1 unread):" in shown and "Daily check-in" in shown


def test_a_test_notification_lands_in_the_inbox(airfit, tmp_path):
    onboard(airfit, tmp_path)
    p = airfit.run("notifications", "test")
    assert "A test notification is in the inbox" in p.out
    assert [item["title"] for item in listing(airfit)["inbox"]] == ["Test notification"]


def test_run_due_refuses_an_instant_it_cannot_read(airfit):
    p = airfit.run("notifications", "run-due", "--now", "next tuesday", check=False)
    assert p.returncode != 0 and "--now takes an ISO 8601 instant with its offset" in p.err


def test_list_before_anyone_is_here_says_what_to_do(airfit):
    p = airfit.run("notifications", "list", check=False)
    assert p.returncode != 0 and "airfit onboard" in p.err


@pytest.mark.skipif(not os.environ.get("AIRFIT_TEST_DATABASE_URL"), reason="needs AIRFIT_TEST_DATABASE_URL (scripts/test.sh sets it)")
def test_two_processes_on_one_postgresql_deliver_each_check_in_exactly_once(airfit, tmp_path):
    base = urlsplit(os.environ["AIRFIT_TEST_DATABASE_URL"])
    name = "notify_" + uuid.uuid4().hex[:12]
    server = ["-h", base.hostname, "-p", str(base.port), "-U", base.username or "postgres"]
    subprocess.run(["createdb", *server, name], check=True)
    try:
        env = {"DATABASE_URL": f"{base.scheme}://{base.netloc}/{name}"}
        onboard(airfit, tmp_path, env=env)
        for day in range(3):
            early = datetime(2026, 11, 25 + day, 3, 0, tzinfo=timezone.utc)  # Wednesday to Friday: no planned sessions
            # The first pass queues the day's check-in; later days' were queued by the pass before.
            assert run_due(airfit, early, env=env)[1] == 0
            before = listing(airfit, env=env)
            due = min(instant(item["dueAt"]) for item in before["waiting"] if item["category"] == "daily_check_in")
            with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
                runs = list(pool.map(lambda _: run_due(airfit, due + timedelta(minutes=1), env=env)[1], range(2)))
            after = listing(airfit, env=env)["inbox"]
            # What the two processes delivered between them is exactly what reached the inbox: nothing twice.
            assert sum(runs) == len(after) - len(before["inbox"]) >= 1, runs
            assert len({item["id"] for item in after}) == len(after)
        titles = [item["title"] for item in listing(airfit, env=env)["inbox"]]
        assert titles.count("Daily check-in") == 3
    finally:
        subprocess.run(["dropdb", *server, "--if-exists", name], check=False)


def test_a_test_notification_reaches_a_push_device_through_the_fake_push_service(airfit, tmp_path):
    """`airfit notifications test` sends by Web Push like `serve`: the fake push service (Tests/Push) checks the VAPID
    token and decrypts the message with the browser keys made here."""
    import base64
    import sqlite3
    import sys
    import urllib.request

    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    def b64(data):
        return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

    onboard(airfit, tmp_path)
    script = os.path.join(os.path.dirname(__file__), "..", "Push", "fake_push_service.py")
    service = subprocess.Popen([sys.executable, script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        port = int(service.stdout.readline().split()[1])
        key = ec.generate_private_key(ec.SECP256R1())
        auth = os.urandom(16)
        subscriber = {"id": "browser-1", "private_key": b64(key.private_numbers().private_value.to_bytes(32, "big")), "auth": b64(auth)}
        request = urllib.request.Request(f"http://127.0.0.1:{port}/subscribers", data=json.dumps(subscriber).encode(), method="POST")
        urllib.request.urlopen(request, timeout=10)
        public = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        db = sqlite3.connect(os.path.join(airfit.data, "airfit.sqlite"))
        user_id = db.execute("SELECT id FROM users").fetchone()[0]
        db.execute(
            "INSERT INTO push_devices (id, user_id, endpoint, p256dh, auth, name, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (str(uuid.uuid4()).upper(), user_id, f"http://127.0.0.1:{port}/push/browser-1", b64(public), b64(auth), "Chrome on Linux", 0.0))
        db.commit()
        db.close()

        p = airfit.run("notifications", "test", env={"AIRFIT_PUSH_ALLOW_LOOPBACK": "1"})
        assert "It went by Web Push to 1 device too." in p.out
        received = json.loads(urllib.request.urlopen(f"http://127.0.0.1:{port}/received", timeout=10).read())
        assert len(received) == 1 and received[0]["status"] == 201, received
        assert received[0]["payload"]["title"] == "Test notification"
        assert received[0]["payload"]["url"] == "/settings/notifications"
        assert received[0]["sub"].startswith("mailto:")
        # Without the loopback allowance a local push service is refused, and the device with it.
        airfit.run("notifications", "test")
        assert len(json.loads(urllib.request.urlopen(f"http://127.0.0.1:{port}/received", timeout=10).read())) == 1
    finally:
        service.stdin.close()
        service.wait(timeout=10)
