"""Text through the OpenAI-compatible endpoint with the official `openai` SDK, for every provider wire format: the
member's model listed, a streamed reply (text, finish reason, usage) and a whole one, each sent to the member's own
provider with their key in that provider's header at the base URL saved with it."""
import openai
import pytest
from fake_upstreams import USAGE
from wire import only_chat, system_prompt, user_text

PROMPT = "hello coach, how far should I run today?"
ECHO = f"You said: {PROMPT}"


def test_models_list_names_the_members_model(relay):
    models = relay.client.models.list()
    # The member's coach first (model airfit-coach), then their own provider's model.
    assert [m.id for m in models.data] == ["airfit-coach", relay.fake.model]
    assert models.data[0].owned_by == "airfit" and models.data[1].owned_by == relay.kind
    assert all(m.object == "model" for m in models.data)


def test_a_listed_model_is_retrieved_and_an_unknown_one_is_not_found(relay):
    coach = relay.client.models.retrieve("airfit-coach")
    assert coach.id == "airfit-coach" and coach.owned_by == "airfit"
    assert relay.client.models.retrieve(relay.fake.model).owned_by == relay.kind
    with pytest.raises(openai.NotFoundError) as refused:
        relay.client.models.retrieve("gpt-9")
    assert refused.value.code == "model_not_found"


def test_a_streamed_reply_arrives_as_chunks_with_finish_reason_and_usage(relay, fake):
    stream = relay.client.chat.completions.create(
        model=fake.model, messages=[{"role": "user", "content": PROMPT}], stream=True, stream_options={"include_usage": True})
    chunks = list(stream)
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert text == ECHO
    finishes = [c.choices[0].finish_reason for c in chunks if c.choices and c.choices[0].finish_reason]
    assert finishes == ["stop"]
    assert chunks[0].choices[0].delta.role == "assistant"
    assert len({c.id for c in chunks}) == 1 and chunks[0].id.startswith("chatcmpl-")
    assert {c.model for c in chunks} == {fake.model}
    assert all(c.object == "chat.completion.chunk" for c in chunks)
    # The usage chunk comes last, with no choices, holding what the provider reported.
    assert chunks[-1].choices == []
    usage = chunks[-1].usage
    assert (usage.prompt_tokens, usage.completion_tokens, usage.total_tokens) == (USAGE["input"], USAGE["output"], sum(USAGE.values()))
    assert all(c.usage is None for c in chunks[:-1])
    request = only_chat(fake)
    assert user_text(fake.kind, request.body) == [PROMPT]


def test_a_stream_without_include_usage_has_no_usage_chunk(relay, fake):
    chunks = list(relay.client.chat.completions.create(
        model=fake.model, messages=[{"role": "user", "content": PROMPT}], stream=True))
    assert all(c.choices for c in chunks), "a usage chunk came although the client did not ask for it"
    assert "".join(c.choices[0].delta.content or "" for c in chunks) == ECHO
    assert chunks[-1].choices[0].finish_reason == "stop"


def test_a_whole_reply_carries_text_finish_reason_and_usage(relay, fake):
    completion = relay.client.chat.completions.create(
        model=fake.model, temperature=0.5, max_tokens=300,
        messages=[{"role": "system", "content": "You are a terse coach."}, {"role": "user", "content": PROMPT}])
    assert completion.object == "chat.completion"
    assert completion.id.startswith("chatcmpl-")
    assert completion.model == fake.model
    [choice] = completion.choices
    assert choice.message.role == "assistant"
    assert choice.message.content == ECHO
    assert choice.message.tool_calls is None
    assert choice.finish_reason == "stop"
    assert (completion.usage.prompt_tokens, completion.usage.completion_tokens) == (USAGE["input"], USAGE["output"])
    body = only_chat(fake).body
    assert system_prompt(fake.kind, body) == "You are a terse coach."
    assert user_text(fake.kind, body) == [PROMPT]
    limits = {"openai": ("max_completion_tokens",), "anthropic": ("max_tokens",), "openrouter": ("max_tokens",),
              "custom": ("max_tokens",), "gemini": ("generationConfig", "maxOutputTokens"), "ollama": ("options", "num_predict")}
    value = body
    for name in limits[fake.kind]:
        value = value[name]
    assert value == 300, f"max_tokens did not reach {fake.kind} as its own limit field"
    temperature = body["generationConfig"]["temperature"] if fake.kind == "gemini" else (
        body["options"]["temperature"] if fake.kind == "ollama" else body["temperature"])
    assert temperature == 0.5


def test_a_conversation_keeps_its_turns_in_order(relay, fake):
    completion = relay.client.chat.completions.create(model=fake.model, messages=[
        {"role": "user", "content": "I ran 5k yesterday."},
        {"role": "assistant", "content": "Nice, how did it feel?"},
        {"role": "user", "content": PROMPT}])
    assert completion.choices[0].message.content == ECHO
    body = only_chat(fake).body
    assert user_text(fake.kind, body) == ["I ran 5k yesterday.", PROMPT]
