"""`airfit onboard` (piped answers and --answers files) and `airfit persona show`, as a person would use them."""
import json
import os

import pytest

from archive import make_archive
from fake_coach_provider import FakeCoachProvider
from test_ai import GOOD



def stored_draft(airfit):
    """The half-finished draft in the database (shared with the web app), or None."""
    import sqlite3
    with sqlite3.connect(os.path.join(airfit.data, "airfit.sqlite")) as db:
        rows = db.execute("SELECT draft FROM onboarding_drafts").fetchall()
    assert len(rows) <= 1
    return json.loads(rows[0][0]) if rows else None

# One line per prompt, in the order the screens ask them.
PIPED = "\n".join([
    "",                      # opening: Begin
    "",                      # life snapshot: nothing ticked -> the flow refuses
    "1 3",                   # busy professional, student
    "b",                     # aspiration: back to the life snapshot
    "",                      # life snapshot: keep the ticked ones
    "9",                     # aspiration: not a card number -> asked again, never taken as the goal
    "Run a sub-25 minute 5k by June so I can keep up with my kids",
    "60", "20", "abc", "10", "10",  # style sliders (abc is refused and asked again)
    "4", "y", "n", "",       # engagement: custom, detailed tracking only
    "mon 07:00-08:00", "wed 18:00-17:00", "",  # availability: the second slot ends before it starts
    "remove 2", "",          # ... so it is removed
    "23:00", "07:00", "2",   # sleep: bedtime, wake, weekends different
    "1", "", "2", "n",       # wins enthusiastic, quiet gentle, metric, no baseline
    "",                      # ready: Begin with my coach
]) + "\n"

VALID = {
    "lifeSnapshot": ["busy_professional", "travel_frequently"],
    "aspiration": {"text": "Lose 5 kg by summer because I want more energy"},
    "style": {"authoritative": 1, "empathetic": 1, "analytical": 2, "playful": 0},
    "engagement": {"custom": {"detailedTracking": True, "dailyInsights": True}},
    "availability": [{"day": "sat", "start": "09:00", "end": "10:30"}, {"day": "tuesday", "start": "06:30", "end": "07:15"}],
    "sleep": {"bedtime": "22:00", "wake": "06:00", "rhythm": "consistent"},
    "motivation": {"achievement": "data_focused", "inactivity": "factual"},
    "units": "metric",
}


def persona_json(airfit):
    return json.loads(airfit.run("persona", "show", "--json").out)


def write(tmp_path, name, document):
    path = tmp_path / name
    path.write_text(json.dumps(document))
    return str(path)


def test_piped_onboarding_with_a_refused_answer_and_a_back_step(airfit):
    p = airfit.run("onboard", input=PIPED)
    out = p.out
    assert out.count("Choose at least one option that describes your life right now.") == 1
    assert out.count("== Life Snapshot (step 1 of 7) ==") == 2  # shown again after "b"
    assert "Type a whole number from 0 to 100." in out
    assert "There is no card 9: type a number from 1 to" in out
    assert "On Wednesday, 6:00 PM – 5:00 PM (overnight) would run 23 hours past midnight." in out
    assert "  60: Clear plans with firm guidance" in out
    assert "Goal: endurance" in out and "from the local analysis (No AI provider is set up.)" in out
    assert "Your coach is ready." in out and "Your coach leads with direct, authoritative guidance" in out
    assert "Baseline: off" in out
    assert out.rstrip().endswith("Saved. Your coach is ready: talk to it with `airfit chat`.")
    assert not os.path.exists(airfit.data) or stored_draft(airfit) is None

    doc = persona_json(airfit)
    persona = doc["persona"]
    assert persona["lifeContext"]["busyProfessional"] and persona["lifeContext"]["student"]
    assert not persona["lifeContext"]["parentCaregiver"]
    assert persona["coreAspiration"] == "Run a sub-25 minute 5k by June so I can keep up with my kids"
    assert persona["structuredGoal"]["source"] == "local" and persona["structuredGoal"]["goalType"] == "endurance"
    assert persona["coachingStyle"]["authoritativeDirect"] == pytest.approx(0.6)
    assert persona["engagementPreference"] == "custom"
    assert persona["customEngagement"] == {"detailedTracking": True, "dailyInsights": False, "autoRecoveryAdjust": False}
    assert [(b["dayOfWeek"], b["startTime"], b["endTime"]) for b in persona["availability"]] == [(2, "07:00", "08:00")]
    assert persona["sleepSchedule"] == {"bedtime": "23:00", "wakeTime": "07:00", "rhythm": "weekends_different"}
    assert persona["motivationStyle"] == {"achievementStyle": "enthusiastic", "inactivityStyle": "gentle"}
    assert persona["establishBaseline"] is False
    assert doc["communicationPreferences"]["celebrationStyle"] == "Enthusiastic Celebration"
    export = json.loads(airfit.run("export", "-o", "-").out)
    assert export["user"]["preferredUnits"] == "metric"


