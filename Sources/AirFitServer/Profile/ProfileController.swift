import AirFitCore
import Foundation
import Hummingbird

/// Settings → Profile: `/settings/profile` lists the nickname, the sign-in email, height, weight and fitness level
/// (in the person's units) and how many workouts they logged; each field is edited on its own small page,
/// `/settings/profile/<field>`, a plain form that needs no script. A save redirects back to the profile.
struct ProfileController: Sendable {
    let repository: any AirFitRepository
    let views: Views

    /// The page's address.
    static let path = "/settings/profile"
    /// The page's title.
    static let title = "Profile"

    func addRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.get(RouterPath(Self.path)) { request, context -> Response in
            let signed = context.signed
            let count = try await repository.workoutCount(userID: signed.user.id)
            // A person who signs in only through a linked provider has no address of their own here to show.
            var page = ProfileView(user: signed.user, email: signed.account.hasPassword ? signed.account.email : nil, workoutCount: count)
            if request.uri.queryParameters["saved"] != nil { page.notices = ["Saved."] }
            return views.response(page, title: Self.title, signed: signed)
        }
        for field in ProfileField.allCases {
            group.get(RouterPath(field.path)) { _, context -> Response in
                let signed = context.signed
                return views.response(ProfileFieldView(field, user: signed.user), title: field.title, signed: signed)
            }
            group.post(RouterPath(field.path)) { request, context -> Response in
                let signed = context.signed
                let form = try await request.decodeForm(ProfileForm.self)
                var user = signed.user
                do throws(SettingsProblems) {
                    try field.apply(form, to: &user)
                } catch {
                    // What was typed comes back in the form, with each wrong field marked.
                    let page = ProfileFieldView(field, typed: form, user: signed.user, invalid: error.fields)
                    return views.response(
                        page, title: field.title, signed: signed, problems: error.all.map(\.message), status: .unprocessableContent)
                }
                if user != signed.user { try await repository.updateUser(user, from: signed.user) }
                return WebResponses.redirect("\(Self.path)?saved=1")
            }
        }
    }
}

/// One field of the profile, edited on its own page.
enum ProfileField: String, CaseIterable, Sendable {
    case nickname, height, weight
    case fitnessLevel = "fitness-level"

    /// `/settings/profile/height`.
    var path: String { "\(ProfileController.path)/\(rawValue)" }

    /// The field page's title.
    var title: String {
        switch self {
        case .nickname: "Nickname"
        case .height: "Height"
        case .weight: "Weight"
        case .fitnessLevel: "Fitness level"
        }
    }

    /// Checks the posted form (Core's ``ProfileRule``) and writes this field onto `user`.
    ///
    /// Numbers are read in the units the form was shown in (posted with it), so a form opened before a switch of
    /// units is never read in the other system.
    func apply(_ form: ProfileForm, to user: inout User) throws(SettingsProblems) {
        let units = form.units.flatMap(MeasurementSystem.init(rawValue:)) ?? user.preferredUnits
        switch self {
        case .nickname:
            user.nickname = try ProfileRule.nickname(form.nickname)
        case .height:
            user.heightCm =
                switch units {
                case .imperial: try ProfileRule.height(feet: form.feet, inches: form.inches, current: user.heightCm)
                case .metric: try ProfileRule.height(centimeters: form.centimeters, current: user.heightCm)
                }
        case .weight:
            user.weightKg = try ProfileRule.weight(form.weight, units: units, current: user.weightKg)
        case .fitnessLevel:
            user.fitnessLevel = try ProfileRule.fitnessLevel(form.fitnessLevel)
        }
    }
}

/// A profile field's form as posted: each value as typed, and the units its numbers were shown in.
struct ProfileForm: Decodable {
    @FormText var nickname: String?
    @FormText var feet: String?
    @FormText var inches: String?
    @FormText var centimeters: String?
    @FormText var weight: String?
    @FormText var fitnessLevel: String?
    @FormText var units: String?
}
