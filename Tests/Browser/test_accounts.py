"""Accounts for several people in a real browser (phone-sized, axe-core clean), with real mail: `airfit serve` sends
through a local aiosmtpd server and the tests follow the links in the messages it received.

Invite → a second person signs up → onboards → each sees only their own coach and data; forgot password by an
emailed link; email change by an emailed link; a password change signs the other browser out; deleting an account
through re-authentication and a typed confirmation, after which the person cannot sign in and the other member's
data is untouched."""
import sqlite3
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from browser_steps import assert_accessible, finish_onboarding, set_slider, shot, tid, tids, wait_for

pytest.importorskip("axe_selenium_python")

OWNER, PASSWORD = "owner@example.com", "correct horse battery"
FRIEND, FRIEND_PASSWORD = "friend@example.com", "purple monkey dishwasher"
NEW_PASSWORD = "a brand new secret phrase"
RESET_PASSWORD = "reset by an emailed link"
NEW_EMAIL = "owner.new@example.com"


@pytest.fixture
def server_env(mail_server):
    """Every server of this module sends its mail to the test's SMTP server."""
    return mail_server.env


# -- steps ------------------------------------------------------------------------------------------------------------

def wait_url(driver, part):
    WebDriverWait(driver, 10).until(EC.url_contains(part))


def owner_signs_up(driver, server, skip_onboarding=True):
    driver.get(server + "/")
    wait_url(driver, "/setup")
    tid(driver, "auth.email").send_keys(OWNER)
    tid(driver, "auth.password").send_keys(PASSWORD)
    tid(driver, "auth.submit").click()
    if skip_onboarding:
        wait_for(driver, "onboarding.skip.button").click()
        wait_for(driver, "quicklog.open")
    else:
        wait_for(driver, "onboarding.begin.button").click()


def sign_in(driver, server, address, password):
    """Signs in; returns whether it worked (else the page shows the error banner)."""
    driver.get(server + "/signin")
    tid(driver, "auth.email").send_keys(address)
    tid(driver, "auth.password").send_keys(password)
    tid(driver, "auth.submit").click()
    WebDriverWait(driver, 15).until(lambda d: "/signin" not in d.current_url or tids(d, "error.banner"))
    return "/signin" not in driver.current_url


def sign_out(driver, server):
    driver.get(server + "/settings")
    wait_for(driver, "auth.signout").click()
    wait_url(driver, "/signin")


def onboard(driver, life, aspiration, sliders, engagement):
    """The Persona Blueprint from its first question to the home page, with these answers."""
    wait_for(driver, f"onboarding.life.{life}").click()
    tid(driver, "onboarding.next.button").click()
    wait_for(driver, f"onboarding.aspiration.{aspiration}").click()
    tid(driver, "onboarding.next.button").click()
    wait_for(driver, "onboarding.style.analytical")
    for name, tens in sliders.items():
        set_slider(driver, f"onboarding.style.{name}", tens)
    tid(driver, "onboarding.next.button").click()
    wait_for(driver, f"onboarding.engagement.{engagement}").click()
    tid(driver, "onboarding.next.button").click()
    wait_for(driver, "onboarding.availability.add")
    finish_onboarding(driver)
    return tid(driver, "home.coach").text


def log_meal(driver, server, name, calories):
    driver.get(server + "/log/meal")
    wait_for(driver, "quicklog.save")
    driver.find_element(By.ID, "item-name-0").send_keys(name)
    driver.find_element(By.ID, "item-calories-0").send_keys(str(calories))
    tid(driver, "quicklog.save").click()
    wait_url(driver, "logged=meal")


def history_text(driver, server):
    driver.get(server + "/history")
    return driver.find_element(By.TAG_NAME, "main").text


def invite_link(driver, server, address=""):
    """Settings → Members → a new invite link (emailed to `address` when given), as the page shows it."""
    driver.get(server + "/settings")
    wait_for(driver, "settings.members").click()
    wait_for(driver, "members.invite")
    if address:
        driver.find_element(By.ID, "invite-email").send_keys(address)
    tid(driver, "members.invite").click()
    return wait_for(driver, "members.invite.link").get_attribute("value")


