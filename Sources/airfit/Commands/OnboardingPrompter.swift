import AirFitCore
import Foundation

/// One Persona Blueprint screen at the terminal: prints its question and choices, reads the answers into the
/// draft line by line, and returns the ``OnboardingFlow/Event`` they amount to. Validation is the flow's job.
struct OnboardingPrompter {
    let input: LineInput

    /// The opening screen's two buttons.
    private enum OpeningChoice: String, CaseIterable {
        case begin, later
    }

    /// The ready screen's two buttons.
    private enum ReadyChoice: String, CaseIterable {
        case begin, refine
    }

    /// Why a screen's questions ended before its last answer.
    private enum Interruption: Error {
        case back, later, endOfInput
    }

    /// Prints `screen` as it opens: heading, question and choices, with the draft's current answers.
    func show(_ screen: OnboardingScreen, draft: OnboardingDraft) {
        if let step = OnboardingFlow.questionScreens.firstIndex(of: screen) {
            print("\n== \(screen.title) (step \(step + 1) of \(OnboardingFlow.questionScreens.count)) ==")
        } else if !screen.title.isEmpty {
            print("\n== \(screen.title) ==")
        }
        for line in Self.body(of: screen, draft: draft) { print(line) }
    }

    /// Asks the current screen's questions; `nil` when input ended first.
    func ask(_ draft: inout OnboardingDraft) async -> OnboardingFlow.Event? {
        do {
            switch draft.screen {
            case .openingScreen:
                return try await pick(OpeningChoice.allCases, current: .begin, label: "Choose") == .begin ? .begin : .skip
            case .lifeSnapshot: try await askLifeSnapshot(&draft)
            case .coreAspiration: try await askAspiration(&draft)
            case .coachingStyle: try await askStyle(&draft)
            case .engagementPreferences: try await askEngagement(&draft)
            case .typicalAvailability: try await askAvailability(&draft)
            case .sleepAndBoundaries: try await askSleep(&draft)
            case .motivationAndCheckins: try await askMotivation(&draft)
            case .generatingCoach: return .next
            case .coachProfileReady:
                return try await pick(ReadyChoice.allCases, current: .begin, label: "Choose") == .begin ? .finish : .refine
            }
            return .next
        } catch Interruption.back {
            return .back
        } catch Interruption.later {
            return .skip
        } catch {
            return nil
        }
    }

    // MARK: - Screens

    private static func body(of screen: OnboardingScreen, draft: OnboardingDraft) -> [String] {
        switch screen {
        case .openingScreen:
            return [
                "\nLet's design your AirFit Coach.", "Est. 3-4 minutes to create your personalized experience.",
                "  1. Begin", "  2. Maybe later",
                "On any question, type b to go back or \"later\" to stop and continue another time.",
            ]
        case .lifeSnapshot:
            return ["What does your life look like right now? Choose all that apply."]
                + LifeSnapshotSelections.Item.allCases.enumerated().map { index, item in
                    "  [\(draft.lifeSnapshot[item] ? "x" : " ")] \(index + 1). \(item.displayName)"
                }
        case .coreAspiration:
            return ["What is the one thing you most want to achieve? Pick a card, or write it in your own words."]
                + AspirationCard.allCases.enumerated().map { index, card in
                    "  \(index + 1). \(card.displayName)\(draft.aspirationCard == card ? " (chosen)" : "")"
                }
        case .coachingStyle:
            return [
                "How should your coach talk to you? Set each style from 0 to 100; the four are blended to 100%."
            ]
        case .engagementPreferences:
            return ["How involved should your coach be?"]
                + EngagementPreset.allCases.enumerated().map { index, preset in
                    "  \(index + 1). \(preset.displayName): \(preset.summary)"
                }
        case .typicalAvailability:
            return [
                "When can you usually train? Add one time slot per line, like \"mon 07:00-08:00\".",
                "\"remove 2\" deletes a slot, \"clear\" deletes them all; press Enter when done (no slots is fine).",
            ]
        case .sleepAndBoundaries:
            return [
                "When do you usually sleep? Your coach stays quiet between bedtime and wake time.",
                "Rhythm: "
                    + SleepRhythmType.allCases.enumerated().map { "\($0.offset + 1). \($0.element.displayName)" }
                    .joined(separator: "  "),
            ]
        case .motivationAndCheckins:
            return ["How should your coach celebrate wins?"]
                + AchievementStyle.allCases.enumerated().map { "  \($0.offset + 1). \($0.element.displayName)" }
                + ["And when you go quiet for a while?"]
                + InactivityResponseStyle.allCases.enumerated().map { "  \($0.offset + 1). \($0.element.displayName)" }
        case .generatingCoach:
            return ["Creating your coach…"]
        case .coachProfileReady:
            let summary = PersonaSynthesis.summary(of: PersonaSynthesis.profile(from: draft))
            return ["Your coach is ready."] + PersonaText.summary(summary) + ["  1. Begin with my coach", "  2. Review & refine"]
        }
    }

