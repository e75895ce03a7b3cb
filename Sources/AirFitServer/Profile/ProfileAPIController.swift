import AirFitCore
import Foundation
import Hummingbird

/// The profile and the time zone & week start as JSON: `GET`/`PATCH /api/v1/profile` and `/api/v1/preferences`.
/// A PATCH changes only the fields sent (`null` clears a profile field); every value goes through the same Core rules
/// as the pages' forms, and a refused value changes nothing (422 naming each field).
struct ProfileAPIController: Sendable {
    let repository: any AirFitRepository

    func addRoutes(to group: RouterGroup<APIRequestContext>) {
        group.get("/api/v1/profile") { _, context -> Response in
            try await profile(context.user, account: context.account)
        }
        group.patch("/api/v1/profile") { request, context -> Response in
            let body = try await APIJSON.decode(ProfileBody.self, request, what: "a profile change")
            var user = context.user
            do throws(SettingsProblems) {
                try body.apply(to: &user)
            } catch {
                throw APIJSON.invalid(error.all, field: ProfileBody.field)
            }
            if user != context.user { try await repository.updateUser(user, from: context.user) }
            return try await profile(user, account: context.account)
        }
        group.get("/api/v1/preferences") { _, context -> Response in
            try APIJSON.response(PreferencesJSON(context.user))
        }
        group.patch("/api/v1/preferences") { request, context -> Response in
            let body = try await APIJSON.decode(PreferencesJSON.Change.self, request, what: "a preferences change")
            let chosen: (timeZone: String, weekStart: WeekStart)
            do throws(SettingsProblems) {
                chosen = try PreferencesRule.preferences(
                    timeZone: body.timeZone ?? context.user.timeZone, weekStart: body.weekStart ?? context.user.weekStart.rawValue)
            } catch {
                throw APIJSON.invalid(error.all)
            }
            var user = context.user
            user.timeZone = chosen.timeZone
            user.weekStart = chosen.weekStart
            if user != context.user { try await repository.updateUser(user, from: context.user) }
            return try APIJSON.response(PreferencesJSON(user))
        }
    }

    private func profile(_ user: User, account: Account) async throws -> Response {
        // As on the profile page: the sign-in address only for a member who signs in with it.
        try APIJSON.response(
            ProfileJSON(
                nickname: user.nickname, email: account.hasPassword ? account.email : nil, heightCm: user.heightCm,
                weightKg: user.weightKg, fitnessLevel: user.fitnessLevel?.rawValue, units: user.preferredUnits.rawValue,
                workoutCount: try await repository.workoutCount(userID: user.id)))
    }
}

/// `GET /api/v1/profile`: heights and weights always metric; `units` says how the member reads them.
struct ProfileJSON: Encodable {
    let nickname: String?
    let email: String?
    let heightCm: Double?
    let weightKg: Double?
    let fitnessLevel: String?
    let units: String
    let workoutCount: Int
}

/// `PATCH /api/v1/profile`: any of the fields; `null` clears one.
struct ProfileBody: Decodable {
    var nickname: Clearable<String>
    var heightCm: Clearable<Double>
    var weightKg: Clearable<Double>
    var fitnessLevel: Clearable<String>

    enum CodingKeys: String, CodingKey { case nickname, heightCm, weightKg, fitnessLevel }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        nickname = try container.decodeClearable(String.self, forKey: .nickname)
        heightCm = try container.decodeClearable(Double.self, forKey: .heightCm)
        weightKg = try container.decodeClearable(Double.self, forKey: .weightKg)
        fitnessLevel = try container.decodeClearable(String.self, forKey: .fitnessLevel)
    }

    /// The API's name for a field Core's rule names as the form does.
    static func field(_ rule: String) -> String {
        switch rule {
        case "centimeters": "heightCm"
        case "weight": "weightKg"
        default: rule
        }
    }

    /// Writes the fields sent onto `user` through ``ProfileRule``, collecting every problem.
    func apply(to user: inout User) throws(SettingsProblems) {
        var edited = user
        var problems: [ValidationIssue] = []
        if let nickname {
            do throws(SettingsProblems) { edited.nickname = try ProfileRule.nickname(nickname) } catch { problems += error.all }
        }
        // Numbers go through the form's rule as the text a person would type, metric (finite and in range first).
        if let heightCm {
            do throws(SettingsProblems) {
                edited.heightCm = try ProfileRule.height(centimeters: heightCm.map(EntryRule.number), current: nil)
            } catch { problems += error.all }
        }
        if let weightKg {
            do throws(SettingsProblems) {
                edited.weightKg = try ProfileRule.weight(weightKg.map(EntryRule.number), units: .metric, current: nil)
            } catch { problems += error.all }
        }
        if let fitnessLevel {
            do throws(SettingsProblems) { edited.fitnessLevel = try ProfileRule.fitnessLevel(fitnessLevel) } catch { problems += error.all }
        }
        guard problems.isEmpty else { throw SettingsProblems(all: problems) }
        user = edited
    }
}

/// `GET`/`PATCH /api/v1/preferences`: the time zone (IANA) and the first day of the week.
struct PreferencesJSON: Encodable {
    let timeZone: String
    let weekStart: String

    init(_ user: User) {
        timeZone = user.timeZone
        weekStart = user.weekStart.rawValue
    }

    /// A change: either or both.
    struct Change: Decodable {
        var timeZone: String?
        var weekStart: String?
    }
}
