"""`airfit plan show|edit`: the weekly plan made by onboarding, read and changed from the terminal."""
import json

from test_onboard import VALID, write


def onboard(airfit, tmp_path, **changes):
    answers = dict(VALID, **changes)
    airfit.run("onboard", "--answers", write(tmp_path, "answers.json", answers))


def plan_json(airfit):
    return json.loads(airfit.run("plan", "show", "--json").out)


def test_onboarding_makes_a_plan_with_a_session_in_each_training_time(airfit, tmp_path):
    onboard(airfit, tmp_path)
    shown = airfit.run("plan", "show").out
    assert "Your plan (version 1)" in shown
    assert "1. Tuesday 6:30 AM-" in shown and "2. Saturday 9:00 AM-" in shown
    plan = plan_json(airfit)
    assert plan["version"] == 1 and len(plan["sessions"]) == 2


def test_without_onboarding_the_plan_says_how_to_get_one(airfit):
    p = airfit.run("plan", "show", check=False)
    assert p.returncode != 0 and "airfit onboard" in p.err


def test_a_target_is_changed_in_the_persons_units_and_the_version_goes_up(airfit, tmp_path):
    onboard(airfit, tmp_path)
    plan = plan_json(airfit)
    first = sorted(plan["sessions"], key=lambda s: (s["slot"]["dayOfWeek"], s["slot"]["startTime"]))[0]
    exercise = first["exercises"][0]
    if "strength" in exercise["target"]:
        args = ["--sets", "4", "--reps", "6", "--load", "42.5"]
    else:
        args = ["--minutes", "33"]
    p = airfit.run("plan", "edit", "1", "--exercise", exercise["name"].upper(), *args)
    assert "Saved (plan version 2)." in p.err
    after = plan_json(airfit)
    changed = next(e for s in after["sessions"] for e in s["exercises"] if e["id"] == exercise["id"])
    if "strength" in exercise["target"]:
        assert changed["target"]["strength"] == {"sets": 4, "reps": 6, "loadKilograms": 42.5}
    else:
        assert changed["target"]["cardio"]["minutes"] == 33


def test_bad_input_is_refused_with_what_to_do_and_nothing_is_saved(airfit, tmp_path):
    onboard(airfit, tmp_path)
    before = plan_json(airfit)
    name = before["sessions"][0]["exercises"][0]["name"]
    for args, message in [
        (["9", "--remove"], "There is no session 9"),
        (["1", "--exercise", "Nope", "--sets", "3"], 'has no exercise named "Nope"'),
        (["1", "--add-exercise", "Plank", "--sets", "abc", "--reps", "3"], "Sets must be between 1 and 20."),
        (["1", "--add-exercise", "Row", "--kind", "cardio", "--minutes", "nan"], "between 1 and 600 minutes"),
        (["1", "--move-to", "7"], "There is no free time slot 7"),
        (["--goal-day", "next june"], "calendar day"),
        (["1"], "Say what to change"),
        (["1", "--exercise", name, "--kind", "yoga"], "--kind must be compound, isolation or cardio."),
    ]:
        p = airfit.run("plan", "edit", *args, check=False)
        assert p.returncode != 0, args
        assert message in p.err, (args, p.err)
    assert plan_json(airfit) == before


def test_sessions_and_exercises_are_added_moved_and_removed(airfit, tmp_path):
    onboard(airfit, tmp_path, availability=VALID["availability"] + [{"day": "thu", "start": "18:00", "end": "19:00"}])
    plan = plan_json(airfit)
    assert len(plan["sessions"]) == 3
    airfit.run("plan", "edit", "1", "--add-exercise", "Plank", "--kind", "isolation", "--sets", "3", "--reps", "30")
    assert "Plank: 3 × 30" in airfit.run("plan", "show").out
    airfit.run("plan", "edit", "1", "--remove-exercise", "plank")
    assert "Plank" not in airfit.run("plan", "show").out
    airfit.run("plan", "edit", "3", "--remove")
    shown = airfit.run("plan", "show").out
    assert "Free time slots:" in shown and "1. Saturday 9:00 AM-10:30 AM" in shown.split("Free time slots:")[1]
    airfit.run("plan", "edit", "2", "--move-to", "1")
    assert "2. Saturday 9:00 AM-10:30 AM" in airfit.run("plan", "show").out
    airfit.run("plan", "edit", "--goal-day", "2027-06-01")
    assert plan_json(airfit)["goalDay"] == "2027-06-01"
    assert plan_json(airfit)["version"] == 6


def test_a_time_goal_is_set_in_the_persons_units_refused_when_wrong_and_cleared(airfit, tmp_path):
    onboard(airfit, tmp_path)
    airfit.run("plan", "edit", "--time-goal-distance", "5", "--time-goal-minutes", "25", "--time-goal-day", "2027-06-01")
    assert "Time goal: 5 km in 25 min by 2027-06-01" in airfit.run("plan", "show").out
    assert plan_json(airfit)["timeGoal"] == {"kilometres": 5, "targetMinutes": 25, "targetDay": "2027-06-01"}
    before = plan_json(airfit)
    for args, message in [
        (["--time-goal-distance", "5", "--time-goal-minutes", "inf", "--time-goal-day", "2027-06-01"], "A time goal needs"),
        (["--time-goal-distance", "5"], "A time goal needs"),
        (["--clear-time-goal", "--time-goal-minutes", "20"], "Set a time goal or clear it, not both."),
        (["--remove"], "Give the session's number"),
    ]:
        p = airfit.run("plan", "edit", *args, check=False)
        assert p.returncode != 0 and message in p.err, (args, p.err)
    assert plan_json(airfit) == before
    airfit.run("plan", "edit", "--clear-time-goal")
    assert "timeGoal" not in plan_json(airfit) or plan_json(airfit)["timeGoal"] is None
