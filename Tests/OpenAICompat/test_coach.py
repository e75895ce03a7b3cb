"""Model `airfit-coach` through the official `openai` SDK: the member's own coach, whose tools run on the server. The
member's OpenAI-format upstream is scripted to answer with a `logWorkout` call and then, given the tool's result, with
text; the SDK sees only that text (whole and streamed), never a tool call, and the workout is in the member's history
afterwards (on the web history page)."""
import json
import re
from html import unescape

import pytest

from fake_upstreams import WORKOUT, conversation

# One provider is enough: the wire formats are covered by the other files; this is about the coach.
pytestmark = pytest.mark.parametrize("relay", ["openai"], indirect=True)

COACH = "airfit-coach"


def workouts(relay):
    """The workout entries of the member's web history page (/history, signed in), as their titles."""
    page = relay.member.get("/history")
    assert page.status_code == 200, page.status_code
    found = re.findall(r'data-testid="history.entry" data-kind="workout"[^>]*>(.*?)</li>', page.text, re.S)
    return [unescape(re.sub(r"<[^>]+>", " ", entry)).strip() for entry in found]


def assert_coach_ran_the_tool(fake, prompt):
    """Two upstream calls: the first offered the coach's own tools and got the call; the second carried its result."""
    first, second = fake.chats()
    assert first.path == fake.chat_path() and first.body["model"] == fake.model
    offered = [t["function"]["name"] for t in first.body.get("tools", [])]
    assert "logWorkout" in offered, offered
    assert prompt in json.dumps(first.body["messages"]), "the member's message reached the provider"
    assert first.body["messages"][0]["role"] == "system", "the coach's persona prompt goes first"
    turns = conversation(fake.kind, second.body)
    assert [t["role"] for t in turns[-2:]] == ["assistant", "tool"], [t["role"] for t in turns]
    assert turns[-2]["tool_calls"][0]["function"]["name"] == "logWorkout"
    assert json.loads(turns[-2]["tool_calls"][0]["function"]["arguments"]) == WORKOUT
    return turns[-1]["content"]


def test_the_models_list_starts_with_the_coach(relay):
    ids = [m.id for m in relay.client.models.list().data]
    assert ids[0] == COACH, ids


def test_the_coach_logs_a_workout_and_the_sdk_gets_only_its_text(relay, fake):
    before = workouts(relay)
    prompt = "I ran for 30 minutes at lunch, please use the tool to log it"
    completion = relay.client.chat.completions.create(model=COACH, messages=[{"role": "user", "content": prompt}])
    [choice] = completion.choices
    result = assert_coach_ran_the_tool(fake, prompt)
    assert choice.message.content == f"Logged {result}."
    assert not choice.message.tool_calls
    assert choice.finish_reason == "stop"
    assert completion.model == COACH
    after = workouts(relay)
    assert len(after) == len(before) + 1, after
    assert sum("30 min" in w and "Run" in w for w in after) == sum("30 min" in w and "Run" in w for w in before) + 1, after


def test_a_streamed_coach_reply_has_text_chunks_and_no_tool_call_delta(relay, fake):
    before = workouts(relay)
    prompt = "Another run this evening, 30 minutes: please use the tool to log it"
    chunks = list(relay.client.chat.completions.create(
        model=COACH, messages=[{"role": "user", "content": prompt}], stream=True, stream_options={"include_usage": True}))
    choices = [c.choices[0] for c in chunks if c.choices]
    assert not [c for c in choices if c.delta.tool_calls], "a tool call delta reached the client"
    text = "".join(c.delta.content or "" for c in choices)
    result = assert_coach_ran_the_tool(fake, prompt)
    assert text == f"Logged {result}."
    assert [c.finish_reason for c in choices if c.finish_reason] == ["stop"]
    assert {c.model for c in chunks} == {COACH}
    assert chunks[-1].usage is not None and chunks[-1].usage.total_tokens > 0
    after = workouts(relay)
    assert len(after) == len(before) + 1, after
