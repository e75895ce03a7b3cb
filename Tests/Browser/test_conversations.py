"""Past conversations in a real browser: the list from the chat, open one, rename, delete after asking (axe-core clean)."""
import importlib.util
import json
import os
import subprocess
import uuid

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from browser_steps import assert_accessible, shot, tid, tids, wait_for
from conftest import BIN


def _archive_with_two_conversations():
    path = os.path.join(os.path.dirname(__file__), "..", "CLI", "archive.py")
    spec = importlib.util.spec_from_file_location("airfit_archive", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    archive = module.make_archive(workouts=0, meals=0, logs=0, messages=4)
    messages = archive["coachMessages"]
    messages[0]["content"] = "How should I recover after a long run?\nI'm sore."
    second = str(uuid.uuid4()).upper()
    for message in messages[2:]:
        message["conversationID"] = second
    messages[2]["content"] = "Plan my week"
    return archive, messages[0]["conversationID"], second


def test_past_conversations_open_rename_delete(server_process, browser, tmp_path):
    archive, first, second = _archive_with_two_conversations()
    path = tmp_path / "chats.json"
    path.write_text(json.dumps(archive))
    result = subprocess.run([BIN, "import", str(path)], env=server_process.env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    server = server_process.base
    wait = WebDriverWait(browser, 15)
    browser.get(server + "/")
    tid(browser, "auth.email").send_keys("owner@example.com")
    tid(browser, "auth.password").send_keys("correct horse battery")
    tid(browser, "auth.submit").click()
    wait_for(browser, "home.chat").click()
    wait_for(browser, "chat.conversations").click()
    wait.until(EC.url_contains("/chat/history"))

    rows = tids(browser, "conversation.row")
    assert [r.get_attribute("data-id") for r in rows] == [second, first]
    assert "Plan my week" in rows[0].text and "2 messages" in rows[0].text
    assert "How should I recover after a long run?" in rows[1].text and "I'm sore" not in rows[1].text
    assert_accessible(browser, "past conversations")
    shot(browser, "conversations")

    # Open the older one: its messages are on the chat page.
    rows[1].find_element(By.CSS_SELECTOR, '[data-testid="conversation.open"]').click()
    wait.until(EC.url_contains(f"c={first}"))
    assert "How should I recover after a long run?" in tid(browser, "chat.messages").text

    browser.back()
    wait.until(lambda d: len(tids(d, "conversation.row")) == 2)
    tids(browser, "conversation.rename")[1].click()
    name = wait_for(browser, "conversation.title")
    assert name.get_attribute("placeholder") == "How should I recover after a long run?"
    assert_accessible(browser, "rename a conversation")
    name.send_keys("Recovery")
    tid(browser, "conversation.save").click()
    wait.until(EC.url_contains("renamed=1"))
    assert "Recovery" in tids(browser, "conversation.row")[1].find_element(By.TAG_NAME, "strong").text

    tids(browser, "conversation.delete")[0].click()
    confirm = wait_for(browser, "conversation.deleteConfirm")
    assert "Plan my week" in browser.find_element(By.TAG_NAME, "main").text
    assert_accessible(browser, "delete a conversation")
    confirm.click()
    wait.until(EC.url_contains("deleted=1"))
    assert [r.get_attribute("data-id") for r in tids(browser, "conversation.row")] == [first]
