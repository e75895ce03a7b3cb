"""End-to-end tests of the airfit command line and server, as a person would use them."""
import json
import os
import sqlite3
import stat
import urllib.request
import zipfile

import pytest

from archive import make_archive

SECRET = "sk-proj-LEAKCANARY-9f8e7d6c5b4a3210-ZZTOP"


def test_serve_answers_health_on_a_machine_with_nothing_configured(airfit):
    env = {"AIRFIT_DATA_DIR": None}  # only HOME: the default ~/.airfit must be used
    server = airfit.serve(env=env)
    try:
        status, body = server.wait_healthy()
        report = json.loads(body)
        assert status == 200
        assert report["status"] == "ok"
        assert report["database"] == {"backend": "sqlite", "journalMode": "wal", "pendingMigrations": [], "status": "ok"}
    finally:
        server.stop()
    default_dir = os.path.join(airfit.home, ".airfit")
    key = os.path.join(default_dir, "master.key")
    assert stat.S_IMODE(os.stat(key).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(default_dir).st_mode) == 0o700
    assert stat.S_IMODE(os.stat(os.path.join(default_dir, "airfit.sqlite")).st_mode) == 0o600


def test_a_stored_key_appears_in_no_file_and_no_output(airfit):
    airfit.run("keys", "set", "openai", "--offline", input=SECRET + "\n")
    listed = airfit.run("keys", "list").out
    assert "openai" in listed and "sk-proj-…ZTOP" in listed
    listed_json = json.loads(airfit.run("keys", "list", "--json").out)
    assert [e["provider"] for e in listed_json] == ["openai"]
    airfit.run("doctor")
    airfit.run("export", "-o", os.path.join(airfit.home, "export.json"))
    airfit.run("export", "--format", "csv", "-o", os.path.join(airfit.home, "export.zip"))
    server = airfit.serve()
    try:
        server.wait_healthy()
    finally:
        server.stop()
    needle = SECRET.encode()
    fragments = [needle, needle[8:24]]
    for path, data in airfit.files_bytes():
        for fragment in fragments:
            assert fragment not in data, f"key material found in {path}"
    for name in ("export.json", "export.zip"):
        with open(os.path.join(airfit.home, name), "rb") as f:
            assert needle[8:24] not in f.read()
    for text in airfit.outputs:
        assert SECRET[8:24] not in text


def test_keys_are_never_taken_from_arguments(airfit):
    p = airfit.run("keys", "set", "openai", SECRET, check=False)
    assert p.returncode != 0
    assert SECRET not in p.out + p.err_raw
    assert "never from arguments" in p.err


def test_unknown_provider_and_empty_key_get_clear_messages(airfit):
    p = airfit.run("keys", "set", "skynet", "--offline", input="x" * 30, check=False)
    assert p.returncode != 0 and "Unknown provider \"skynet\"" in p.err
    p = airfit.run("keys", "set", "anthropic", "--offline", input="\n", check=False)
    assert p.returncode == 1 and p.err.strip() == "error: No key was given: type it at the prompt or pipe it on standard input."
    p = airfit.run("keys", "remove", "gemini", check=False)
    assert p.returncode == 1 and "No key is stored for gemini." in p.err


def test_remove_deletes_the_key(airfit):
    airfit.run("keys", "set", "gemini", "--offline", input="AIza" + "x" * 35)
    airfit.run("keys", "remove", "gemini")
    assert "No keys stored yet" in airfit.run("keys", "list").out


def test_rotate_replaces_the_master_key_and_keeps_keys_usable(airfit):
    airfit.run("keys", "set", "anthropic", "--offline", input="sk-ant-" + "k" * 40)
    key_path = os.path.join(airfit.data, "master.key")
    before = open(key_path).read()
    with sqlite3.connect(os.path.join(airfit.data, "airfit.sqlite")) as db:
        sealed_before = db.execute("select sealed, key_id from vault_entries").fetchone()
    out = airfit.run("keys", "rotate").out
    assert "re-encrypted 1 stored key" in out
    after = open(key_path).read()
    assert before != after and stat.S_IMODE(os.stat(key_path).st_mode) == 0o600
    with sqlite3.connect(os.path.join(airfit.data, "airfit.sqlite")) as db:
        sealed_after = db.execute("select sealed, key_id from vault_entries").fetchone()
    assert sealed_before[0] != sealed_after[0] and sealed_before[1] != sealed_after[1]
    assert "sk-ant-…kkkk" in airfit.run("keys", "list").out
    assert not os.path.exists(key_path + ".next")


def test_rotate_with_environment_key_needs_new_key_on_stdin(airfit):
    env = {"AIRFIT_MASTER_KEY": "A" * 43 + "="}
    airfit.run("keys", "set", "openai", "--offline", input=SECRET, env=env)
    p = airfit.run("keys", "rotate", env=env, check=False)
    assert p.returncode == 1 and "--new-key-stdin" in p.err
    airfit.run("keys", "rotate", "--new-key-stdin", input="B" * 43 + "=", env=env)
    assert not os.path.exists(os.path.join(airfit.data, "master.key"))


