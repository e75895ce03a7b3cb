"""Assertions on what AirFit sent a fake upstream, in that provider's own wire format."""
import json

from fake_upstreams import KEYS

# The header each provider's key goes in; every other key header must be absent.
KEY_HEADERS = {"openai": "authorization", "openrouter": "authorization", "custom": "authorization", "ollama": "authorization",
               "anthropic": "x-api-key", "gemini": "x-goog-api-key"}


def only_chat(fake):
    """The one chat request the fake received since it was cleared, checked for address and key."""
    chats = fake.chats()
    assert len(chats) == 1, f"expected one request to the {fake.kind} upstream, got {chats}"
    request = chats[0]
    assert request.path == fake.chat_path(), (request.path, fake.chat_path())
    assert fake.key_sent(request) == fake.key, f"the member's {fake.kind} key was not in {KEY_HEADERS[fake.kind]}"
    for header in set(KEY_HEADERS.values()) - {KEY_HEADERS[fake.kind]}:
        assert header not in request.headers, f"{fake.kind} got a {header} header it does not use"
    for other in KEYS.values():
        if other and other != fake.key:
            assert other not in json.dumps(request.headers), "another provider's key was sent"
    if fake.kind == "gemini":
        assert request.query.get("alt") == ["sse"], request.query
        assert "key" not in request.query, "the Gemini key went in the URL, where proxies log it"
    return request


def user_text(kind, body):
    """The user turns' text, read from the provider's own format."""
    if kind == "gemini":
        return [p.get("text") for c in body["contents"] if c["role"] == "user" for p in c["parts"] if "text" in p]
    texts = []
    for message in body["messages"]:
        if message["role"] != "user":
            continue
        content = message["content"]
        texts += [content] if isinstance(content, str) else [b["text"] for b in content if b.get("type") == "text"]
    return texts


def system_prompt(kind, body):
    if kind == "anthropic":
        return body.get("system")
    if kind == "gemini":
        return "".join(p["text"] for p in body.get("systemInstruction", {}).get("parts", []))
    first = body["messages"][0]
    return first["content"] if first["role"] == "system" else None


def tool_names(kind, body):
    """The names of the tools offered, from the provider's own tool declarations."""
    tools = body.get("tools") or []
    if kind == "anthropic":
        assert all("input_schema" in t for t in tools), tools
        return [t["name"] for t in tools]
    if kind == "gemini":
        return [d["name"] for t in tools for d in t["functionDeclarations"]]
    assert all(t["type"] == "function" and "parameters" in t["function"] for t in tools), tools
    return [t["function"]["name"] for t in tools]


def assert_tool_turns(kind, body, call_id, name, arguments, result):
    """The assistant's call and the tool result, the last two turns, as this provider's API carries them."""
    if kind == "anthropic":
        call_turn, result_turn = body["messages"][-2], body["messages"][-1]
        assert call_turn["role"] == "assistant", call_turn
        uses = [b for b in call_turn["content"] if b["type"] == "tool_use"]
        assert [(u["id"], u["name"], u["input"]) for u in uses] == [(call_id, name, arguments)], uses
        assert result_turn["role"] == "user", result_turn
        assert result_turn["content"] == [{"type": "tool_result", "tool_use_id": call_id, "content": result}], result_turn
    elif kind == "gemini":
        call_turn, result_turn = body["contents"][-2], body["contents"][-1]
        assert call_turn["role"] == "model", call_turn
        assert [p["functionCall"] for p in call_turn["parts"] if "functionCall" in p] == [{"name": name, "args": arguments}]
        assert result_turn["role"] == "user", result_turn
        assert result_turn["parts"] == [{"functionResponse": {"name": name, "response": json.loads(result)}}], result_turn
    elif kind == "ollama":
        call_turn, result_turn = body["messages"][-2], body["messages"][-1]
        assert call_turn["role"] == "assistant", call_turn
        assert [c["function"] for c in call_turn["tool_calls"]] == [{"name": name, "arguments": arguments}], call_turn
        assert result_turn == {"role": "tool", "content": result, "tool_name": name}, result_turn
    else:
        call_turn, result_turn = body["messages"][-2], body["messages"][-1]
        assert call_turn["role"] == "assistant", call_turn
        calls = [(c["id"], c["type"], c["function"]["name"], json.loads(c["function"]["arguments"])) for c in call_turn["tool_calls"]]
        assert calls == [(call_id, "function", name, arguments)], call_turn
        assert result_turn == {"role": "tool", "tool_call_id": call_id, "content": result}, result_turn