def join(driver, link, address, password):
    """Opens an invite link and creates the account; ends on the first onboarding page."""
    driver.get(link)
    wait_for(driver, "signup.email").send_keys(address)
    tid(driver, "signup.password").send_keys(password)
    tid(driver, "signup.submit").click()
    wait_url(driver, "/onboarding")


def age_sign_ins(server_process, minutes=11):
    """Moves every session's last sign-in `minutes` back in the database, as if that much time had passed (the server
    re-reads a session from the database once its 5-second cache entry is stale, so this waits that long)."""
    db = sqlite3.connect(server_process.env["AIRFIT_DATA_DIR"] + "/airfit.sqlite", timeout=10)
    try:
        with db:
            db.execute("UPDATE web_sessions SET authenticated_at = authenticated_at - ?", (minutes * 60,))
    finally:
        db.close()
    time.sleep(5.5)


def banner(driver):
    return wait_for(driver, "error.banner").text


# -- tests ------------------------------------------------------------------------------------------------------------

def test_invite_then_the_second_person_onboards_and_each_sees_only_their_own_coach_and_data(server, browser, second_browser):
    owner_signs_up(browser, server, skip_onboarding=False)
    owner_coach = onboard(
        browser, "busy_professional", "endurance", {"authoritative": 1, "empathetic": 3, "analytical": 8, "playful": 0},
        "consistent_balanced")
    log_meal(browser, server, "Owner porridge", 320)

    link = invite_link(browser, server)
    assert link.startswith(server + "/join/"), "the invite link is on this site"
    assert_accessible(browser, "members with a new invite link")
    shot(browser, "accounts-members-invite")

    second_browser.get(link)
    wait_for(second_browser, "signup.email")
    assert_accessible(second_browser, "sign-up through an invite")
    join(second_browser, link, FRIEND, FRIEND_PASSWORD)
    wait_for(second_browser, "onboarding.begin.button").click()
    friend_coach = onboard(
        second_browser, "parent_caregiver", "lose_weight", {"authoritative": 0, "empathetic": 2, "analytical": 1, "playful": 9},
        "guidance_on_demand")
    log_meal(second_browser, server, "Friend lentil soup", 450)

    # Each has their own coach...
    assert "playful" in friend_coach.lower() and "playful" not in owner_coach.lower(), (owner_coach, friend_coach)
    browser.get(server + "/")
    assert tid(browser, "home.coach").text == owner_coach
    # ... and their own data.
    owner_history, friend_history = history_text(browser, server), history_text(second_browser, server)
    assert "Owner porridge" in owner_history and "Friend lentil soup" not in owner_history
    assert "Friend lentil soup" in friend_history and "Owner porridge" not in friend_history

    # The member has no Members page; the admin sees both, emails masked.
    second_browser.get(server + "/settings")
    wait_for(second_browser, "settings.security")
    assert not tids(second_browser, "settings.members")
    second_browser.get(server + "/settings/members")
    assert not tids(second_browser, "members.row")
    browser.get(server + "/settings/members")
    rows = tids(browser, "members.row")
    assert len(rows) == 2
    assert FRIEND not in browser.page_source and "f•••@example.com" in browser.page_source

    # The link worked once.
    second_browser.delete_all_cookies()
    second_browser.get(link)
    wait_for(second_browser, "error.banner")
    assert not tids(second_browser, "signup.email")