def test_a_world_readable_master_key_is_refused(airfit):
    airfit.run("keys", "set", "openai", "--offline", input=SECRET)
    key_path = os.path.join(airfit.data, "master.key")
    os.chmod(key_path, 0o644)
    p = airfit.run("keys", "list", check=False)
    assert p.returncode == 1
    assert p.err.strip() == f"error: The master key {key_path} has permissions 644; it must be readable by you alone. Run: chmod 600 {key_path}"
    server = airfit.serve()
    assert server.proc.wait(timeout=30) == 1
    assert "chmod 600" in server.output()
    assert airfit.run("doctor", check=False).returncode == 1


def test_an_invalid_environment_master_key_is_refused(airfit):
    p = airfit.run("keys", "list", env={"AIRFIT_MASTER_KEY": "too-short"}, check=False)
    assert p.returncode == 1 and "AIRFIT_MASTER_KEY is not valid" in p.err


def test_a_bad_database_url_gets_one_clear_line(airfit):
    p = airfit.run("doctor", env={"DATABASE_URL": "mysql://root:hunter2@db/airfit"}, check=False)
    assert p.returncode == 1 and "hunter2" not in p.out + p.err
    p = airfit.run("keys", "list", env={"DATABASE_URL": "mysql://root:hunter2@db/airfit"}, check=False)
    assert p.returncode == 1 and p.err.strip().startswith("error: DATABASE_URL is not a valid postgres:// URL")


def strip_volatile(archive):
    archive = dict(archive)
    archive.pop("exportedAt")
    return archive


def test_export_import_round_trip_through_the_cli(airfit, tmp_path):
    original = make_archive()
    src = tmp_path / "original.json"
    src.write_text(json.dumps(original))
    assert "Imported 17 records" in airfit.run("import", str(src)).out
    first = tmp_path / "first.json"
    airfit.run("export", "-o", str(first))
    exported = json.loads(first.read_text())
    assert exported["workouts"][0]["notes"] == "=SUM(A1)"
    assert len(exported["coachMessages"]) == 5 and exported["coachMessages"][-1]["isComplete"] is False
    assert exported["dataExports"] == original["dataExports"]
    # Import into a second, empty data directory, and export again: the same content.
    other = dict(airfit.env, AIRFIT_DATA_DIR=str(tmp_path / "second"))
    airfit.run("import", str(first), env=other)
    second = tmp_path / "second.json"
    airfit.run("export", "-o", str(second), env=other)
    assert strip_volatile(json.loads(second.read_text())) == strip_volatile(exported)


def test_export_history_records_each_export_with_its_size(airfit, tmp_path):
    src = tmp_path / "a.json"
    src.write_text(json.dumps(make_archive()))
    airfit.run("import", str(src))
    out = tmp_path / "x.zip"
    airfit.run("export", "--format", "csv", "-o", str(out))
    airfit.run("export", "-o", str(tmp_path / "y.json"))
    history = json.loads((tmp_path / "y.json").read_text())["dataExports"]
    assert [h["format"] for h in history] == ["json", "csv"]
    assert history[1]["size"] == os.path.getsize(out)


@pytest.mark.parametrize("content, message", [
    (b"\x89PNG not json", "This file is not valid JSON, so it cannot be an AirFit export."),
    (b'{"hello": "world"}', 'This file is not an AirFit export: it has no "format": "airfit-export" marker.'),
    (b'{"format": "airfit-export", "version": 7}', "This export has version 7; this AirFit reads version 1."),
])
def test_foreign_or_malformed_files_are_rejected_and_nothing_is_written(airfit, tmp_path, content, message):
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    p = airfit.run("import", str(bad), check=False)
    assert p.returncode == 1 and p.err.strip() == f"error: {message}"
    assert "There is no data to export yet." in airfit.run("export", check=False).err


def test_a_damaged_field_is_named_with_its_path(airfit, tmp_path):
    archive = make_archive()
    archive["workouts"][1]["durationMinutes"] = "long"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(archive))
    p = airfit.run("import", str(bad), check=False)
    assert p.returncode == 1
    assert p.err.strip() == "error: The export is damaged: workouts[1].durationMinutes should be a number."
    assert "There is no data to export yet." in airfit.run("export", check=False).err


def test_a_record_of_another_user_is_rejected(airfit, tmp_path):
    archive = make_archive()
    archive["foodEntries"][2]["userID"] = "00000000-0000-0000-0000-000000000001"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(archive))
    p = airfit.run("import", str(bad), check=False)
    assert p.returncode == 1 and "foodEntries[2] belongs to another user" in p.err


