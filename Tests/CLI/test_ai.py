"""`airfit keys set` live test and `airfit ask`, against a fake OpenAI-compatible server on 127.0.0.1."""
import json
import os
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

GOOD = "sk-good-" + "g" * 32
BAD = "sk-badkey-" + "b" * 32


def chunk(delta, finish=None, usage=None):
    body = {"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o-mini",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}] if usage is None else []}
    if usage:
        body["usage"] = usage
    return f"data: {json.dumps(body)}\n\n".encode()


def tool_call_stream(name):
    """A streamed call of `name` with arguments {"city": "Oslo"}, its arguments split across two chunks."""
    start = {"index": 0, "id": "call_7", "type": "function", "function": {"name": name, "arguments": ""}}
    return b"".join([
        chunk({"role": "assistant", "content": None, "tool_calls": [start]}),
        chunk({"tool_calls": [{"index": 0, "function": {"arguments": '{"city":'}}]}),
        chunk({"tool_calls": [{"index": 0, "function": {"arguments": ' "Oslo"}'}}]}),
        chunk({}, finish="tool_calls"),
        chunk({}, usage={"prompt_tokens": 30, "completion_tokens": 9, "total_tokens": 39}),
        b"data: [DONE]\n\n",
    ])


@pytest.fixture
def fake_openai():
    requests = []

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def reply(self, status, body, content_type="application/json"):
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def authorized(self):
            return self.headers.get("Authorization") == f"Bearer {GOOD}"

        def do_GET(self):
            requests.append(("GET", self.path, None))
            if not self.authorized():
                return self.reply(401, json.dumps({"error": {"message": "Incorrect API key provided", "type": "invalid_request_error", "code": "invalid_api_key"}}).encode())
            self.reply(200, json.dumps({"object": "list", "data": [{"id": "gpt-4o-mini", "object": "model"}]}).encode())

        def do_POST(self):
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            requests.append(("POST", self.path, body))
            if not self.authorized():
                return self.reply(401, b'{"error":{"message":"Incorrect API key provided","code":"invalid_api_key"}}')
            last = body["messages"][-1]
            if body.get("tools") and last["role"] == "user":
                return self.reply(200, tool_call_stream(body["tools"][0]["function"]["name"]), "text/event-stream")
            question = last["content"] if last["role"] == "user" else f"(tool {last['tool_call_id']} said) {last['content']}"
            parts = [chunk({"role": "assistant", "content": ""})]
            parts += [chunk({"content": word + " "}) for word in f"You asked: {question}".split()]
            parts += [chunk({}, finish="stop"), chunk({}, usage={"prompt_tokens": 12, "completion_tokens": 5, "total_tokens": 17}), b"data: [DONE]\n\n"]
            self.reply(200, b"".join(parts), "text/event-stream")

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/v1", requests
    server.shutdown()


def test_a_key_the_provider_rejects_is_never_stored(airfit, fake_openai):
    base, _ = fake_openai
    p = airfit.run("keys", "set", "openai", "--base-url", base, input=BAD, check=False)
    assert p.returncode == 1 and "not saved" in p.err
    assert BAD not in p.out + p.err
    assert "No keys stored yet" in airfit.run("keys", "list").out


def test_a_badly_formatted_key_is_refused_before_any_request(airfit, fake_openai):
    base, requests = fake_openai
    p = airfit.run("keys", "set", "openai", "--base-url", base, input="not-a-key", check=False)
    assert p.returncode == 1 and "sk-" in p.err
    assert requests == []


def test_a_good_key_is_tested_saved_and_used_by_ask(airfit, fake_openai):
    base, requests = fake_openai
    airfit.run("keys", "set", "openai", "--base-url", base, input=GOOD)
    assert "openai" in airfit.run("keys", "list").out
    p = airfit.run("ask", "--provider", "openai", "--model", "gpt-4o-mini", "--base-url", base, "How far is a 10k?")
    assert p.out.strip() == "You asked: How far is a 10k?"
    assert "12" in p.err and "5" in p.err  # usage
    post = [r for r in requests if r[0] == "POST"][-1]
    assert post[2]["stream"] is True and post[2]["model"] == "gpt-4o-mini"
    for path, data in airfit.files_bytes():
        assert GOOD.encode() not in data, path
    assert all(GOOD not in text for text in airfit.outputs)


