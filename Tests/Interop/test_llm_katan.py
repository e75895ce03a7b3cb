"""`airfit keys set` and `airfit ask` through the real client against llm-katan's echo backend.

llm-katan (PyPI `llm-katan`, `--backend echo`) emulates the OpenAI, Anthropic and Gemini APIs without a
model: each answer echoes the request ("[echo] model=... messages=N max_tokens=M temperature=T" and
"User: <last user message>") and counts words as tokens, so the streamed text and the usage line can be
checked exactly. What llm-katan 0.22.0 cannot do, and so is not tested here:
- OpenAI and Gemini tool calls are answered with one non-streamed JSON body even when a stream was
  asked for; only Anthropic streams tool calls (text block, then a tool_use block).
- Only OpenAI has a model list (GET /v1/models), so Anthropic and Gemini keys cannot be tested live.
- Its Gemini routes ignore `x-goog-api-key`; the conftest's proxy moves it into `Authorization`.
- Its OpenAI API reads `max_tokens` only; AirFit sends api.openai.com's `max_completion_tokens` (and
  `max_tokens` for OpenAI-compatible "custom" endpoints), so for "openai" the echo shows llm-katan's default.
- With --validate-keys its 401 message quotes the key it expected (its own), as well as the one it got.
"""
import json
import re

import pytest

from katan_servers import KEYS, SERVED_MODEL, WRONG_KEYS

PROVIDERS = ["openai", "anthropic", "gemini", "custom"]
LIVE_TESTED = ["openai", "custom"]  # the providers whose keys llm-katan can check (GET /v1/models)
QUESTION = "How far is a 10k?"
SYSTEM = "Be brief."


def save_key(airfit, provider, key, base):
    if provider in LIVE_TESTED:
        airfit.run("keys", "set", provider, "--base-url", base, input=key)
    else:
        # Saved for llm-katan's address without the live test (it lists no models here); the key is only sent there.
        airfit.run("keys", "set", provider, "--offline", "--base-url", base, input=key)


def echo_pattern(messages, question, max_tokens=r"\d+", temperature=r"[\d.]+"):
    return (rf"\[echo\] model={SERVED_MODEL} host=\S+:\d+ time=\S+ messages={messages} "
            rf"max_tokens={max_tokens} temperature={temperature}\nUser: {re.escape(question)}")


@pytest.mark.parametrize("provider", LIVE_TESTED)
def test_a_key_is_tested_live_and_saved(airfit, katan, provider):
    base = katan(provider)
    p = airfit.run("keys", "set", provider, "--base-url", base, input=KEYS[provider])
    assert "Key accepted (1 models available)." in p.err
    assert provider in airfit.run("keys", "list").out


@pytest.mark.parametrize("provider", ["anthropic", "gemini"])
def test_a_provider_without_a_models_endpoint_leaves_the_key_untested_not_rejected(airfit, katan, provider):
    base = katan(provider)
    p = airfit.run("keys", "set", provider, "--base-url", base, input=KEYS[provider], check=False)
    assert p.returncode == 1
    assert f"Could not test the key: the provider at {base} has no models endpoint (HTTP 404) — check the base URL" in p.err
    assert "rejected" not in p.err and "add --offline" in p.err
    assert "No keys stored yet" in airfit.run("keys", "list").out


@pytest.mark.parametrize("provider", PROVIDERS)
def test_ask_streams_the_echo_with_usage(airfit, katan, provider):
    base = katan(provider)
    save_key(airfit, provider, KEYS[provider], base)
    p = airfit.run("ask", "--provider", provider, "--base-url", base, "--max-tokens", "321", "--temperature", "0.3",
                   "--system", SYSTEM, QUESTION)
    max_tokens = 512 if provider == "openai" else 321  # llm-katan ignores max_completion_tokens; 512 is its default
    assert re.fullmatch(echo_pattern(2, QUESTION, max_tokens=max_tokens, temperature=r"0\.3") + "\n", p.out), p.out
    # llm-katan counts words: the system prompt and the question in, the echoed text out.
    prompt_tokens = len(SYSTEM.split()) + len(QUESTION.split())
    assert f"usage: {prompt_tokens} input tokens, {len(p.out.split())} output tokens; finish: stop" in p.err
    assert all(KEYS[provider] not in text for text in airfit.outputs)
    for path, data in airfit.files_bytes():
        assert KEYS[provider].encode() not in data, path


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_wrong_key_is_rejected_without_showing_it(airfit, katan, provider):
    base = katan(provider)
    # llm-katan quotes the key it expected (its own, never given to AirFit); the wrong key must stay hidden.
    airfit.secrets.allow(KEYS[provider])
    # Saved for llm-katan's address: a stored key is only ever sent to the base URL saved with it.
    airfit.run("keys", "set", provider, "--offline", "--base-url", base, input=WRONG_KEYS[provider])
    p = airfit.run("ask", "--provider", provider, "--base-url", base, QUESTION, check=False)
    assert p.returncode == 1 and p.out == ""
    assert "Authentication failed:" in p.err and "rejected the key (HTTP 401)" in p.err
    assert "got '[redacted]'" in p.err  # llm-katan quotes the key it got; the client blanks it out
    assert "create a new key" in p.err
    assert all(WRONG_KEYS[provider] not in text for text in airfit.outputs)


def test_a_wrong_openai_key_fails_the_live_test_and_is_not_saved(airfit, katan):
    base = katan("openai")
    airfit.secrets.allow(KEYS["openai"])  # llm-katan quotes its own key; the wrong one must stay hidden
    p = airfit.run("keys", "set", "openai", "--base-url", base, input=WRONG_KEYS["openai"], check=False)
    assert p.returncode == 1
    assert "Key rejected: OpenAI rejected the key (HTTP 401)" in p.err and "The key was not saved." in p.err
    assert WRONG_KEYS["openai"] not in p.out + p.err
    assert "No keys stored yet" in airfit.run("keys", "list").out


def test_anthropic_tool_call_round_trip(airfit, katan, tmp_path):
    base = katan("anthropic")
    save_key(airfit, "anthropic", KEYS["anthropic"], base)
    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps([{"name": "get_weather", "description": "Current weather for a city",
                                  "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}]))
    result = '{"temp_c": 4}'
    p = airfit.run("ask", "--provider", "anthropic", "--base-url", base, "--tools-json", str(tools),
                   "--tool-result", result, "Weather in Oslo?")
    # llm-katan answers with its echo and a call of the first tool, arguments made from the schema
    # ("test_<name>" for strings) -- on every turn while tools are offered.
    call = r'tool call: get_weather \{"city":"test_city"\} \(id toolu_[0-9a-f]+\)'
    first = echo_pattern(1, "Weather in Oslo?")
    second = echo_pattern(3, result)  # question, answer with the call, tool result
    assert re.fullmatch(f"{first}\n{call}\n{second}\n{call}\n", p.out), p.out
    assert "(sent the tool result for 1 call(s); the model answers:)" in p.err
    assert p.err.count("finish: tool_calls") == 2