def test_csv_export_is_a_zip_of_one_csv_per_table(airfit, tmp_path):
    src = tmp_path / "a.json"
    src.write_text(json.dumps(make_archive(workouts=3, meals=4, logs=2, messages=5)))
    airfit.run("import", str(src))
    out = tmp_path / "e.zip"
    airfit.run("export", "--format", "csv", "-o", str(out))
    with zipfile.ZipFile(out) as z:
        assert z.testzip() is None
        rows = {n: z.read(n).decode().split("\r\n")[:-1] for n in z.namelist()}
    counts = {n: len(r) - 1 for n, r in rows.items()}
    assert counts == {"users.csv": 1, "onboarding_profiles.csv": 1, "workouts.csv": 3, "workout_sets.csv": 6,
                      "food_entries.csv": 4, "food_items.csv": 4, "daily_logs.csv": 2, "coach_messages.csv": 5,
                      "data_exports.csv": 1}
    assert "'=SUM(A1)" in rows["workouts.csv"][1]  # formula neutralised
    assert '"Squat, back"' in rows["workout_sets.csv"][1]


def test_delete_all_data_needs_confirmation_then_empties_every_table(airfit, tmp_path):
    src = tmp_path / "a.json"
    src.write_text(json.dumps(make_archive()))
    airfit.run("import", str(src))
    airfit.run("keys", "set", "openai", "--offline", input=SECRET)
    p = airfit.run("delete-all-data", check=False)
    assert p.returncode == 1 and "--yes" in p.err
    assert "Deleted 18 rows" in airfit.run("delete-all-data", "--yes").out
    with sqlite3.connect(os.path.join(airfit.data, "airfit.sqlite")) as db:
        tables = [r[0] for r in db.execute("select name from sqlite_master where type='table' and name not like '\\_%' escape '\\' and name not like 'sqlite%'")]
        assert set(tables) >= {"users", "workouts", "food_entries", "daily_logs", "coach_messages", "data_exports", "vault_entries", "onboarding_profiles"}
        for table in tables:
            assert db.execute(f"select count(*) from {table}").fetchone()[0] == 0, table


def sign_up_over_http(server, email, password):
    """Creates the owner account through the setup page (cookie-held CSRF token), as a browser would."""
    import http.cookiejar
    import re
    import urllib.parse
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    page = opener.open(server.base + "/setup").read().decode()
    token = re.search(r'name="_csrf" value="([^"]+)"', page).group(1)
    body = urllib.parse.urlencode({"_csrf": token, "email": email, "password": password}).encode()
    opener.open(server.base + "/setup", data=body)
    return opener


def test_delete_all_data_also_removes_the_accounts_and_their_sign_ins(airfit):
    airfit.secrets.add("erase-me@example.com", "the owner's email")
    airfit.secrets.add("correct horse battery", "the owner's password")
    server = airfit.serve()
    server.wait_healthy()
    sign_up_over_http(server, "erase-me@example.com", "correct horse battery")
    server.stop()
    out = airfit.run("delete-all-data", "--yes").out
    assert "including 1 account and every sign-in" in out and "next visit starts with account setup" in out
    with sqlite3.connect(os.path.join(airfit.data, "airfit.sqlite")) as db:
        for table in ("accounts", "web_sessions", "users", "installation_owner", "sign_in_attempts"):
            assert db.execute(f"select count(*) from {table}").fetchone()[0] == 0, table
    # The next visit starts over with account setup.
    server = airfit.serve()
    server.wait_healthy()
    assert urllib.request.urlopen(server.base + "/signin").geturl().endswith("/setup")
    server.stop()


def test_doctor_reports_a_healthy_installation(airfit):
    airfit.run("keys", "set", "openrouter", "--offline", input="sk-or-" + "r" * 40)
    out = airfit.run("doctor").out
    assert "✓ Database: SQLite at" in out and "✓ Migrations: up to date" in out
    assert "✓ SQLite journal mode: wal" in out and "openrouter (sk-or-…rrrr)" in out
    assert "Everything looks good." in out


def test_doctor_on_an_empty_machine_says_what_to_do(airfit):
    p = airfit.run("doctor", check=False)
    assert p.returncode == 1 and "`airfit serve` creates it" in p.out


@pytest.mark.skipif(not os.environ.get("AIRFIT_TEST_DATABASE_URL"), reason="needs AIRFIT_TEST_DATABASE_URL (scripts/test.sh sets it)")
def test_serve_on_postgresql(airfit):
    # The test server trusts local connections, so a password in the URL is accepted and must never be printed.
    url = os.environ["AIRFIT_TEST_DATABASE_URL"].replace("postgres://postgres@", "postgres://postgres:s3cret-db-pass@")
    server = airfit.serve(env={"DATABASE_URL": url, "AIRFIT_LOG_LEVEL": "trace"})
    try:
        status, body = server.wait_healthy()
        report = json.loads(body)
        assert status == 200 and report["database"]["backend"] == "postgres" and report["database"]["status"] == "ok"
    finally:
        server.stop()
    assert "s3cret-db-pass" not in server.output()
