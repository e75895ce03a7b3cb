import AirFitCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

@Suite("Entries API")
struct EntryAPIRouteTests {
    /// A member signed up, with a token that may read and write, and their day and time `hoursAgo` hours back.
    struct Member {
        let token: String
        let user: User
        let clock: TestClock

        func moment(hoursAgo: Double) -> (day: String, time: String) {
            LocalDateTime.fields(of: clock.now().addingTimeInterval(-hoursAgo * 3600), zone: TimeZone(identifier: user.timeZone) ?? .gmt)
        }
    }

    static func member(_ installation: TestInstallation, _ web: inout WebClient) async throws -> Member {
        try await web.signUp()
        let token = try await APITokenRouteTests.createToken(&web, scopes: ["read", "write"])
        let account = try #require(try await installation.accounts.account(email: "owner@example.com"))
        let user = try #require(try await installation.repository.user(id: account.userID))
        return Member(token: token, user: user, clock: installation.clock)
    }

    static func json(_ response: TestResponse) throws -> OrderedJSON {
        try JSONDecoder().decode(OrderedJSON.self, from: Data(response.body.readableBytesView))
    }

    /// The problems of `response` against what the document says `method path` answers with its status.
    static func conformance(_ response: TestResponse, _ method: String, _ path: String) throws -> [String] {
        let check = SchemaCheck(document: .bundled)
        let schema = try #require(
            check.answerSchema(method, path, status: Int(response.status.code)), "\(method) \(path) \(response.status)")
        return check.problems(try json(response), schema)
    }

    static func fields(_ response: TestResponse) throws -> [String] {
        try JSONCoding.decoder.decode(APIProblem.Body.self, from: Data(response.body.readableBytesView)).errors?.map(\.field) ?? []
    }

    @Test("Workouts: created, listed newest first in cursor pages, read, changed, deleted; every answer matches the document")
    func workouts() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            let member = try await Self.member(installation, &web)
            let bearer = { (path: String, method: HTTPRequest.Method, body: String?) in
                try await APITokenRouteTests.bearer(client, path, token: member.token, method: method, body: body)
            }
            var ids: [String] = []
            for (hours, type) in [(30.0, "run"), (5.0, "strength"), (50.0, "yoga")] {
                let (day, time) = member.moment(hoursAgo: hours)
                let body =
                    #"{"type":"\#(type)","day":"\#(day)","time":"\#(time)","durationMinutes":40,"exercises":[{"name":"Squat","sets":"3×5×100"}]}"#
                let created = try await bearer("/api/v1/workouts", .post, body)
                #expect(created.status == .created, "\(text(created.body))")
                #expect(try Self.conformance(created, "POST", "/api/v1/workouts") == [])
                let id = try #require(try Self.json(created)["id"]?.string)
                #expect(created.headers[.location] == "/api/v1/workouts/\(id)")
                ids.append(id)
            }
            let first = try await bearer("/api/v1/workouts?limit=2", .get, nil)
            #expect(try first.status == .ok && (try Self.conformance(first, "GET", "/api/v1/workouts")) == [])
            let page = try Self.json(first)
            #expect(page["items"]?.array?.compactMap { $0["type"]?.string } == ["strength", "run"])
            let cursor = try #require(page["nextCursor"]?.string)
            let second = try Self.json(try await bearer("/api/v1/workouts?limit=2&cursor=\(cursor)", .get, nil))
            #expect(second["items"]?.array?.compactMap { $0["type"]?.string } == ["yoga"])
            #expect(second["nextCursor"] == nil)
            let (yesterday, _) = member.moment(hoursAgo: 30)
            let filtered = try Self.json(try await bearer("/api/v1/workouts?from=\(yesterday)&to=\(yesterday)", .get, nil))
            #expect(filtered["items"]?.array?.compactMap { $0["type"]?.string } == ["run"])

            let one = try await bearer("/api/v1/workouts/\(ids[0])", .get, nil)
            #expect(try one.status == .ok && (try Self.conformance(one, "GET", "/api/v1/workouts/{workout}")) == [])
            let patched = try await bearer("/api/v1/workouts/\(ids[0])", .patch, #"{"durationMinutes":45.5,"notes":"felt good"}"#)
            #expect(patched.status == .ok)
            let stored = try #require(try await installation.repository.workout(id: UUID(uuidString: ids[0])!, userID: member.user.id))
            #expect(stored.durationMinutes == 45.5 && stored.notes == "felt good" && stored.type == "run" && stored.exercises.count == 1)
            let cleared = try await bearer("/api/v1/workouts/\(ids[0])", .patch, #"{"notes":null}"#)
            #expect(try cleared.status == .ok && (try Self.json(cleared)["notes"]) == nil)
            #expect(try await bearer("/api/v1/workouts/\(ids[0])", .delete, nil).status == .noContent)
            let gone = try await bearer("/api/v1/workouts/\(ids[0])", .get, nil)
            #expect(gone.status == .notFound && gone.headers[.contentType] == APIProblem.contentType)
            #expect(try Self.conformance(gone, "GET", "/api/v1/workouts/{workout}") == [])
        }
    }

    @Test("Bad bodies and list parameters answer 422 naming each field at fault, by the web form's rules")
    func validation() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            let member = try await Self.member(installation, &web)
            let (day, time) = member.moment(hoursAgo: 2)
            let missing = try await APITokenRouteTests.bearer(
                client, "/api/v1/workouts", token: member.token, method: .post, body: #"{"day":"\#(day)","time":"\#(time)"}"#)
            #expect(try missing.status == .unprocessableContent && (try Self.fields(missing)) == ["type", "durationMinutes"])
            #expect(try Self.conformance(missing, "POST", "/api/v1/workouts") == [])
            let broken = try await APITokenRouteTests.bearer(
                client, "/api/v1/workouts", token: member.token, method: .post,
                body:
                    #"{"type":"run","day":"\#(day)","time":"\#(time)","durationMinutes":-5,"caloriesBurned":1e12,"exercises":[{"name":"Row","sets":"lots"}]}"#
            )
            #expect(broken.status == .unprocessableContent)
            #expect(Set(try Self.fields(broken)) == ["durationMinutes", "caloriesBurned", "exercises[0].sets"])
            let meal = try await APITokenRouteTests.bearer(
                client, "/api/v1/meals", token: member.token, method: .post,
                body: #"{"mealType":"brunch","day":"\#(day)","time":"\#(time)","items":[{"name":"Oats","calories":-1}]}"#)
            #expect(try meal.status == .unprocessableContent && Set(try Self.fields(meal)) == ["mealType", "items[0].calories"])
            let checkin = try await APITokenRouteTests.bearer(
                client, "/api/v1/daily-logs", token: member.token, method: .post, body: #"{"day":"\#(day)","energy":9,"steps":-3}"#)
            #expect(try checkin.status == .unprocessableContent && Set(try Self.fields(checkin)) == ["energy", "steps"])
            let list = try await APITokenRouteTests.bearer(
                client, "/api/v1/meals?limit=0&from=yesterday&cursor=nonsense", token: member.token)
            #expect(try list.status == .unprocessableContent && Set(try Self.fields(list)) == ["limit", "from", "cursor"])
            let backwards = try await APITokenRouteTests.bearer(
                client, "/api/v1/daily-logs?from=2025-06-10&to=2025-06-01", token: member.token)
            #expect(try backwards.status == .unprocessableContent && (try Self.fields(backwards)) == ["to"])
            let notJSON = try await APITokenRouteTests.bearer(client, "/api/v1/meals", token: member.token, method: .post, body: "{")
            #expect(notJSON.status == .badRequest && notJSON.headers[.contentType] == APIProblem.contentType)
            #expect(try await installation.repository.workouts(userID: member.user.id, query: RecordQuery()).isEmpty)
        }
    }

    @Test("Another member's workout, meal or check-in answers 404 to read, change and delete, and stays as it was")
    func othersAreNotFound() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            let member = try await Self.member(installation, &web)
            let other = UUID()
            let at = installation.clock.now().addingTimeInterval(-3600)
            let workout = Workout(id: UUID(), userID: other, type: "run", startedAt: at, durationMinutes: 30, exercises: [], createdAt: at)
            let meal = FoodEntry(
                id: UUID(), userID: other, mealType: .lunch, loggedAt: at, items: [FoodItem(name: "Soup", calories: 200)], createdAt: at)
            let log = DailyLog(userID: other, day: "2025-06-14", energy: 3, createdAt: at, updatedAt: at)
            try await installation.repository.addWorkout(workout)
            try await installation.repository.addFoodEntry(meal)
            try await installation.repository.saveDailyLog(log)
            for path in [
                "/api/v1/workouts/\(workout.id)", "/api/v1/meals/\(meal.id)", "/api/v1/daily-logs/\(log.id)", "/api/v1/meals/not-an-id",
            ] {
                for method in [HTTPRequest.Method.get, .patch, .delete] {
                    let answer = try await APITokenRouteTests.bearer(
                        client, path, token: member.token, method: method, body: method == .patch ? #"{"notes":"mine now"}"# : nil)
                    #expect(answer.status == .notFound, "\(method) \(path)")
                }
            }
            #expect(try await installation.repository.workout(id: workout.id, userID: other) == workout)
            #expect(try await installation.repository.dailyLog(id: log.id, userID: other) == log)
            let listed = try Self.json(try await APITokenRouteTests.bearer(client, "/api/v1/workouts", token: member.token))
            #expect(listed["items"]?.array?.isEmpty == true)
        }
    }

    @Test("Meals and daily check-ins: created, paged by day, weight in the member's units, one check-in per day")
    func mealsAndCheckins() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            let member = try await Self.member(installation, &web)
            let (day, time) = member.moment(hoursAgo: 1)
            let meal = try await APITokenRouteTests.bearer(
                client, "/api/v1/meals", token: member.token, method: .post,
                body:
                    #"{"mealType":"lunch","day":"\#(day)","time":"\#(time)","items":[{"name":"Rice","calories":300,"protein":6},{"name":"Egg","calories":80}]}"#
            )
            #expect(try meal.status == .created && (try Self.conformance(meal, "POST", "/api/v1/meals")) == [])
            #expect(try Self.json(meal)["totalCalories"] == .integer(380))
            var days: [String] = []
            for hours in [1.0, 25, 49] {
                let (logDay, _) = member.moment(hoursAgo: hours)
                days.append(logDay)
                let created = try await APITokenRouteTests.bearer(
                    client, "/api/v1/daily-logs", token: member.token, method: .post,
                    body: #"{"day":"\#(logDay)","energy":4,"weight":72.5}"#)
                #expect(try created.status == .created && (try Self.conformance(created, "POST", "/api/v1/daily-logs")) == [])
            }
            let again = try await APITokenRouteTests.bearer(
                client, "/api/v1/daily-logs", token: member.token, method: .post, body: #"{"day":"\#(days[0])","energy":2}"#)
            #expect(again.status == .conflict && text(again.body).contains("PATCH /api/v1/daily-logs/"))
            let first = try Self.json(try await APITokenRouteTests.bearer(client, "/api/v1/daily-logs?limit=2", token: member.token))
            #expect(first["items"]?.array?.compactMap { $0["day"]?.string } == Array(days.prefix(2)))
            let cursor = try #require(first["nextCursor"]?.string)
            let rest = try await APITokenRouteTests.bearer(client, "/api/v1/daily-logs?limit=2&cursor=\(cursor)", token: member.token)
            #expect(try Self.json(rest)["items"]?.array?.compactMap { $0["day"]?.string } == [days[2]])
            #expect(try Self.conformance(rest, "GET", "/api/v1/daily-logs") == [])
            let wrongList = try await APITokenRouteTests.bearer(client, "/api/v1/workouts?cursor=\(cursor)", token: member.token)
            #expect(try wrongList.status == .unprocessableContent && (try Self.fields(wrongList)) == ["cursor"])
            let stored = try #require(try await installation.repository.dailyLog(userID: member.user.id, day: days[0]))
            let unit = member.user.preferredUnits == .imperial ? "lb" : "kg"
            let shown = try Self.json(try await APITokenRouteTests.bearer(client, "/api/v1/daily-logs/\(stored.id)", token: member.token))
            #expect(shown["weightUnit"]?.string == unit && shown["energy"] == .integer(4))
            let changed = try await APITokenRouteTests.bearer(
                client, "/api/v1/daily-logs/\(stored.id)", token: member.token, method: .patch, body: #"{"energy":null,"mood":"calm"}"#)
            #expect(changed.status == .ok)
            let after = try #require(try await installation.repository.dailyLog(id: stored.id, userID: member.user.id))
            #expect(after.energy == nil && after.mood == "calm" && after.weightKg == stored.weightKg)
        }
    }
}
