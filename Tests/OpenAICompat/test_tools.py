"""Tool calls through the OpenAI-compatible endpoint with the official `openai` SDK, for every provider wire format:
the SDK's `chat.completions.stream()` accumulates the call (id, name, fragmented arguments), the raw chunks follow
OpenAI's fragment rules, and a second turn carrying the tool result reaches the provider in its own wire format."""
import json

import pytest

from fake_upstreams import MEAL, WORKOUT
from wire import assert_tool_turns, only_chat, tool_names

TOOLS = [{
    "type": "function",
    "function": {
        "name": "logWorkout",
        "description": "Log a workout the member did.",
        "parameters": {
            "type": "object",
            "properties": {"type": {"type": "string"}, "durationMinutes": {"type": "number"}, "notes": {"type": "string"}},
            "required": ["type", "durationMinutes"],
        },
    },
}]
ASK = [{"role": "user", "content": "I ran for 30 minutes, please use the tool to log it"}]
# Providers whose streams cut a call's arguments into pieces; Gemini and Ollama deliver a call whole.
FRAGMENTING = {"openai", "openrouter", "custom", "anthropic"}


def test_the_sdk_stream_helper_accumulates_a_tool_call(relay, fake):
    with relay.client.chat.completions.stream(model=fake.model, messages=ASK, tools=TOOLS) as stream:
        events = [event.type for event in stream]
        completion = stream.get_final_completion()
    [choice] = completion.choices
    assert choice.finish_reason == "tool_calls"
    [call] = choice.message.tool_calls
    assert call.type == "function"
    assert call.function.name == "logWorkout"
    assert json.loads(call.function.arguments) == WORKOUT
    assert call.id == "call_fake_1" if fake.kind in FRAGMENTING else call.id.startswith("call_")
    assert "tool_calls.function.arguments.done" in events
    body = only_chat(fake).body
    assert tool_names(fake.kind, body) == ["logWorkout"]


def test_streamed_tool_call_fragments_follow_openais_rules(relay, fake):
    chunks = list(relay.client.chat.completions.create(model=fake.model, messages=ASK, tools=TOOLS, stream=True))
    fragments = [call for c in chunks if c.choices and c.choices[0].delta.tool_calls for call in c.choices[0].delta.tool_calls]
    assert fragments, "no tool call fragment was streamed"
    first, rest = fragments[0], fragments[1:]
    assert first.index == 0 and first.id and first.type == "function" and first.function.name == "logWorkout"
    for fragment in rest:
        assert fragment.index == 0
        assert fragment.id is None and fragment.function.name is None, "only the first fragment names the call"
    arguments = "".join(f.function.arguments or "" for f in fragments)
    assert json.loads(arguments) == WORKOUT
    if fake.kind in FRAGMENTING:
        assert len([f for f in fragments if f.function.arguments]) >= 2, "the provider's argument pieces were joined"
    assert [c.choices[0].finish_reason for c in chunks if c.choices and c.choices[0].finish_reason] == ["tool_calls"]
    assert not "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)


@pytest.mark.parametrize("stream", [False, True], ids=["whole", "streamed"])
def test_the_tool_result_goes_back_in_the_providers_format(relay, fake, stream):
    first = relay.client.chat.completions.create(model=fake.model, messages=ASK, tools=TOOLS)
    message = first.choices[0].message
    assert first.choices[0].finish_reason == "tool_calls"
    [call] = message.tool_calls
    assert json.loads(call.function.arguments) == WORKOUT
    result = json.dumps({"id": "w-41", "logged": True}, sort_keys=True)
    turns = ASK + [message.model_dump(exclude_none=True), {"role": "tool", "tool_call_id": call.id, "content": result}]
    fake.clear()
    if stream:
        with relay.client.chat.completions.stream(model=fake.model, messages=turns, tools=TOOLS) as answer:
            reply = answer.get_final_completion().choices[0]
    else:
        reply = relay.client.chat.completions.create(model=fake.model, messages=turns, tools=TOOLS).choices[0]
    # The fake answers "Logged <result>." only when it read the result from its own wire format.
    expected = result if fake.kind != "gemini" else json.dumps(json.loads(result), sort_keys=True)
    assert reply.message.content == f"Logged {expected}."
    assert reply.finish_reason == "stop"
    body = only_chat(fake).body
    assert_tool_turns(fake.kind, body, call.id, "logWorkout", WORKOUT, result)


