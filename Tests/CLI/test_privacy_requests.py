"""Every request body `airfit` sends to a provider keeps to the privacy allowlist: after an import that gives the
owner an email, height, weight and coordinates, onboarding from an answers file and a few chats, no body holds the
email, the account id, the height, the weight or the coordinates; the location's name appears only with weather on."""
import json

from archive import make_archive
from fake_coach_provider import FakeCoachProvider
from test_ai import GOOD
from test_weather import open_meteo  # noqa: F401 (a fixture)

EMAIL = "ada.private@example.com"
HEIGHT, WEIGHT = 181.3, 73.9
LAT, LON = 52.52, 13.42  # what the fake Open-Meteo answers with too: a tool result passing them on is caught
ANSWERS = {
    "lifeSnapshot": ["busy_professional"],
    "aspiration": {"text": "Run a sub-25 minute 5k by June so I can keep up with my kids"},
    "availability": [{"day": "thu", "start": "17:10", "end": "18:20"}],
    "sleep": {"bedtime": "23:20", "wake": "05:40", "rhythm": "consistent"},
    "units": "metric",
}


def strings(value):
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)
    elif isinstance(value, str):
        yield value
    elif value is not None and not isinstance(value, bool):
        yield str(value)


def text_of(body):
    return "\n".join(strings(body))


def test_request_bodies_never_carry_email_ids_height_weight_or_coordinates(airfit, tmp_path, open_meteo):  # noqa: F811
    weather, _ = open_meteo
    fake = FakeCoachProvider()
    try:
        archive = make_archive(workouts=0, meals=0, logs=0, messages=0)
        archive["onboardingProfile"] = None
        archive["user"].update(email=EMAIL, heightCm=HEIGHT, weightKg=WEIGHT, selectedAIProvider="openai",
                               selectedAIModel=None, aiBaseURL=fake.base,
                               location={"latitude": LAT, "longitude": LON, "name": "Berlin"})
        path = tmp_path / "archive.json"
        path.write_text(json.dumps(archive))
        airfit.run("import", str(path))
        # The key is bound to the fake's address, so the goal analysis of onboarding goes there too and is checked.
        airfit.run("keys", "set", "openai", "--offline", "--base-url", fake.base, input=GOOD)
        answers = tmp_path / "answers.json"
        answers.write_text(json.dumps(ANSWERS))
        airfit.run("onboard", "--answers", str(answers))

        exported = json.loads(airfit.run("export", "-o", "-").out)
        user = exported["user"]
        assert user.get("email") == EMAIL and user.get("heightCm") == HEIGHT and user.get("weightKg") == WEIGHT
        assert user["location"]["latitude"] == LAT and user["location"]["name"] == "Berlin"
        ids = {user["id"], archive["user"]["id"]}
        ids |= {i.lower() for i in ids} | {i.upper() for i in ids} | {i.replace("-", "").lower() for i in ids}

        p = airfit.run("chat", "--no-weather", "--message", "hello coach, plan my week")
        assert p.out == "You said: hello coach, plan my week\n"
        without_weather = len(fake.posts())
        p = airfit.run("chat", "--weather-base-url", weather, "--message", "what is the weather?")
        assert p.out.startswith("Right now it is ")

        bodies = fake.posts()
        chats = [b for b in bodies if b["messages"][0]["content"].startswith("## Core identity")]
        assert len(chats) == 3 and len(bodies) > len(chats), "expected the goal analysis and three chat requests"
        assert "23:20" in text_of(chats[0]) and "thursday 17:10" in text_of(chats[0]).lower(), "schedule is shared"
        forbidden = [(EMAIL, "the email"), ("@example.com", "an email domain"), (str(HEIGHT), "the height"),
                     (str(WEIGHT), "the weight"), ("heightCm", "a height field"), ("weightKg", "a weight field"),
                     (str(LAT), "the latitude"), (str(LON), "the longitude"), ("latitude", "a coordinate field"),
                     ("longitude", "a coordinate field"), (GOOD, "the API key")] + [(i, "the account id") for i in ids]
        leaks = []
        for number, body in enumerate(bodies):
            text = text_of(body)
            leaks += [f"{what} ({value!r}) in request body #{number}" for value, what in forbidden if value in text]
        assert not leaks, leaks
        for number, body in enumerate(bodies):
            if number < without_weather:
                assert "Berlin" not in text_of(body), f"the location name was sent with weather off (body #{number})"
        assert any("Berlin" in text_of(b) for b in bodies[without_weather:]), "with weather on, the location name is sent"
    finally:
        fake.stop()
