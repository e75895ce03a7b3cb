"""A member who has not chosen an AI provider yet: the OpenAI-compatible endpoint lists no model and answers a chat
request with OpenAI's error shape, pointing them to the one place to fix it."""
import openai
import pytest

ASK = [{"role": "user", "content": "hello coach"}]


def test_the_models_list_is_empty(unconfigured):
    assert unconfigured.models.list().data == []


@pytest.mark.parametrize("stream", [False, True], ids=["whole", "streamed"])
def test_a_chat_request_is_a_bad_request_saying_where_to_set_a_provider_up(unconfigured, stream):
    with pytest.raises(openai.BadRequestError) as raised:
        unconfigured.chat.completions.create(model="gpt-4o-mini", messages=ASK, stream=stream)
    error = raised.value
    assert error.code == "provider_not_configured"
    assert error.response.json()["error"]["type"] == "invalid_request_error"
    # One clear instruction for someone using an API client: where to go, said once.
    assert error.message.count("Settings → AI provider") == 1, error.message