def test_ask_uses_the_base_url_saved_with_the_key_when_none_is_given(airfit, fake_openai):
    base, requests = fake_openai
    airfit.run("keys", "set", "openai", "--base-url", base, input=GOOD)
    p = airfit.run("ask", "--provider", "openai", "How far is a 10k?", check=False)
    assert p.returncode == 0, p.err
    assert p.out.strip() == "You asked: How far is a 10k?"
    assert [r for r in requests if r[0] == "POST"], "the question went to the address saved with the key"


def test_ask_prints_tool_calls_and_sends_a_tool_result_back(airfit, fake_openai, tmp_path):
    base, requests = fake_openai
    airfit.run("keys", "set", "openai", "--base-url", base, input=GOOD)
    p = airfit.run("ask", "--provider", "openai", "--base-url", base, "--tool", "get_weather:Current weather for a city",
                   "--tool-result", '{"temp_c": 4}', "Weather in Oslo?")
    first, second = [r[2] for r in requests if r[0] == "POST"]
    assert first["tools"] == [{"type": "function", "function": {
        "name": "get_weather", "description": "Current weather for a city", "parameters": {"type": "object"}}}]
    assert [line.rstrip() for line in p.out.splitlines()] == ['tool call: get_weather {"city":"Oslo"} (id call_7)',
                                  'You asked: (tool call_7 said) {"temp_c": 4}']
    assert second["messages"][1] == {"role": "assistant", "content": None, "tool_calls": [
        {"id": "call_7", "type": "function", "function": {"name": "get_weather", "arguments": '{"city":"Oslo"}'}}]}
    assert second["messages"][2] == {"role": "tool", "tool_call_id": "call_7", "content": '{"temp_c": 4}'}
    assert "30 input tokens, 9 output tokens; finish: tool_calls" in p.err
    assert "12 input tokens, 5 output tokens; finish: stop" in p.err


def test_ask_reads_tools_from_a_json_file_and_stops_after_one_turn_without_tool_result(airfit, fake_openai, tmp_path):
    base, requests = fake_openai
    airfit.run("keys", "set", "openai", "--base-url", base, input=GOOD)
    schema = {"type": "object", "properties": {"ml": {"type": "integer"}}, "required": ["ml"]}
    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps([{"name": "log_water", "description": "Log water", "parameters": schema}]))
    p = airfit.run("ask", "--provider", "openai", "--base-url", base, "--tools-json", str(tools), "Log a glass")
    assert p.out == 'tool call: log_water {"city":"Oslo"} (id call_7)\n'
    posts = [r[2] for r in requests if r[0] == "POST"]
    assert len(posts) == 1 and posts[0]["tools"][0]["function"]["parameters"] == schema


@pytest.mark.parametrize("args, message", [
    (["--tool", "no-colon"], "must be NAME:DESCRIPTION"),
    (["--tool", "bad name:x"], "tool name \"bad name\""),
    (["--tool-result", "x"], "--tool-result needs a tool"),
])
def test_ask_explains_bad_tool_options(airfit, args, message):
    p = airfit.run("ask", "--provider", "openai", *args, "Hi", check=False)
    assert p.returncode != 0 and message in p.err


def test_a_stored_key_is_never_sent_to_another_base_url(airfit, fake_openai):
    """keys set binds the key to its base URL; ask refuses another address rather than send the key there."""
    base, requests = fake_openai
    other = "http://127.0.0.1:9/v1"
    airfit.run("keys", "set", "openai", "--base-url", base, input=GOOD)
    p = airfit.run("ask", "--provider", "openai", "--base-url", other, "hello", check=False)
    assert p.returncode == 1
    assert "is only sent there" in p.err and f"airfit keys set openai --base-url {other}" in p.err
    # Without --base-url, ask uses the address saved with the key.
    p = airfit.run("ask", "--provider", "openai", "--model", "gpt-4o-mini", "hello")
    assert p.out.strip() == "You asked: hello"
    assert ("POST", "/v1/chat/completions") in [(r[0], r[1]) for r in requests]
    assert all(GOOD not in text for text in [p.out, p.err])


@pytest.mark.parametrize("url", ["http://example.com/v1\r\nX: 1", "ftp://example.com", "http://example.com/<script>", "http://u:p@example.com"])
def test_keys_set_refuses_a_base_url_that_cannot_be_used(airfit, url):
    p = airfit.run("keys", "set", "openai", "--offline", "--base-url", url, input=GOOD, check=False)
    assert p.returncode != 0
    assert "Enter a base URL starting with http:// or https://" in p.err
    assert "No keys stored yet" in airfit.run("keys", "list").out
