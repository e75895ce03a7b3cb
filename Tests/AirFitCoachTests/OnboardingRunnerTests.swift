import AirFitCore
import Foundation
import Testing

@testable import AirFitCoach

/// What the effects were asked to do, in order.
private actor EffectLog {
    var entries: [String] = []
    func add(_ entry: String) { entries.append(entry) }
}

@Suite("Onboarding runner")
struct OnboardingRunnerTests {
    private static func runner(_ log: EffectLog) -> OnboardingRunner {
        OnboardingRunner(
            effects: OnboardingEffects(
                persist: { draft in await log.add("persist \(draft.screen.rawValue)") },
                goal: { draft, analyzeGoal in
                    await log.add("goal analyze=\(analyzeGoal)")
                    return draft.aspirationCard!.structuredGoal!
                },
                complete: { _ in await log.add("complete") }))
    }

    @Test("Answering every screen saves the draft after each, analyses the goal once, and completes when Ready is accepted")
    func answeringEveryScreenCompletes() async throws {
        let log = EffectLog()
        let runner = Self.runner(log)
        var flow = OnboardingFlow()
        flow.draft.lifeSnapshot.busyProfessional = true
        flow.draft.aspirationCard = .endurance
        var shown: [OnboardingScreen] = []
        let present: (OnboardingFlow.Action, OnboardingDraft) async throws -> [OnboardingFlow.Event] = { action, _ in
            guard case .show(let screen) = action else { return [] }
            shown.append(screen)
            return screen == .coachProfileReady ? [.finish] : []
        }
        var ending = try await runner.handle(.begin, flow: &flow, present: present)
        var steps = 0
        while ending == nil, steps < 20 {
            ending = try await runner.handle(.next, flow: &flow, present: present)
            steps += 1
        }
        #expect(ending == .completed)
        #expect(shown.last == .coachProfileReady)
        let entries = await log.entries
        #expect(entries.filter { $0.hasPrefix("goal") } == ["goal analyze=false"], "a card's goal is not analysed again")
        #expect(entries.last == "complete")
        #expect(entries.filter { $0.hasPrefix("persist") }.count >= 8, "the draft is saved after every screen")
    }

    @Test("Maybe later leaves with the draft saved; problems on a screen go to the host and nothing is saved")
    func laterAndProblems() async throws {
        let log = EffectLog()
        let runner = Self.runner(log)
        var flow = OnboardingFlow()
        _ = try await runner.handle(.begin, flow: &flow) { _, _ in [] }
        var issues: [ValidationIssue] = []
        // The life snapshot needs at least one answer.
        let stayed = try await runner.handle(.next, flow: &flow) { action, _ in
            if case .showIssues(let found) = action { issues = found }
            return []
        }
        #expect(stayed == nil)
        #expect(!issues.isEmpty)
        #expect(flow.screen == .lifeSnapshot)
        let before = await log.entries.count
        #expect(try await runner.handle(.skip, flow: &flow) { _, _ in [] } == .left)
        #expect(await log.entries.count >= before)
        #expect(!(await log.entries.contains("complete")))
    }
}
