"""Streams through the OpenAI-compatible endpoint with the official `openai` SDK, for every provider wire format: a
provider error event in the middle of a reply, a client that stops reading (AirFit hangs up on the provider too), and
parallel streams that each get their own answer."""
import time
from concurrent.futures import ThreadPoolExecutor

import openai
import pytest

from wire import only_chat


def test_a_provider_error_event_midway_raises_while_iterating(relay, fake):
    received = []
    # Closed by `with` (an unclosed SDK stream left to the garbage collector can deadlock httpx's pool).
    with relay.client.chat.completions.create(
            model=fake.model, messages=[{"role": "user", "content": "tell me a story, fail midway"}], stream=True) as stream:
        with pytest.raises(openai.APIError) as raised:
            for chunk in stream:
                received.append(chunk)
    assert "".join(c.choices[0].delta.content or "" for c in received if c.choices).startswith("Once ")
    assert not any(c.choices and c.choices[0].finish_reason == "stop" for c in received)
    assert "Overloaded" in raised.value.message, raised.value.message
    only_chat(fake)


def test_a_whole_reply_whose_provider_fails_midway_is_a_502(relay, fake):
    with pytest.raises(openai.APIStatusError) as raised:
        relay.client.chat.completions.create(model=fake.model, messages=[{"role": "user", "content": "fail midway"}])
    assert raised.value.status_code == 502
    assert "Overloaded" in raised.value.message


def test_a_client_that_stops_reading_ends_the_providers_stream(relay, fake):
    with relay.client.chat.completions.create(
            model=fake.model, messages=[{"role": "user", "content": "drip slowly"}], stream=True) as stream:
        first = [next(stream), next(stream)]
    assert any(c.choices and c.choices[0].delta.content for c in first)
    started = time.time()
    assert fake.hung_up.wait(10), "AirFit kept reading the provider's stream after the client went away"
    assert time.time() - started < 10


def test_parallel_streams_each_get_their_own_reply(relay, fake):
    prompts = [f"question number {n} about my long run" for n in range(8)]

    def ask(prompt):
        stream = relay.client.chat.completions.create(model=fake.model, messages=[{"role": "user", "content": prompt}], stream=True)
        return "".join(c.choices[0].delta.content or "" for c in stream if c.choices)

    with ThreadPoolExecutor(len(prompts)) as pool:
        replies = list(pool.map(ask, prompts))
    assert replies == [f"You said: {p}" for p in prompts]
    assert len(fake.chats()) == len(prompts)