def test_forgot_password_by_the_emailed_link(server, browser, mail_server):
    owner_signs_up(browser, server)
    sign_out(browser, server)
    assert_accessible(browser, "sign-in")
    tid(browser, "auth.forgot").click()
    wait_for(browser, "forgot.email").send_keys(OWNER)
    assert_accessible(browser, "forgot password")
    tid(browser, "forgot.submit").click()
    sent = wait_for(browser, "forgot.sent").text
    assert "If an account uses that address" in sent
    assert_accessible(browser, "forgot password: sent")
    # Try again, with an address nobody has: the same answer, and no mail.
    tid(browser, "forgot.tryAgain").click()
    wait_for(browser, "forgot.email").send_keys("nobody@example.com")
    tid(browser, "forgot.submit").click()
    assert wait_for(browser, "forgot.sent").text == sent

    message = mail_server.wait(OWNER)
    assert message["Subject"] == "Reset your AirFit password"
    assert "coach@example.com" in message["From"]
    link = mail_server.link(message)
    assert link.startswith(server + "/reset/")

    browser.get(link)
    wait_for(browser, "reset.password").send_keys("1234567890")
    assert_accessible(browser, "reset password")
    tid(browser, "reset.submit").click()
    assert "common" in banner(browser)
    assert_accessible(browser, "reset password: refused")
    tid(browser, "reset.password").send_keys(RESET_PASSWORD)
    tid(browser, "reset.submit").click()
    wait_for(browser, "reset.done")
    assert_accessible(browser, "reset password: done")

    # The link works once; the old password no longer does; the new one does.
    browser.get(link)
    assert not tids(browser, "reset.password")
    assert "doesn't work any more" in browser.find_element(By.TAG_NAME, "main").text
    assert not sign_in(browser, server, OWNER, PASSWORD)
    assert sign_in(browser, server, OWNER, RESET_PASSWORD)
    assert not mail_server.messages("nobody@example.com"), "no mail to an address without an account"


def test_email_change_by_the_emailed_link(server, browser, mail_server):
    owner_signs_up(browser, server)
    browser.get(server + "/settings")
    wait_for(browser, "settings.security").click()
    wait_for(browser, "security.email").click()
    wait_for(browser, "email.new").send_keys(NEW_EMAIL)
    assert_accessible(browser, "email change")
    tid(browser, "email.save").click()
    assert "o•••@example.com" in wait_for(browser, "email.sent").text
    assert_accessible(browser, "email change: sent")

    confirm = mail_server.link(mail_server.wait(NEW_EMAIL))
    notice = mail_server.wait(OWNER)
    assert notice["Subject"] == "Your AirFit email address is being changed"
    cancel = mail_server.link(notice)
    assert confirm.startswith(server + "/email/confirm/") and cancel.startswith(server + "/email/cancel/")

    # Until the link is confirmed, the address is the old one.
    browser.get(server + "/settings/security/email")
    assert OWNER in wait_for(browser, "email.new").find_element(By.XPATH, "..").text

    browser.get(confirm)
    wait_for(browser, "email.confirm")
    assert_accessible(browser, "confirm the new address")
    tid(browser, "email.confirm").click()
    wait_for(browser, "email.changed")
    # Confirming ends the cancel link.
    browser.get(cancel)
    assert not tids(browser, "email.cancel")

    sign_out(browser, server)
    assert not sign_in(browser, server, OWNER, PASSWORD)
    assert sign_in(browser, server, NEW_EMAIL, PASSWORD)
    browser.get(server + "/settings/security")
    assert "Email address changed" in wait_for(browser, "security.log").text