def test_later_and_end_of_input_keep_the_draft_and_the_next_run_resumes(airfit):
    p = airfit.run("onboard", input="\n1 2\nlater\n")
    assert p.returncode == 0 and "your answers are saved" in p.out
    assert stored_draft(airfit)["screen"] == "coreAspiration"

    p = airfit.run("onboard", input="lose_weight\n", check=False)
    assert "Welcome back: continuing where you stopped (Core Aspiration)." in p.out
    assert "== Coaching Style (step 3 of 7) ==" in p.out
    assert p.returncode == 1 and "input ended before onboarding was finished" in p.err
    assert stored_draft(airfit)["aspirationCard"] == "lose_weight"

    p = airfit.run("onboard", input="\n" * 20)
    assert "continuing where you stopped (Coaching Style)" in p.out
    assert "Goal: weight_loss (measured by body_weight) — from the card \"Lose Weight\"" in p.out
    assert stored_draft(airfit) is None
    persona = persona_json(airfit)["persona"]
    assert persona["coreAspiration"] == "Lose Weight"
    assert persona["lifeContext"]["busyProfessional"] and persona["lifeContext"]["parentCaregiver"]
    assert persona["structuredGoal"]["source"] == "card"


def test_answers_file_onboards_without_questions(airfit, tmp_path):
    p = airfit.run("onboard", "--answers", write(tmp_path, "answers.json", VALID))
    assert "Your coach is ready." in p.out
    assert "Your coach leads with analytical, data-driven insight" in p.out
    assert "Goal: weight_loss" in p.out and "local analysis" in p.out
    assert "Engagement: Custom: detailed tracking and daily insights." in p.out
    doc = persona_json(airfit)
    persona = doc["persona"]
    assert persona["coachingStyle"] == {"authoritativeDirect": 0.25, "empatheticEncouraging": 0.25,
                                        "analyticalPrecise": 0.5, "playfulMotivating": 0}
    assert [b["dayOfWeek"] for b in persona["availability"]] == [3, 7]  # sorted: Tuesday, Saturday
    assert persona["structuredGoal"]["specificTarget"] == "5 kg"
    assert doc["communicationPreferences"]["languageComplexity"] == "Detailed"
    assert doc["communicationPreferences"]["updateFrequency"] == "Daily"


def test_invalid_answers_are_listed_by_field_and_nothing_is_saved(airfit, tmp_path):
    invalid = {
        "lifeSnapshot": [],
        "style": {"authoritative": 0, "empathetic": 0, "analytical": 0, "playful": 0},
        "availability": [{"day": "mon", "start": "08:00", "end": "07:00"}],
        "sleep": {"bedtime": "22:00", "wake": "22:00"},
    }
    p = airfit.run("onboard", "--answers", write(tmp_path, "bad.json", invalid), check=False)
    assert p.returncode == 1
    lines = p.err.strip().splitlines()
    assert lines == [
        "lifeSnapshot: Choose at least one option that describes your life right now.",
        "aspiration: Pick the goal that matters most to you, or describe your own.",
        "style: Move at least one slider above zero so your coach has a style.",
        "availability[0]: On Monday, 8:00 AM – 7:00 AM (overnight) would run 23 hours past midnight. Check the times: "
        "a slot can run past midnight for up to 12 hours.",
        "sleep: Bedtime and wake time can't be the same.",
        "error: the answers are not valid; nothing was saved.",
    ]
    assert not os.path.exists(airfit.data)  # storage was never even opened

    malformed = {"lifeSnapshot": ["astronaut"], "aspiration": "custom", "style": {"bossy": 3},
                 "sleep": {"bedtime": "25:00"}, "engagement": "custom", "favouriteColour": "red"}
    p = airfit.run("onboard", "--answers", write(tmp_path, "malformed.json", malformed), check=False)
    assert p.returncode == 1
    assert 'lifeSnapshot[0]: "astronaut" is not an option; use busy_professional,' in p.err
    assert "aspiration: Give a card id (lose_weight," in p.err
    assert "style.bossy: Not a style; the styles are authoritative, empathetic, analytical, playful." in p.err
    assert "sleep.bedtime: Give a time as \"HH:mm\"" in p.err
    assert "engagement: Give a preset id" in p.err
    assert "favouriteColour: Not a known answer" in p.err
    assert not os.path.exists(airfit.data)

    # Malformed answers and answers the flow refuses are listed together, every field in one run.
    mixed = {"lifeSnapshot": [], "style": {"authoritative": 0, "empathetic": 0, "analytical": 0, "playful": 0},
             "availability": [{"day": "mon", "start": "08:00", "end": "08:00"}], "sleep": {"bedtime": "25:00"},
             "engagement": "sometimes", "motivation": {"achievement": "fireworks"}}
    p = airfit.run("onboard", "--answers", write(tmp_path, "mixed.json", mixed), check=False)
    assert p.returncode == 1
    fields = [line.split(":")[0] for line in p.err.strip().splitlines()[:-1]]
    assert fields == ["lifeSnapshot", "aspiration", "style", "engagement", "availability[0]", "sleep.bedtime",
                      "motivation.achievement"], p.err

    # After a real onboarding, invalid answers leave the saved persona exactly as it was.
    airfit.run("onboard", "--answers", write(tmp_path, "answers.json", VALID))
    before = persona_json(airfit)
    p = airfit.run("onboard", "--answers", write(tmp_path, "bad.json", invalid), check=False)
    assert p.returncode == 1 and persona_json(airfit) == before
    assert not os.path.exists(airfit.data) or stored_draft(airfit) is None


