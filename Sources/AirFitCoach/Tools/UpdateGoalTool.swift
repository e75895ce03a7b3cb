import AirFitCore
import Foundation

/// `updateGoal`: replaces the person's core aspiration and structured goal in their persona.
struct UpdateGoalTool: CoachToolHandler {
    struct Arguments: Decodable {
        var aspiration: String
        var goalType: String?
        var primaryMetric: String?
        var timeframe: String?
        var specificTarget: String?
        var whyImportant: String?
    }

    let definition = CoachToolDefinition(
        name: "updateGoal", labels: ToolCardLabels(running: "Updating your goal…", done: "Goal updated"),
        description: "Change the person's main goal when they say it has changed.",
        parameters: ToolSchema.object(
            [
                "aspiration": ToolSchema.string("The new goal in the person's words."),
                "goalType": ToolSchema.string("weight_loss, strength, endurance, performance, general_health, recovery, …"),
                "primaryMetric": ToolSchema.string("What measures progress, e.g. body_weight."),
                "timeframe": ToolSchema.string("By when, e.g. in 12 weeks."),
                "specificTarget": ToolSchema.string("The target, e.g. 10 kg or sub-2h."),
                "whyImportant": ToolSchema.string("Why it matters to them."),
            ], required: ["aspiration"]))

    func run(argumentsJSON: String, context: ToolContext) async throws -> ToolOutcome {
        let args = try decode(Arguments.self, from: argumentsJSON)
        let aspiration = args.aspiration.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !aspiration.isEmpty, aspiration.count <= 500 else {
            throw ToolError.invalidArguments("aspiration must be 1–500 characters.")
        }
        guard let stored = try await context.repository.onboardingProfile(userID: context.user.id) else {
            throw ToolError.unavailable("The person has not finished onboarding yet, so there is no goal to update.")
        }
        var persona = try stored.persona()
        let local = LocalGoalAnalyzer.analyze(aspiration)
        let goal = StructuredGoal(
            goalType: args.goalType ?? local.goalType, primaryMetric: args.primaryMetric ?? local.primaryMetric,
            timeframe: args.timeframe ?? local.timeframe, specificTarget: args.specificTarget ?? local.specificTarget,
            whyImportant: args.whyImportant ?? local.whyImportant, source: args.goalType == nil ? .local : .llm)
        persona.coreAspiration = aspiration
        persona.structuredGoal = goal
        let profile = try OnboardingProfile(
            id: stored.id, userID: stored.userID, persona: persona, communication: try stored.communicationPreferences(),
            createdAt: stored.createdAt, updatedAt: context.now)
        try await context.repository.saveOnboarding(profile, user: context.user)
        return try result(goal, card: "Goal updated: \(aspiration)")
    }
}