def test_password_change_signs_the_other_browser_out(server, browser, second_browser):
    owner_signs_up(browser, server)
    assert sign_in(second_browser, server, OWNER, PASSWORD)
    browser.get(server + "/settings/security")
    assert len(wait_for(browser, "security.sessions").find_elements(By.TAG_NAME, "li")) == 2
    assert_accessible(browser, "security")
    shot(browser, "accounts-security")

    tid(browser, "security.password").click()
    wait_for(browser, "password.current").send_keys("not my password at all")
    tid(browser, "password.new").send_keys(NEW_PASSWORD)
    tid(browser, "password.confirm").send_keys(NEW_PASSWORD)
    assert_accessible(browser, "change password")
    tid(browser, "password.save").click()
    assert "current password" in banner(browser).lower()
    assert_accessible(browser, "change password: refused")
    tid(browser, "password.current").send_keys(PASSWORD)
    tid(browser, "password.new").send_keys(NEW_PASSWORD)
    tid(browser, "password.confirm").send_keys(NEW_PASSWORD)
    tid(browser, "password.save").click()
    assert "Other devices were signed out (1)" in wait_for(browser, "password.success").text
    assert_accessible(browser, "change password: done")

    second_browser.get(server + "/")
    wait_url(second_browser, "/signin")
    assert not sign_in(second_browser, server, OWNER, PASSWORD)
    assert sign_in(second_browser, server, OWNER, NEW_PASSWORD)

    # "Sign out everywhere else" does the same without a password change.
    browser.get(server + "/settings/security")
    wait_for(browser, "security.signOutOthers").click()
    assert "Signed out 1 other session" in WebDriverWait(browser, 10).until(
        EC.presence_of_element_located((By.CSS_SELECTOR, '[role="status"]'))).text
    second_browser.get(server + "/")
    wait_url(second_browser, "/signin")
    browser.get(server + "/")
    wait_for(browser, "quicklog.open")


def test_delete_account_through_reauthentication_and_confirmation(server_process, browser, second_browser, mail_server):
    server = server_process.base
    owner_signs_up(browser, server)
    log_meal(browser, server, "Owner porridge", 320)
    invite_link(browser, server, FRIEND)
    assert "f•••@example.com" in browser.page_source, "the pending invite shows the masked address"
    message = mail_server.wait(FRIEND)
    assert message["Subject"] == "You're invited to AirFit"
    join(second_browser, mail_server.link(message), FRIEND, FRIEND_PASSWORD)
    wait_for(second_browser, "onboarding.skip.button").click()
    wait_for(second_browser, "quicklog.open")
    log_meal(second_browser, server, "Friend lentil soup", 450)

    # The last admin can't leave while someone else is a member.
    browser.get(server + "/settings/security/delete")
    assert "last admin" in wait_for(browser, "delete.warning").find_element(By.XPATH, "..").text
    assert not tids(browser, "delete.continue")

    # The friend's sign-in is now 11 minutes old: deleting needs the password again.
    age_sign_ins(server_process)
    second_browser.get(server + "/settings/security")
    wait_for(second_browser, "security.deleteAccount").click()
    warning = wait_for(second_browser, "delete.warning")
    assert "Meals: 1" in warning.text
    assert_accessible(second_browser, "delete account: warning")
    shot(second_browser, "accounts-delete-warning")
    tid(second_browser, "delete.continue").click()
    wait_url(second_browser, "/reauth")
    wait_for(second_browser, "reauth.password").send_keys("not my password at all")
    assert_accessible(second_browser, "re-authentication")
    tid(second_browser, "reauth.submit").click()
    banner(second_browser)
    assert_accessible(second_browser, "re-authentication: refused")
    tid(second_browser, "reauth.password").send_keys(FRIEND_PASSWORD)
    tid(second_browser, "reauth.submit").click()
    wait_for(second_browser, "delete.confirm.input").send_keys("DELET")
    assert_accessible(second_browser, "delete account: confirm")
    tid(second_browser, "delete.confirm.submit").click()
    assert "DELETE" in banner(second_browser)
    tid(second_browser, "delete.confirm.input").send_keys("DELETE")
    tid(second_browser, "delete.confirm.submit").click()
    wait_for(second_browser, "delete.done")
    assert_accessible(second_browser, "account deleted")

    # Gone: no sign-in, no member row; the owner's data is untouched.
    second_browser.get(server + "/")
    wait_url(second_browser, "/signin")
    assert not sign_in(second_browser, server, FRIEND, FRIEND_PASSWORD)
    assert "Owner porridge" in history_text(browser, server)
    # The owner's sign-in was aged too: the members page asks for the password first, then opens.
    browser.get(server + "/settings/members")
    wait_url(browser, "/reauth")
    wait_for(browser, "reauth.password").send_keys(PASSWORD)
    tid(browser, "reauth.submit").click()
    wait_url(browser, "/settings/members")
    assert len(tids(browser, "members.row")) == 1