def test_a_custom_goal_is_analysed_by_the_owners_provider(airfit, tmp_path):
    fake = FakeCoachProvider()
    try:
        archive = make_archive(workouts=0, meals=0, logs=0, messages=0)
        archive["onboardingProfile"] = None
        archive["user"].update(selectedAIProvider="openai", selectedAIModel="gpt-4o-mini", aiBaseURL=fake.base, location=None)
        airfit.run("import", write(tmp_path, "archive.json", archive))
        airfit.run("keys", "set", "openai", "--base-url", fake.base, input=GOOD)
        answers = dict(VALID, aspiration={"text": "Run a sub-25 minute 5k by June"})
        p = airfit.run("onboard", "--answers", write(tmp_path, "answers.json", answers))
        assert "Analyzing your goal with openai (gpt-4o-mini)" in p.out
        assert "— analysed by the model (openai gpt-4o-mini)" in p.out
        goal = persona_json(airfit)["persona"]["structuredGoal"]
        assert goal == {"goalType": "endurance", "primaryMetric": "5k_time", "timeframe": "by June",
                        "specificTarget": "sub-25 minute 5k", "whyImportant": "keep up with my kids", "source": "llm"}
        question = fake.posts()[-1]
        assert question["model"] == "gpt-4o-mini" and "Run a sub-25 minute 5k by June" in question["messages"][-1]["content"]
    finally:
        fake.stop()
    assert all(GOOD not in text for text in airfit.outputs)


def test_persona_show_before_and_after_onboarding(airfit, tmp_path):
    for args in (("persona", "show"), ("persona", "show", "--json"), ("persona",)):
        p = airfit.run(*args, check=False)
        assert p.returncode == 1 and "You have not designed your coach yet. Run `airfit onboard`" in p.err
    airfit.run("keys", "set", "openai", "--offline", input=GOOD)  # the owner exists now, still not onboarded
    p = airfit.run("persona", "show", "--prompt")
    assert "this is the default coach's prompt" in p.err and p.out.startswith("## Core identity")

    airfit.run("onboard", "--answers", write(tmp_path, "answers.json", VALID))
    out = airfit.run("persona", "show").out
    assert out.startswith("Your coach\nYour coach leads with analytical, data-driven insight")
    assert "Style: Analytical · Authoritative" in out
    assert "Aspiration: Lose 5 kg by summer because I want more energy" in out
    assert "Availability: Tuesday 06:30–07:15, Saturday 09:00–10:30" in out
    assert "Sleep: 22:00 to 06:00, consistent" in out
    assert "No notifications between 10:00 PM and 6:00 AM." in out

    p = airfit.run("persona", "show", "--prompt")
    assert p.out.startswith("## Core identity\nYou are AirFit Coach")
    assert 'Their core aspiration: "Lose 5 kg by summer because I want more energy".' in p.out
    assert "Plan workouts inside their usual availability: Tuesday 06:30–07:15, Saturday 09:00–10:30." in p.out
    assert "- logWorkout: Log a workout the person has completed." in p.out
    tokens = int(p.err.split("about ")[1].split(" tokens")[0])
    assert tokens == (len(p.out) + 3) // 4
    assert "warning" not in p.err

    p = airfit.run("persona", "show", "--json", "--prompt", check=False)
    assert p.returncode != 0 and "Choose one of --json and --prompt." in p.err
