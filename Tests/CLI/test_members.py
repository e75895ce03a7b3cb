"""`airfit members` and `--user`: the command line acts as the owner (the oldest admin) unless `--user EMAIL` names
another member; members are listed, invited with a single-use link the server accepts, given roles and removed, and
the last admin can be neither removed nor demoted."""
import http.cookiejar
import json
import re
import os
import sqlite3
import urllib.error
import urllib.parse
import urllib.request

from test_cli import sign_up_over_http

OWNER, OWNER_PASSWORD = "owner@example.com", "correct horse battery"
BEA, BEA_PASSWORD = "bea@example.com", "staple lantern orbit"


def join(link, email, password):
    """Opens an invite link and signs up through its form, as a browser would; returns the final URL."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    page = opener.open(link).read().decode()
    token = re.search(r'name="_csrf" value="([^"]+)"', page).group(1)
    body = urllib.parse.urlencode({"_csrf": token, "email": email, "password": password}).encode()
    return opener.open(link, data=body).geturl()


def two_members(airfit):
    """The owner signs up on the setup page; Bea joins with an invite made by `airfit members invite`."""
    for value, label in ((OWNER_PASSWORD, "the owner's password"), (BEA_PASSWORD, "Bea's password")):
        airfit.secrets.add(value, label)
    server = airfit.serve()
    server.wait_healthy()
    sign_up_over_http(server, OWNER, OWNER_PASSWORD)
    out = airfit.run("members", "invite", "--email", BEA, env={"AIRFIT_PORT": str(server.port)}).out
    link = re.search(r"http://\S+", out).group(0)
    assert link.startswith(server.base + "/join/") and "works once, for 7 days" in out
    assert join(link, BEA, BEA_PASSWORD).endswith("/onboarding")
    try:
        join(link, "third@example.com", BEA_PASSWORD)
        raise AssertionError("the invite link worked twice")
    except urllib.error.HTTPError as e:
        assert e.code == 410
    return server


def roles(airfit):
    rows = airfit.run("members", "list").out.splitlines()
    assert rows[0].split() == ["EMAIL", "ROLE", "JOINED", "PASSWORD"]
    return {row.split()[0]: row.split()[1] for row in rows[1:]}


def export(airfit, tmp_path, *user):
    path = tmp_path / f"export-{len(os.listdir(tmp_path))}.json"
    airfit.run("export", "-o", str(path), *user)
    return json.loads(path.read_text())


def test_invite_list_and_user_option_act_on_exactly_one_person(airfit, tmp_path):
    server = two_members(airfit)
    out = airfit.run("members", "list").out
    assert re.search(r"owner@example\.com\s+admin\s+\d{4}-\d\d-\d\d\s+yes", out)
    assert re.search(r"bea@example\.com\s+member\s+\d{4}-\d\d-\d\d\s+yes", out)
    assert "third@example.com" not in out

    airfit.run("location", "set", "--lat", "40.68", "--lon", "-73.94", "--name", "Bea's park", "--user", BEA)
    airfit.run("location", "set", "--lat", "52.52", "--lon", "13.40", "--name", "Owner's park")
    assert "Bea's park" in airfit.run("location", "show", "--user", BEA.upper()).out
    assert "Owner's park" in airfit.run("location", "show").out

    bea = export(airfit, tmp_path, "--user", BEA)
    owner = export(airfit, tmp_path)
    assert bea["user"]["email"] == BEA and bea["user"]["location"]["name"] == "Bea's park"
    assert owner["user"]["email"] == OWNER and owner["user"]["location"]["name"] == "Owner's park"
    assert BEA not in json.dumps(owner) and OWNER not in json.dumps(bea)
    server.stop()


def test_an_unknown_user_fails_clearly_and_changes_nothing(airfit, tmp_path):
    server = two_members(airfit)
    for args in (("export", "-o", str(tmp_path / "x.json")), ("keys", "list"), ("location", "show"), ("persona", "show"),
                 ("location", "set", "--lat", "1", "--lon", "2", "--name", "Nowhere")):
        p = airfit.run(*args, "--user", "nobody@example.com", check=False)
        assert p.returncode == 1, args
        assert "No member signs in as nobody@example.com here. `airfit members list` shows who does." in p.err, args
    assert not (tmp_path / "x.json").exists()
    with sqlite3.connect(os.path.join(airfit.data, "airfit.sqlite")) as db:
        assert db.execute("select count(*) from users").fetchone()[0] == 2
    server.stop()


def test_the_last_admin_can_be_neither_demoted_nor_removed(airfit):
    server = two_members(airfit)
    p = airfit.run("members", "role", OWNER, "member", check=False)
    assert p.returncode == 1 and "last admin" in p.err
    p = airfit.run("members", "remove", OWNER, "--yes", check=False)
    assert p.returncode == 1 and "owner@example.com is the last admin" in p.err
    p = airfit.run("members", "invite", "--by", BEA, check=False)
    assert p.returncode == 1 and "is not an admin" in p.err
    assert roles(airfit) == {OWNER: "admin", BEA: "member"}

    assert "bea@example.com is now an admin" in airfit.run("members", "role", BEA, "admin").out
    assert "owner@example.com is now a member" in airfit.run("members", "role", OWNER, "member").out
    assert roles(airfit) == {OWNER: "member", BEA: "admin"}
    # Bea is the owner now: the command line acts as her, and her invites are recorded under her.
    assert airfit.run("location", "set", "--lat", "1", "--lon", "2", "--name", "Hers").returncode == 0
    assert "Hers" in airfit.run("location", "show", "--user", BEA).out
    p = airfit.run("members", "role", BEA, "member", check=False)
    assert p.returncode == 1 and "last admin" in p.err
    server.stop()


def test_remove_asks_first_then_erases_every_row_of_the_member(airfit, tmp_path):
    server = two_members(airfit)
    airfit.run("keys", "set", "openai", "--offline", "--user", BEA, input="sk-" + "b" * 40)
    airfit.run("location", "set", "--lat", "40.68", "--lon", "-73.94", "--name", "Bea's park", "--user", BEA)
    p = airfit.run("members", "remove", BEA, input="no\n", check=False)
    assert p.returncode == 1 and "Nothing was removed." in p.err and "Type yes to confirm" in p.out
    assert BEA in roles(airfit)

    out = airfit.run("members", "remove", BEA, input="yes\n").out
    assert "Removed bea@example.com" in out
    assert roles(airfit) == {OWNER: "admin"}
    with sqlite3.connect(os.path.join(airfit.data, "airfit.sqlite")) as db:
        assert db.execute("select count(*) from users").fetchone()[0] == 1
        # The installation's Web Push (VAPID) key, made by `serve`, is nobody's and stays.
        assert db.execute("select provider from vault_entries").fetchall() == [("vapid",)]
        assert db.execute("select count(*) from accounts where email = ?", (BEA,)).fetchone()[0] == 0
    p = airfit.run("export", "-o", str(tmp_path / "b.json"), "--user", BEA, check=False)
    assert p.returncode == 1 and "No member signs in as bea@example.com" in p.err
    server.stop()


def test_invite_links_follow_the_public_address_and_refuse_a_member_address(airfit):
    server = two_members(airfit)
    out = airfit.run("members", "invite", "--role", "admin", env={"AIRFIT_PUBLIC_URL": "https://fit.example.net/"}).out
    assert re.search(r"^https://fit\.example\.net/join/[A-Za-z0-9_-]{43}$", out, re.M) and "new admin" in out
    p = airfit.run("members", "invite", "--email", BEA, check=False)
    assert p.returncode == 1 and "That address already has an account here." in p.err
    p = airfit.run("members", "invite", "--email", "not an address", check=False)
    assert p.returncode == 1 and "Enter an email address" in p.err
    with sqlite3.connect(os.path.join(airfit.data, "airfit.sqlite")) as db:
        kinds = [r[0] for r in db.execute("select kind from security_events")]
    assert kinds.count("memberInvited") == 2
    server.stop()
