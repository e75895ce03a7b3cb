"""`airfit chat` against a fake OpenAI-compatible provider: streaming, tool cards, conversations, broken streams, retry."""
import json
import signal
import subprocess
import time

import pytest

from conftest import BIN
from leakscan import strip_log_lines
from archive import make_archive
from fake_coach_provider import FakeCoachProvider
from test_ai import GOOD
from test_weather import open_meteo  # noqa: F401 (a fixture)


@pytest.fixture
def provider(airfit):
    fake = FakeCoachProvider()
    airfit.run("keys", "set", "openai", "--base-url", fake.base, input=GOOD)
    yield fake
    fake.stop()
    assert all(GOOD not in text for text in airfit.outputs)
    for path, data in airfit.files_bytes():
        assert GOOD.encode() not in data, path


def chat(airfit, provider, *args, **kwargs):
    return airfit.run("chat", "--provider", "openai", "--model", "gpt-4o-mini", "--base-url", provider.base, "--no-weather",
                      *args, **kwargs)


def exported(airfit):
    return json.loads(airfit.run("export", "-o", "-").out)


def test_the_coach_logs_a_workout_then_answers(airfit, provider):
    p = chat(airfit, provider, "--message", "I ran for 30 minutes this morning")
    assert p.out == "✓ Workout logged: run, 30 min\nNice work, that is in your log.\n"
    archive = exported(airfit)
    [workout] = archive["workouts"]
    assert workout["type"] == "run" and workout["durationMinutes"] == 30
    messages = archive["coachMessages"]
    assert [m["role"] for m in messages] == ["user", "assistant", "tool", "assistant"]
    assert messages[1]["toolCalls"][0]["name"] == "logWorkout" and messages[2]["toolCallID"] == "call_1"
    assert messages[3]["content"] == "Nice work, that is in your log." and messages[3]["isComplete"] is True
    first, second = provider.posts()
    assert first["stream"] is True and first["model"] == "gpt-4o-mini"
    assert "logWorkout" in [t["function"]["name"] for t in first["tools"]]
    assert first["messages"][0]["role"] == "system" and first["messages"][0]["content"].startswith("## Core identity")
    assert second["messages"][-1] == {"role": "tool", "tool_call_id": "call_1", "content": messages[2]["content"]}


def test_piped_chat_continues_the_latest_conversation_unless_new(airfit, provider):
    p = chat(airfit, provider, input="hello coach\n\n/quit\nnever sent\n")
    assert p.out == "You said: hello coach\n"
    p = chat(airfit, provider, input="second message\n")  # the end of input leaves too
    assert p.out == "You said: second message\n" and "Continuing your conversation" in p.err
    history = [m["content"] for m in provider.posts()[-1]["messages"][1:]]
    assert history == ["hello coach", "You said: hello coach", "second message"]
    p = chat(airfit, provider, "--new", "--message", "fresh start")
    assert [m["content"] for m in provider.posts()[-1]["messages"][1:]] == ["fresh start"]
    messages = exported(airfit)["coachMessages"]
    assert len({m["conversationID"] for m in messages}) == 2
    assert "never sent" not in [m["content"] for m in messages]


def test_a_dropped_stream_prints_the_reason_is_stored_incomplete_and_retry_finishes_it(airfit, provider):
    provider.drops = 1
    p = chat(airfit, provider, "--message", "tell me a story", check=False)
    assert p.returncode == 1
    assert p.out == "Once upon a \n"
    assert "The reply is incomplete: The connection to " in p.err
    assert "broke during the reply (the connection closed before the answer was complete). Retry." in p.err
    last = exported(airfit)["coachMessages"][-1]
    assert last["role"] == "assistant" and last["isComplete"] is False and last["content"] == "Once upon a "
    assert "closed before the answer was complete" in last["incompleteReason"]

    p = chat(airfit, provider, input="/retry\n/quit\n")
    assert p.out == "You said: tell me a story\n"
    retried = provider.posts()[-1]["messages"]
    assert [m["content"] for m in retried[1:]] == ["tell me a story"]  # the broken reply is not sent back
    messages = exported(airfit)["coachMessages"]
    assert [m["role"] for m in messages] == ["user", "assistant", "assistant"]
    assert [m["isComplete"] for m in messages] == [True, False, True]

    p = chat(airfit, provider, input="/retry\n")
    assert p.returncode == 0 and "There is no unanswered message to retry." in p.err


