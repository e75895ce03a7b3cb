"""Builds AirFit export archives (the documented JSON format) for import tests."""
import uuid


def uid():
    return str(uuid.uuid4()).upper()


def make_archive(workouts=3, meals=4, logs=2, messages=5):
    user_id = uid()
    conversation = uid()
    t = lambda day, hour=8: f"2026-03-{day:02d}T{hour:02d}:15:30.250Z"
    user = {
        "id": user_id, "name": "Ada Lovelace", "nickname": "Ada", "email": "ada@example.com",
        "preferredUnits": "metric", "appearanceMode": "dark", "hapticFeedbackEnabled": True,
        "analyticsEnabled": False, "selectedAIProvider": "anthropic", "selectedAIModel": "claude-sonnet-4",
        "notificationPreferences": {"systemEnabled": True, "categories": {"meal_logging": False}},
        "quietHours": {"enabled": True, "start": "22:30", "end": "06:45"},
        "appLockEnabled": True, "appLockTimeoutMinutes": 5, "timeZone": "Europe/London", "weekStart": "monday",
        "heightCm": 170.5, "weightKg": 61.2, "fitnessLevel": "intermediate",
        "location": {"latitude": 51.5, "longitude": -0.12, "name": "London"},
        "createdAt": t(1), "lastActiveAt": t(20),
    }
    persona = {"coreAspiration": "Run a half marathon", "establishBaseline": True}
    profile = {
        "id": uid(), "userID": user_id, "persona": persona,
        "communicationPreferences": {"achievementAcknowledgement": "subtle", "inactivityResponse": "gentle",
                                     "coachingStyleBlend": {"authoritativeDirect": 0.1, "empatheticEncouraging": 0.4,
                                                            "analyticalPrecise": 0.3, "playfulMotivating": 0.2}},
        "rawFullProfile": persona, "createdAt": t(1), "updatedAt": t(2),
    }
    return {
        "format": "airfit-export", "version": 1, "exportedAt": t(21),
        "user": user, "onboardingProfile": profile,
        "workouts": [{
            "id": uid(), "userID": user_id, "type": "strength", "startedAt": t(2 + i, 7), "durationMinutes": 45 + i,
            "caloriesBurned": 300.5, "notes": "=SUM(A1)" if i == 0 else None, "createdAt": t(2 + i, 9),
            "exercises": [{"name": "Squat, back", "sets": [{"reps": 5, "weightKg": 80}, {"reps": 5, "weightKg": 82.5}]}],
        } for i in range(workouts)],
        "foodEntries": [{
            "id": uid(), "userID": user_id, "mealType": ["breakfast", "lunch", "dinner", "snack"][i % 4],
            "loggedAt": t(3 + i, 12), "createdAt": t(3 + i, 12), "notes": 'said "yum"\nsecond line',
            "items": [{"name": "Oats", "quantity": "80 g", "calories": 300, "proteinGrams": 10, "carbsGrams": 54, "fatGrams": 5}],
        } for i in range(meals)],
        "dailyLogs": [{
            "id": uid(), "userID": user_id, "day": f"2026-03-{10 + i:02d}", "energy": 4, "sleepQuality": 3,
            "stress": 2, "mood": "good", "weightKg": 61.0, "steps": 9000 + i, "createdAt": t(10 + i), "updatedAt": t(10 + i),
        } for i in range(logs)],
        "coachMessages": [{
            "id": uid(), "userID": user_id, "conversationID": conversation, "role": "user" if i % 2 == 0 else "assistant",
            "content": f"message {i}", "model": None if i % 2 == 0 else "claude-sonnet-4", "toolCalls": [],
            "isComplete": i != messages - 1, "incompleteReason": "The connection dropped." if i == messages - 1 else None,
            "createdAt": t(15, 8 + i),
        } for i in range(messages)],
        "dataExports": [{"id": uid(), "userID": user_id, "date": t(5), "size": 1234, "format": "json"}],
    }