TWO_TOOLS = TOOLS + [{
    "type": "function",
    "function": {
        "name": "logMeal",
        "description": "Log a meal the member ate.",
        "parameters": {"type": "object", "properties": {"name": {"type": "string"}, "calories": {"type": "number"}}},
    },
}]
ASK_TWO = [{"role": "user", "content": "I ran and had porridge, please use two tools"}]


def test_text_then_two_calls_arrive_numbered_in_order_and_both_results_go_back(relay, fake):
    with relay.client.chat.completions.stream(model=fake.model, messages=ASK_TWO, tools=TWO_TOOLS) as stream:
        completion = stream.get_final_completion()
    [choice] = completion.choices
    assert choice.finish_reason == "tool_calls"
    assert choice.message.content == "Logging both."
    calls = choice.message.tool_calls
    assert [c.function.name for c in calls] == ["logWorkout", "logMeal"]
    assert [json.loads(c.function.arguments) for c in calls] == [WORKOUT, MEAL]
    assert len({c.id for c in calls}) == 2, "two calls share an id"
    raw = list(relay.client.chat.completions.create(model=fake.model, messages=ASK_TWO, tools=TWO_TOOLS, stream=True))
    opened = [f.index for c in raw if c.choices and c.choices[0].delta.tool_calls for f in c.choices[0].delta.tool_calls if f.id]
    assert opened == [0, 1], f"calls must be numbered 0, 1 in the order they opened, got {opened}"

    results = [json.dumps({"id": f"e-{n}", "logged": True}, sort_keys=True) for n in (1, 2)]
    turns = ASK_TWO + [choice.message.model_dump(exclude_none=True)] + [
        {"role": "tool", "tool_call_id": call.id, "content": result} for call, result in zip(calls, results)]
    fake.clear()
    reply = relay.client.chat.completions.create(model=fake.model, messages=turns, tools=TWO_TOOLS).choices[0]
    assert reply.message.content == f"Logged {results[0]} and {results[1]}."
    body = only_chat(fake).body
    assert_two_results(fake.kind, body, [c.id for c in calls], results)


def assert_two_results(kind, body, ids, results):
    """Both results after the assistant turn that made both calls, in the provider's own shape."""
    if kind == "anthropic":
        call_turn, result_turn = body["messages"][-2:]
        assert [b["type"] for b in call_turn["content"]] == ["text", "tool_use", "tool_use"], call_turn
        assert result_turn["role"] == "user", "Anthropic wants both results in one user turn"
        assert [(b["tool_use_id"], b["content"]) for b in result_turn["content"]] == list(zip(ids, results))
    elif kind == "gemini":
        call_turn, result_turn = body["contents"][-2:]
        assert [next(iter(p)) for p in call_turn["parts"]] == ["text", "functionCall", "functionCall"], call_turn
        assert [p["functionResponse"]["name"] for p in result_turn["parts"]] == ["logWorkout", "logMeal"], result_turn
    elif kind == "ollama":
        assert [(m["role"], m.get("tool_name")) for m in body["messages"][-2:]] == [("tool", "logWorkout"), ("tool", "logMeal")]
        assert len(body["messages"][-3]["tool_calls"]) == 2
    else:
        assert [(m["role"], m["tool_call_id"], m["content"]) for m in body["messages"][-2:]] == [
            ("tool", i, r) for i, r in zip(ids, results)]
        assert [c["id"] for c in body["messages"][-3]["tool_calls"]] == ids