def test_a_session_model_choice_is_never_saved_even_when_a_tool_saves_the_user(airfit, provider, tmp_path):
    answers = tmp_path / "answers.json"
    answers.write_text(json.dumps({"lifeSnapshot": ["student"], "aspiration": "endurance"}))
    airfit.run("onboard", "--answers", str(answers))
    saved = exported(airfit)["user"]  # `keys set` chose openai and its base URL, no model
    assert saved["selectedAIProvider"] == "openai" and saved["aiBaseURL"] == provider.base and saved.get("selectedAIModel") is None
    p = chat(airfit, provider, "--message", "my goal is now a sub-2 hour half marathon")  # --model gpt-4o-mini
    assert p.out.startswith("✓ Goal updated: a sub-2 hour half marathon\n")
    assert provider.posts()[-1]["model"] == "gpt-4o-mini"
    archive = exported(airfit)
    assert archive["onboardingProfile"]["persona"]["coreAspiration"] == "a sub-2 hour half marathon"
    assert archive["user"].get("selectedAIModel") is None and archive["user"]["aiBaseURL"] == provider.base
    p = airfit.run("chat", "--no-weather", "--message", "hello again")  # the saved choice: openai at the fake's URL
    assert p.out == "You said: hello again\n"


def test_ctrl_c_stops_the_reply_and_keeps_what_arrived(airfit, provider):
    args = ["chat", "--provider", "openai", "--model", "gpt-4o-mini", "--base-url", provider.base, "--no-weather",
            "--message", "slow answer please"]
    airfit.register_inputs(args, None, airfit.env)
    proc = subprocess.Popen([BIN, *args], env=airfit.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = proc.stdout.read(len("Let me "))
    assert first == b"Let me "
    time.sleep(0.3)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    airfit.record(args, first + out, err)  # scanned for secrets at the end of the test
    err = strip_log_lines(err.decode()).encode()
    assert proc.returncode == 1
    assert (first + out).decode() == "Let me \n"
    assert "The reply is incomplete: You stopped the reply." in err.decode()
    last = exported(airfit)["coachMessages"][-1]
    assert last["isComplete"] is False and last["content"] == "Let me " and last["incompleteReason"] == "You stopped the reply."


def test_the_coach_sees_the_weather_at_the_saved_location(airfit, tmp_path, open_meteo):  # noqa: F811
    weather, seen = open_meteo
    fake = FakeCoachProvider()
    try:
        archive = make_archive(workouts=0, meals=0, logs=0, messages=0)
        archive["onboardingProfile"] = None
        archive["user"].update(selectedAIProvider="openai", selectedAIModel=None, aiBaseURL=fake.base,
                               location={"latitude": 52.52, "longitude": 13.42, "name": "Berlin"})
        path = tmp_path / "archive.json"
        path.write_text(json.dumps(archive))
        airfit.run("import", str(path))
        # The key is saved for the fake's address: a stored key is only ever sent to the base URL saved with it.
        airfit.run("keys", "set", "openai", "--offline", "--base-url", fake.base, input=GOOD)
        prompt = airfit.run("persona", "show", "--prompt", "--weather-base-url", weather).out
        [line] = [line for line in prompt.splitlines() if line.startswith("Weather: ")]
        assert "18" in line and "°C" in line and line.endswith(" at Berlin.")
        assert "\nWeather: " not in airfit.run("persona", "show", "--prompt", "--no-weather").out

        p = airfit.run("chat", "--weather-base-url", weather, "--message", "what is the weather?")
        assert p.out.startswith("Right now it is ") and "18°C" in p.out
        first, second = fake.posts()
        assert any(line.startswith("Weather: ") for line in first["messages"][0]["content"].splitlines())
        tool = json.loads(second["messages"][-1]["content"])
        assert tool["source"] == "Open-Meteo" and len(tool["days"]) == 3
        assert seen and {(float(q["latitude"][0]), float(q["longitude"][0])) for _, q in seen} == {(52.52, 13.42)}
    finally:
        fake.stop()


def test_chat_without_a_provider_says_how_to_choose_one(airfit):
    p = airfit.run("chat", "--message", "hi", check=False)
    assert p.returncode == 1 and "No AI provider is chosen. Pass --provider" in p.err
    p = airfit.run("chat", "--provider", "skynet", "--message", "hi", check=False)
    assert p.returncode != 0 and 'Unknown provider "skynet"' in p.err
