"""`airfit usage`: the member's plan and the month's model usage, recorded by every coach call (here `airfit chat`)."""
import json
import time

from test_chat import GOOD, chat  # noqa: F401  (the provider fixture comes from test_chat)
from test_chat import provider  # noqa: F401


def usage_json(airfit, *args):
    return json.loads(airfit.run("usage", "--json", *args).out)


def test_chat_calls_are_in_the_ledger_and_usage_prints_them(airfit, provider):  # noqa: F811
    chat(airfit, provider, "--message", "hello coach")
    # The ledger is written off the reply's path; give it a moment.
    for _ in range(50):
        document = usage_json(airfit)
        if document["used"] > 0:
            break
        time.sleep(0.1)
    assert document["plan"] == "Unlimited" and document.get("budget") is None
    assert document["used"] == 49 and document["byProvider"][0]["provider"] == "openai"
    assert sum(day["tokens"] for day in document["byDay"]) == 49
    shown = airfit.run("usage").out
    assert "Plan: Unlimited" in shown and "49 tokens (no limit)" in shown and "OpenAI: 49 tokens in 1 call" in shown
    assert "Resets on 1 " in shown


def test_a_month_that_is_not_yyyy_mm_is_refused_with_an_example(airfit, provider):  # noqa: F811
    chat(airfit, provider, "--message", "hello coach")
    p = airfit.run("usage", "--month", "November", check=False)
    assert p.returncode != 0 and "YYYY-MM, such as 2026-11" in p.err
    assert usage_json(airfit, "--month", "2001-01")["used"] == 0
