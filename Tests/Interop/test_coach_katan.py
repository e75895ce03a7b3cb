"""The coach against llm-katan's echo backend (Anthropic wire format, the one it streams tool calls in).

llm-katan answers every turn that offers tools with a call of the first tool, arguments made from its JSON
Schema ("test_<name>" for every string, 1.0 for numbers). For the coach that is `logWorkout` with
`startedAt: "test_startedAt"`, which the tool refuses: each call is answered to the model as a tool error in
Anthropic's tool_result format and stored, until the engine's bound (five tool rounds) stops offering tools
and the echo answers in text. (llm-katan cannot make arguments a tool accepts, so no workout lands here; the
fake providers in Tests/CLI and Tests/Browser cover that.)
"""
import json

from katan_servers import KEYS

ANSWERS = {
    "lifeSnapshot": ["busy_professional"], "aspiration": "endurance",
    "style": {"authoritative": 20, "empathetic": 40, "analytical": 30, "playful": 10},
    "engagement": "consistent_balanced", "availability": [], "sleep": {"bedtime": "22:30", "wake": "06:30", "rhythm": "consistent"},
    "motivation": {"achievement": "subtle", "inactivity": "gentle"}, "units": "metric",
}


def test_onboard_then_chat_with_tool_calls_that_land_in_the_database(airfit, katan, tmp_path):
    answers = tmp_path / "answers.json"
    answers.write_text(json.dumps(ANSWERS))
    airfit.run("onboard", "--answers", str(answers))
    airfit.run("keys", "set", "anthropic", "--offline", "--base-url", katan("anthropic"), input=KEYS["anthropic"])

    p = airfit.run("chat", "--no-weather", "--message", "I ran this morning")
    cards = [line for line in p.out.splitlines() if line.startswith("✗ logWorkout failed: Invalid arguments: startedAt")]
    assert len(cards) == 5, p.out  # the engine's bound on tool rounds
    assert "[echo]" in p.out and "User: I ran this morning" in p.out

    archive = json.loads(airfit.run("export", "-o", "-").out)
    assert archive["workouts"] == []
    messages = archive["coachMessages"]
    assert [m["role"] for m in messages] == ["user"] + ["assistant", "tool"] * 5 + ["assistant"]
    assert all(m["isComplete"] for m in messages)
    calls = [m["toolCalls"][0] for m in messages if m["role"] == "assistant" and m["toolCalls"]]
    assert [c["name"] for c in calls] == ["logWorkout"] * 5
    results = [m for m in messages if m["role"] == "tool"]
    assert [r["toolCallID"] for r in results] == [c["id"] for c in calls]
    assert all("startedAt must be an ISO-8601 date-time" in r["content"] for r in results)
    # The last answer came with every call and result in its history: llm-katan counts the system prompt,
    # the question and 5 × (call, result).
    assert "messages=12" in messages[-1]["content"]
    assert messages[-1]["model"] and messages[-1]["outputTokens"] > 0
    assert KEYS["anthropic"] not in p.out + p.err
