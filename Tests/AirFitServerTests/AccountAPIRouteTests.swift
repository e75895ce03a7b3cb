import AirFitCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

@Suite("Profile, preferences and settings API")
struct AccountAPIRouteTests {
    typealias Support = EntryAPIRouteTests

    @Test("The profile is read and changed field by field (null clears); refused values name their fields and change nothing")
    func profile() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            let member = try await Support.member(installation, &web)
            let read = try await APITokenRouteTests.bearer(client, "/api/v1/profile", token: member.token)
            #expect(try read.status == .ok && (try Support.conformance(read, "GET", "/api/v1/profile")) == [])
            #expect(try Support.json(read)["workoutCount"] == .integer(0))

            let body = #"{"nickname":"Sam","heightCm":178,"weightKg":72.5,"fitnessLevel":"intermediate"}"#
            let saved = try await APITokenRouteTests.bearer(client, "/api/v1/profile", token: member.token, method: .patch, body: body)
            #expect(try saved.status == .ok && (try Support.conformance(saved, "PATCH", "/api/v1/profile")) == [], "\(text(saved.body))")
            var user = try #require(try await installation.repository.user(id: member.user.id))
            #expect(user.nickname == "Sam" && user.heightCm == 178 && user.weightKg == 72.5 && user.fitnessLevel == .intermediate)

            let refused = try await APITokenRouteTests.bearer(
                client, "/api/v1/profile", token: member.token, method: .patch, body: #"{"nickname":"Al","heightCm":1e300,"weightKg":5}"#)
            #expect(refused.status == .unprocessableContent)
            #expect(try Support.fields(refused) == ["heightCm", "weightKg"])
            user = try #require(try await installation.repository.user(id: member.user.id))
            #expect(user.nickname == "Sam", "a refused change saves none of its fields")

            let cleared = try await APITokenRouteTests.bearer(
                client, "/api/v1/profile", token: member.token, method: .patch, body: #"{"weightKg":null}"#)
            #expect(cleared.status == .ok)
            user = try #require(try await installation.repository.user(id: member.user.id))
            #expect(user.weightKg == nil && user.heightCm == 178)
        }
    }

    @Test("Time zone and week start: a change of either is saved; an unknown zone is refused by name")
    func preferences() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            let member = try await Support.member(installation, &web)
            let saved = try await APITokenRouteTests.bearer(
                client, "/api/v1/preferences", token: member.token, method: .patch, body: #"{"weekStart":"monday"}"#)
            #expect(try saved.status == .ok && (try Support.conformance(saved, "PATCH", "/api/v1/preferences")) == [])
            #expect(try Support.json(saved)["weekStart"]?.string == "monday")
            let refused = try await APITokenRouteTests.bearer(
                client, "/api/v1/preferences", token: member.token, method: .patch, body: #"{"timeZone":"Mars/Olympus"}"#)
            #expect(try refused.status == .unprocessableContent && (try Support.fields(refused)) == ["timeZone"])
            let user = try #require(try await installation.repository.user(id: member.user.id))
            #expect(user.weekStart == .monday && user.timeZone == member.user.timeZone)
        }
    }

    @Test("Settings: a partial change keeps every other setting; a bad section saves nothing and is named")
    func settings() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            let member = try await Support.member(installation, &web)
            let before = try #require(try await installation.repository.user(id: member.user.id))
            let read = try await APITokenRouteTests.bearer(client, "/api/v1/settings", token: member.token)
            #expect(try read.status == .ok && (try Support.conformance(read, "GET", "/api/v1/settings")) == [])

            let change = #"""
                {"appearance":"dark","notifications":{"categories":{"meal_logging":false},"quietHours":{"enabled":true,"start":"21:30"}},
                 "privacy":{"coachContext":{"recentActivity":false}}}
                """#
            let saved = try await APITokenRouteTests.bearer(client, "/api/v1/settings", token: member.token, method: .patch, body: change)
            #expect(try saved.status == .ok && (try Support.conformance(saved, "PATCH", "/api/v1/settings")) == [], "\(text(saved.body))")
            let user = try #require(try await installation.repository.user(id: member.user.id))
            #expect(user.appearanceMode == .dark && user.hapticFeedbackEnabled == before.hapticFeedbackEnabled)
            #expect(!user.notificationPreferences.isEnabled(.mealLogging) && user.notificationPreferences.isEnabled(.achievements))
            #expect(user.quietHours.enabled && user.quietHours.start.description == "21:30" && user.quietHours.end == before.quietHours.end)
            #expect(user.coachContextExclusions == ["recentActivity"] && user.appLockTimeoutMinutes == before.appLockTimeoutMinutes)

            for (body, field) in [
                (#"{"units":"metric","privacy":{"appLockMinutes":0}}"#, "privacy"),
                (#"{"notifications":{"categories":{"sms":true}}}"#, "notifications.categories.sms"),
                (#"{"notifications":{"quietHours":{"start":"07:00","end":"07:00"}}}"#, "notifications"),
            ] {
                let refused = try await APITokenRouteTests.bearer(
                    client, "/api/v1/settings", token: member.token, method: .patch, body: body)
                #expect(try refused.status == .unprocessableContent && (try Support.fields(refused)) == [field], "\(body)")
            }
            #expect(try await installation.repository.user(id: member.user.id) == user, "refused changes save nothing, units included")
        }
    }

    @Test("A read-only token reads settings but can't change them (403 naming the write permission)")
    func scopes() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let token = try await APITokenRouteTests.createToken(&web, scopes: ["read"])
            #expect(try await APITokenRouteTests.bearer(client, "/api/v1/settings", token: token).status == .ok)
            let refused = try await APITokenRouteTests.bearer(client, "/api/v1/settings", token: token, method: .patch, body: "{}")
            #expect(refused.status == .forbidden && text(refused.body).contains("`write`"))
            let chat = try await APITokenRouteTests.bearer(client, "/api/v1/chat", token: token, method: .post, body: #"{"message":"hi"}"#)
            #expect(chat.status == .forbidden && text(chat.body).contains("`chat`"))
        }
    }
}
