import AirFitCore
import Foundation
import Hummingbird

/// Progress: `/progress?range=4w|3m|1y` charts weight, training, strength, nutrition and wellbeing over the range
/// (server-rendered SVG with the numbers in tables), and `POST /progress/targets` sets or clears the goal weight and
/// the daily calorie and protein targets the charts are drawn against.
struct ProgressController: Sendable {
    let repository: any AirFitRepository
    let now: @Sendable () -> Date
    let views: Views

    /// The page's address.
    static let path = "/progress"
    /// The page's title.
    static let title = "Progress"

    func addRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.get(RouterPath(Self.path)) { request, context -> Response in
            let signed = context.signed
            let range: ProgressRange
            do throws(ProgressRange.Problem) {
                range = try ProgressRange.parse(request.uri.queryParameters["range"].map(String.init))
            } catch {
                throw HTTPError(.badRequest, message: error.message)
            }
            var page = try await page(signed.user, range: range)
            if request.uri.queryParameters["saved"] != nil { page.notices = ["Targets saved."] }
            return views.response(page, title: Self.title, signed: signed)
        }
        group.post(RouterPath("\(Self.path)/targets")) { request, context -> Response in
            let signed = context.signed
            let form = try await request.decodeForm(ProgressTargetsForm.self)
            // The form only ever posts a known range; anything else goes back to the default.
            let range = form.range.flatMap(ProgressRange.init(rawValue:)) ?? .default
            let targets: ProgressTargets
            do throws(ProgressTargetsRule.Problems) {
                targets = try ProgressTargetsRule.targets(
                    goalWeight: form.goalWeight, calories: form.calories, protein: form.protein, units: signed.user.preferredUnits)
            } catch {
                // What was typed comes back in the form, with each wrong field marked.
                var page = try await page(signed.user, range: range)
                (page.goalWeight, page.calories, page.protein) = (form.goalWeight ?? "", form.calories ?? "", form.protein ?? "")
                let fields = Set(error.all.map(\.field))
                page.goalWeightInvalid = fields.contains("goalWeight")
                page.caloriesInvalid = fields.contains("calories")
                page.proteinInvalid = fields.contains("protein")
                return views.response(
                    page, title: Self.title, signed: signed, problems: error.all.map(\.message), status: .unprocessableContent)
            }
            var user = signed.user
            user.goalWeightKg = targets.goalWeightKg
            user.dailyCalorieTarget = targets.dailyCalorieTarget
            user.dailyProteinTargetGrams = targets.dailyProteinTargetGrams
            if user != signed.user { try await repository.updateUser(user, from: signed.user) }
            return WebResponses.redirect("\(Self.path)?range=\(range.rawValue)&saved=1")
        }
    }

    /// The page for `user` over `range`, from records read for that range alone.
    private func page(_ user: User, range: ProgressRange) async throws -> ProgressView {
        let now = now()
        let reads = ProgressReport.reads(range: range, now: now, user: user)
        // Newest first: should a kind ever pass the limit, the recent end of the chart stays whole.
        let limit = ProgressReport.maximumRecords
        let workouts = try await repository.workouts(
            userID: user.id, query: RecordQuery(from: reads.workoutsFrom, to: reads.recordsTo, limit: limit, newestFirst: true))
        let meals = try await repository.foodEntries(
            userID: user.id, query: RecordQuery(from: reads.mealsFrom, to: reads.recordsTo, limit: limit, newestFirst: true))
        let logs = try await repository.dailyLogs(
            userID: user.id, fromDay: reads.logsFromDay, toDay: reads.logsToDay, query: RecordQuery(limit: limit, newestFirst: true))
        // The weekly target is the number of time slots the person gave at onboarding (none: no target line).
        let profile = try await repository.onboardingProfile(userID: user.id)
        let slots = profile.flatMap { try? $0.persona() }.map(\.availability.count)
        let report = ProgressReport(
            range: range, now: now, user: user, weeklyTarget: slots, workouts: workouts, meals: meals, logs: logs)
        return ProgressView(report: report, user: user)
    }
}
