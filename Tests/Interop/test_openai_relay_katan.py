"""The OpenAI-compatible endpoint of `airfit serve`, driven by the official `openai` SDK, relaying to llm-katan.

The member sets llm-katan up as their provider on the settings pages (Tests/OpenAICompat/member.py) and makes a token
with the `openai` scope; the SDK then talks to AirFit's `/v1`, and AirFit to llm-katan in that provider's own API.
llm-katan's echo backend answers "[echo] model=… messages=N max_tokens=M temperature=T" and "User: <last message>"
and counts words as tokens, so the text and usage that come back through the relay can be checked exactly.
"""
import importlib.util
import os
import re

import openai
import pytest

from katan_servers import KEYS, SERVED_MODEL


def _load_member():
    path = os.path.join(os.path.dirname(__file__), "..", "OpenAICompat", "member.py")
    spec = importlib.util.spec_from_file_location("airfit_openai_member", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


Member = _load_member().Member
PROVIDERS = ["openai", "anthropic", "gemini", "custom"]
QUESTION = "How far is a 10k?"
SYSTEM = "Be brief."


@pytest.fixture
def relay_client(airfit, katan, request):
    """`(client, provider)`: the SDK against a server whose member's provider is llm-katan for `provider`."""
    provider = request.param
    base = katan(provider)
    server = airfit.serve()
    server.wait_healthy()
    member = Member(server.base, airfit.leaks).set_up()
    member.use_provider(provider, KEYS[provider], base, SERVED_MODEL)
    token = member.create_token("katan", scopes=("openai",))
    member.remember_cookies()
    yield openai.OpenAI(base_url=server.base + "/v1", api_key=token, max_retries=0, timeout=60), provider
    server.stop()


def echo(messages, max_tokens, temperature):
    return (rf"\[echo\] model={SERVED_MODEL} host=\S+:\d+ time=\S+ messages={messages} "
            rf"max_tokens={max_tokens} temperature={temperature}\nUser: {re.escape(QUESTION)}")


def katan_max_tokens(provider, asked):
    # llm-katan's OpenAI API reads `max_tokens` only; AirFit sends api.openai.com's `max_completion_tokens`.
    return 512 if provider == "openai" else asked


@pytest.mark.parametrize("relay_client", PROVIDERS, indirect=True)
def test_a_streamed_reply_relays_the_echo_and_its_usage(relay_client):
    client, provider = relay_client
    chunks = list(client.chat.completions.create(
        model=SERVED_MODEL, stream=True, stream_options={"include_usage": True}, max_tokens=321, temperature=0.3,
        messages=[{"role": "system", "content": SYSTEM}, {"role": "user", "content": QUESTION}]))
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert re.fullmatch(echo(2, katan_max_tokens(provider, 321), r"0\.3"), text), text
    assert [c.choices[0].finish_reason for c in chunks if c.choices and c.choices[0].finish_reason] == ["stop"]
    usage = chunks[-1].usage
    assert usage.prompt_tokens == len(SYSTEM.split()) + len(QUESTION.split())
    assert usage.completion_tokens == len(text.split())
    assert usage.total_tokens == usage.prompt_tokens + usage.completion_tokens


@pytest.mark.parametrize("relay_client", PROVIDERS, indirect=True)
def test_a_whole_reply_relays_the_echo(relay_client):
    client, provider = relay_client
    completion = client.chat.completions.create(
        model=SERVED_MODEL, max_tokens=222, messages=[{"role": "user", "content": QUESTION}])
    [choice] = completion.choices
    assert re.fullmatch(echo(1, katan_max_tokens(provider, 222), r"[\d.]+"), choice.message.content), choice.message.content
    assert choice.finish_reason == "stop"
    assert completion.usage.prompt_tokens == len(QUESTION.split())
    assert completion.model == SERVED_MODEL


@pytest.mark.parametrize("relay_client", ["openai"], indirect=True)
def test_the_models_list_is_the_members_model(relay_client):
    client, _ = relay_client
    # The member's coach first, then their own model.
    assert [m.id for m in client.models.list().data] == ["airfit-coach", SERVED_MODEL]
