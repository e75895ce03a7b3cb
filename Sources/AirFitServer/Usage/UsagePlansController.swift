import AirFitCore
import Foundation
import Hummingbird

/// Settings → Plans & budgets (admins only): the installation's plans (a name and a monthly token budget, or
/// unlimited) and which plan each member is on. Anyone else finds nothing here.
struct UsagePlansController: Sendable {
    let plans: any UsagePlanRepository
    let accounts: any AccountRepository
    let users: any UserRepository
    let now: @Sendable () -> Date
    let views: Views

    static let path = "/settings/plans"

    /// A plan's form.
    struct PlanForm: Decodable {
        @FormText var name: String?
        @FormText var budget: String?
    }

    /// A member's plan (empty: unlimited).
    struct AssignForm: Decodable {
        @FormText var plan: String?
    }

    func addRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.get(RouterPath(stringLiteral: Self.path)) { request, context -> Response in
            let signed = try admin(context)
            let notice = request.uri.queryParameters["saved"] != nil ? "Saved." : nil
            return try await page(signed, notice: notice)
        }
        group.post(RouterPath(stringLiteral: Self.path)) { request, context -> Response in
            let signed = try admin(context)
            let form = try await request.decodeForm(PlanForm.self)
            do {
                let (name, budget) = try UsagePlan.validated(name: form.name ?? "", budget: form.budget)
                try await plans.saveUsagePlan(UsagePlan(name: name, monthlyTokenBudget: budget, createdAt: now()))
            } catch let error as UsagePlanError {
                return try await page(signed, typed: form, problems: [error.errorDescription ?? ""], status: .unprocessableContent)
            }
            return WebResponses.redirect(Self.path + "?saved=1")
        }
        group.post("/settings/plans/:usagePlan") { request, context -> Response in
            let signed = try admin(context)
            var plan = try await plan(context)
            let form = try await request.decodeForm(PlanForm.self)
            do {
                (plan.name, plan.monthlyTokenBudget) = try UsagePlan.validated(name: form.name ?? "", budget: form.budget)
            } catch let error as UsagePlanError {
                return try await page(signed, problems: ["\(plan.name): \(error.errorDescription ?? "")"], status: .unprocessableContent)
            }
            try await plans.saveUsagePlan(plan)
            return WebResponses.redirect(Self.path + "?saved=1")
        }
        group.post("/settings/plans/:usagePlan/delete") { _, context -> Response in
            _ = try admin(context)
            try await plans.deleteUsagePlan(id: try await plan(context).id)
            return WebResponses.redirect(Self.path + "?saved=1")
        }
        group.post("/settings/members/:member/plan") { request, context -> Response in
            _ = try admin(context)
            guard let id = context.parameters.get("member").flatMap(UUID.init(uuidString:)),
                let account = try await accounts.account(id: id)
            else { throw HTTPError(.notFound, message: "That member is not here any more.") }
            let form = try await request.decodeForm(AssignForm.self)
            var planID: UUID?
            if let chosen = form.plan, !chosen.isEmpty {
                guard let id = UUID(uuidString: chosen), try await plans.usagePlans().contains(where: { $0.id == id }) else {
                    throw HTTPError(.unprocessableContent, message: "Choose a plan from the list.")
                }
                planID = id
            }
            try await plans.assignUsagePlan(planID, userID: account.userID)
            return WebResponses.redirect(Self.path + "?saved=1")
        }
    }

    private func admin(_ context: SignedInRequestContext) throws -> SignedIn {
        guard context.signed.account.role == .admin else { throw HTTPError(.notFound, message: "There is nothing at this address.") }
        return context.signed
    }

    private func plan(_ context: SignedInRequestContext) async throws -> UsagePlan {
        guard let id = context.parameters.get("usagePlan").flatMap(UUID.init(uuidString:)),
            let plan = try await plans.usagePlans().first(where: { $0.id == id })
        else { throw HTTPError(.notFound, message: "That plan was already deleted.") }
        return plan
    }

    private func page(
        _ signed: SignedIn, typed: PlanForm? = nil, notice: String? = nil, problems: [String] = [], status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let all = try await plans.usagePlans()
        let assigned = try await plans.usagePlanAssignments()
        var members: [UsagePlansView.Member] = []
        for account in try await accounts.accounts() {
            let user = try await users.user(id: account.userID)
            let name = user.map(\.displayName).flatMap { $0 == "there" ? nil : $0 } ?? MemberRules.maskedEmail(account.email)
            let current = assigned[account.userID]
            members.append(
                UsagePlansView.Member(
                    id: account.id.uuidString, name: name,
                    options: [.init(value: "", name: "Unlimited", selected: current == nil)]
                        + all.map { .init(value: $0.id.uuidString, name: $0.name, selected: $0.id == current) }))
        }
        let view = UsagePlansView(
            plans: all.map {
                UsagePlansView.Plan(
                    id: $0.id.uuidString, name: $0.name, budget: $0.monthlyTokenBudget.map(String.init) ?? "",
                    summary: $0.monthlyTokenBudget.map { UsageStatement.count($0) + " tokens a month" } ?? "Unlimited")
            }, members: members, typedName: typed?.name ?? "", typedBudget: typed?.budget ?? "", notice: notice)
        return views.response(view, title: "Plans & budgets", signed: signed, problems: problems, status: status)
    }
}

/// Settings → Plans & budgets.
struct UsagePlansView: PageView {
    static let template = "usagePlans"

    struct Plan: Sendable {
        let id: String
        let name: String
        let budget: String
        let summary: String
    }

    struct Option: Sendable {
        let value: String
        let name: String
        let selected: Bool
    }

    struct Member: Sendable {
        let id: String
        let name: String
        let options: [Option]
    }

    let plans: [Plan]
    let members: [Member]
    let typedName: String
    let typedBudget: String
    let notice: String?
}