    private func askLifeSnapshot(_ draft: inout OnboardingDraft) async throws(Interruption) {
        let items = LifeSnapshotSelections.Item.allCases
        while true {
            let line = try await reply("Numbers separated by spaces (e.g. 1 3), Enter to keep the ticked ones: ")
            if line.isEmpty { return }
            var chosen: [LifeSnapshotSelections.Item] = []
            var unknown: String?
            for token in line.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init) {
                if let item = OnboardingInput.choice(token, in: items, id: \.rawValue, name: \.displayName) {
                    chosen.append(item)
                } else {
                    unknown = token
                }
            }
            if let unknown {
                print("\"\(unknown)\" is not one of the choices; type numbers from 1 to \(items.count).")
                continue
            }
            for item in items { draft.lifeSnapshot[item] = chosen.contains(item) }
            return
        }
    }

    private func askAspiration(_ draft: inout OnboardingDraft) async throws(Interruption) {
        let cards = AspirationCard.allCases
        let current = draft.aspirationCard.flatMap { cards.firstIndex(of: $0) }.map { " [\($0 + 1)]" } ?? ""
        var line = try await reply("A number from 1 to \(cards.count), or your goal in your own words\(current): ")
        // A bare number is a card, never a goal: one that is not on the list is asked again.
        while let number = Int(line), !cards.indices.contains(number - 1) {
            print("There is no card \(number): type a number from 1 to \(cards.count), or your goal in your own words.")
            line = try await reply("A number from 1 to \(cards.count), or your goal in your own words\(current): ")
        }
        if line.isEmpty { return }
        if let card = OnboardingInput.choice(line, in: cards, id: \.rawValue, name: \.displayName) {
            draft.aspirationCard = card
            draft.aspirationText = ""
            if card == .custom { draft.aspirationText = try await reply("Describe your goal: ") }
        } else {
            draft.aspirationCard = .custom
            draft.aspirationText = line
        }
    }

    private func askStyle(_ draft: inout OnboardingDraft) async throws(Interruption) {
        for style in CoachingStylePreferences.Style.allCases {
            let current = FiniteNumber.displayInt(draft.coachingStyle[style] * 100)
            while true {
                let line = try await reply("\(style.displayName), 0-100 [\(current)]: ")
                guard let value = line.isEmpty ? current : Int(line), (0...100).contains(value) else {
                    print("Type a whole number from 0 to 100.")
                    continue
                }
                draft.coachingStyle[style] = Double(value) / 100
                print("  \(value): \(style.phrase(intensity: Double(value) / 100))")
                break
            }
        }
        let blend = draft.coachingStyle.percentages
        if draft.coachingStyle.total > 0 {
            print(
                "Blend: " + CoachingStylePreferences.Style.allCases.map { "\($0.shortName) \(blend[$0] ?? 0)%" }.joined(separator: ", ")
                    + ". " + PersonaSynthesis.styleSentence(draft.coachingStyle))
        }
    }

    private func askEngagement(_ draft: inout OnboardingDraft) async throws(Interruption) {
        let preset = try await pick(EngagementPreset.allCases, current: draft.engagement, label: "Choose")
        draft.engagement = preset
        guard preset == .custom else { return }
        let custom = draft.customEngagement
        let tracking = try await yesNo("Detailed tracking of workouts and meals?", current: custom.detailedTracking)
        let insights = try await yesNo("Daily insights?", current: custom.dailyInsights)
        let recovery = try await yesNo("Adjust the plan automatically for recovery?", current: custom.autoRecoveryAdjust)
        draft.customEngagement = CustomEngagementSettings(detailedTracking: tracking, dailyInsights: insights, autoRecoveryAdjust: recovery)
    }

    private func askAvailability(_ draft: inout OnboardingDraft) async throws(Interruption) {
        while true {
            if draft.availability.isEmpty {
                print("No time slots yet.")
            } else {
                print("Your time slots:")
                for (index, block) in draft.availability.enumerated() {
                    print("  \(index + 1). \(block.dayName) \(block.startTime)-\(block.endTime)")
                }
            }
            let line = try await reply("Add a slot, or Enter to continue: ")
            let words = line.lowercased().split(separator: " ").map(String.init)
            switch words.first {
            case nil, "done", "skip":
                return
            case "clear":
                draft.availability.removeAll()
            case "remove":
                guard words.count == 2, let number = Int(words[1]), draft.availability.indices.contains(number - 1) else {
                    print("Write \"remove\" and the number of a slot, e.g. remove 1.")
                    continue
                }
                draft.availability.remove(at: number - 1)
            default:
                switch OnboardingInput.availabilityBlock(line) {
                case .success(let block): draft.availability.append(block)
                case .failure(let problem): print(problem.message)
                }
            }
        }
    }

    private func askSleep(_ draft: inout OnboardingDraft) async throws(Interruption) {
        draft.sleep.bedtime = try await time("Bedtime, HH:mm", current: draft.sleep.bedtime)
        draft.sleep.wakeTime = try await time("Wake time, HH:mm", current: draft.sleep.wakeTime)
        draft.sleep.rhythm = try await pick(SleepRhythmType.allCases, current: draft.sleep.rhythm, label: "Rhythm")
    }

    private func askMotivation(_ draft: inout OnboardingDraft) async throws(Interruption) {
        draft.achievementStyle = try await pick(AchievementStyle.allCases, current: draft.achievementStyle, label: "Wins")
        draft.inactivityStyle = try await pick(InactivityResponseStyle.allCases, current: draft.inactivityStyle, label: "When quiet")
        print("Units: 1. Imperial (lb, mi, °F)  2. Metric (kg, km, °C)")
        draft.preferredUnits = try await pick(MeasurementSystem.allCases, current: draft.preferredUnits, label: "Units")
        draft.establishBaseline = try await yesNo(
            "Spend the first 14 days establishing a baseline?", current: draft.establishBaseline)
    }

    // MARK: - Prompts

    /// Prints `prompt`, reads a line and interprets back, later and the end of input.
    private func reply(_ prompt: String) async throws(Interruption) -> String {
        Console.write(prompt)
        guard let line = await input.nextLine() else {
            print("")
            throw .endOfInput
        }
        // A pipe does not echo what it feeds; showing it keeps the transcript readable.
        if !input.isTerminal { print(line) }
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        switch trimmed.lowercased() {
        case "b", "back": throw .back
        case "later", "maybe later": throw .later
        default: return trimmed
        }
    }

    /// One of `options` by number, id or name; Enter keeps `current`.
    private func pick<T: RawRepresentable & Equatable>(_ options: [T], current: T, label: String) async throws(Interruption) -> T
    where T.RawValue == String {
        let position = (options.firstIndex(of: current) ?? 0) + 1
        while true {
            let line = try await reply("\(label) [\(position)]: ")
            if line.isEmpty { return current }
            if let choice = OnboardingInput.choice(line, in: options, id: \.rawValue, name: { Self.displayName(of: $0) }) { return choice }
            print("Type a number from 1 to \(options.count).")
        }
    }

    private func yesNo(_ question: String, current: Bool) async throws(Interruption) -> Bool {
        while true {
            switch try await reply("\(question) (y/n) [\(current ? "y" : "n")]: ").lowercased() {
            case "": return current
            case "y", "yes": return true
            case "n", "no": return false
            default: print("Type y or n.")
            }
        }
    }

    private func time(_ label: String, current: TimeOfDay) async throws(Interruption) -> TimeOfDay {
        while true {
            let line = try await reply("\(label) [\(current)]: ")
            if line.isEmpty { return current }
            if let time = TimeOfDay(line) { return time }
            print("Write the time as HH:mm on a 24-hour clock, e.g. 22:30.")
        }
    }

    private static func displayName<T>(of value: T) -> String {
        switch value {
        case let value as EngagementPreset: return value.displayName
        case let value as SleepRhythmType: return value.displayName
        case let value as AchievementStyle: return value.displayName
        case let value as InactivityResponseStyle: return value.displayName
        case let value as MeasurementSystem: return value.displayName
        default: return String(describing: value)
        }
    }
}
