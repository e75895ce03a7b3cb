"""Errors through the OpenAI-compatible endpoint, as the official `openai` SDK raises them, for every provider wire
format: the provider refusing the member's key or rate limiting it, a request AirFit refuses before sending it,
wrong, absent and under-scoped tokens, and a stream that breaks after it began."""
import openai
import pytest
import requests

from wire import only_chat

ASK = [{"role": "user", "content": "hello coach"}]
STREAM = [False, True]
STREAM_IDS = ["whole", "streamed"]


def body_of(error):
    """The `error` object of an SDK exception's JSON body."""
    return error.response.json()["error"]


@pytest.mark.parametrize("stream", STREAM, ids=STREAM_IDS)
def test_the_provider_refusing_the_key_is_a_502_naming_the_saved_key(relay, fake, stream):
    fake.fail_next(401)
    with pytest.raises(openai.APIStatusError) as raised:
        relay.client.chat.completions.create(model=fake.model, messages=ASK, stream=stream)
    error = raised.value
    assert error.status_code == 502
    assert error.code == "provider_authentication_failed"
    assert body_of(error)["type"] == "api_error"
    assert "Settings → AI provider" in error.message
    if fake.key:
        assert fake.key not in error.response.text
    only_chat(fake)


@pytest.mark.parametrize("stream", STREAM, ids=STREAM_IDS)
def test_the_provider_rate_limiting_is_a_rate_limit_error(relay, fake, stream):
    fake.fail_next(429)  # Retry-After: 45, longer than AirFit waits itself: it answers at once.
    with pytest.raises(openai.RateLimitError) as raised:
        relay.client.chat.completions.create(model=fake.model, messages=ASK, stream=stream)
    error = raised.value
    assert error.status_code == 429
    assert error.code == "provider_rate_limited"
    assert body_of(error)["type"] == "rate_limit_error"
    assert error.response.headers.get("retry-after") == "45"
    only_chat(fake)


def test_an_out_of_range_temperature_is_a_bad_request_naming_it(relay, fake):
    with pytest.raises(openai.BadRequestError) as raised:
        relay.client.chat.completions.create(model=fake.model, messages=ASK, temperature=7)
    assert raised.value.status_code == 400
    assert raised.value.param == "temperature"
    assert body_of(raised.value)["type"] == "invalid_request_error"
    assert fake.chats() == [], "a refused request still reached the provider"


def test_an_empty_message_list_is_a_bad_request_naming_messages(relay, fake):
    with pytest.raises(openai.BadRequestError) as raised:
        relay.client.chat.completions.create(model=fake.model, messages=[], stream=True)
    assert raised.value.param == "messages"
    assert fake.chats() == []


def test_a_wrong_token_is_an_authentication_error(relay, fake):
    wrong = relay.sdk("afp_" + "x" * 43)
    with pytest.raises(openai.AuthenticationError) as raised:
        wrong.chat.completions.create(model=fake.model, messages=ASK)
    assert raised.value.status_code == 401
    assert body_of(raised.value)["type"] == "authentication_error"
    with pytest.raises(openai.AuthenticationError):
        wrong.models.list()
    assert fake.chats() == []


def test_no_token_is_an_authentication_error_in_openais_shape(relay, fake):
    for method, path, body in (("GET", "/models", None), ("POST", "/chat/completions", {"model": fake.model, "messages": ASK})):
        answer = requests.request(method, relay.base_url + path, json=body, timeout=15)
        assert answer.status_code == 401, (method, path, answer.status_code)
        error = answer.json()["error"]
        assert error["type"] == "authentication_error" and error["message"], error
    assert fake.chats() == []


def test_a_token_without_the_openai_scope_is_a_permission_error(relay, fake):
    reader = relay.sdk(relay.read_token)
    with pytest.raises(openai.PermissionDeniedError) as raised:
        reader.chat.completions.create(model=fake.model, messages=ASK, stream=True)
    assert raised.value.status_code == 403
    assert raised.value.code == "insufficient_scope"
    with pytest.raises(openai.PermissionDeniedError):
        reader.models.list()
    assert fake.chats() == []


def test_a_stream_that_breaks_midway_raises_while_iterating(relay, fake):
    received = []
    # Closed by `with` (an unclosed SDK stream left to the garbage collector can deadlock httpx's pool).
    with relay.client.chat.completions.create(
            model=fake.model, messages=[{"role": "user", "content": "tell me a story, break midway"}], stream=True) as stream:
        with pytest.raises(openai.APIError) as raised:
            for chunk in stream:
                received.append(chunk)
    text = "".join(c.choices[0].delta.content or "" for c in received if c.choices)
    assert text.startswith("Once "), f"the words before the break did not arrive first: {text!r}"
    assert not any(c.choices and c.choices[0].finish_reason for c in received), "a broken stream was given a finish reason"
    assert raised.value.message
    only_chat(fake)


def test_a_whole_reply_whose_stream_breaks_is_a_502(relay, fake):
    with pytest.raises(openai.APIStatusError) as raised:
        relay.client.chat.completions.create(model=fake.model, messages=[{"role": "user", "content": "break midway"}])
    assert raised.value.status_code == 502
    assert body_of(raised.value)["type"] == "api_error"


def test_a_limit_of_the_members_model_is_a_bad_request_naming_the_field(relay, fake):
    # Within what the endpoint accepts (1…1,000,000) but past what the member's model can write.
    with pytest.raises(openai.BadRequestError) as raised:
        relay.client.chat.completions.create(model=fake.model, messages=ASK, max_tokens=999_999)
    assert raised.value.param == "max_tokens", raised.value.message
    with pytest.raises(openai.BadRequestError) as raised:
        relay.client.chat.completions.create(model=fake.model, messages=ASK, max_completion_tokens=999_999)
    assert raised.value.param == "max_completion_tokens", raised.value.message
    assert fake.chats() == []


def test_a_temperature_past_the_providers_range_is_a_bad_request_naming_it(relay, fake):
    # OpenAI's range is 0…2; Anthropic's is 0…1, so 1.5 is refused for Anthropic alone, naming the field.
    if fake.kind != "anthropic":
        answer = relay.client.chat.completions.create(model=fake.model, messages=ASK, temperature=1.5)
        assert answer.choices[0].finish_reason == "stop"
        return
    with pytest.raises(openai.BadRequestError) as raised:
        relay.client.chat.completions.create(model=fake.model, messages=ASK, temperature=1.5)
    assert "0–1" in raised.value.message
    assert raised.value.param == "temperature", raised.value.message
    assert fake.chats() == []
