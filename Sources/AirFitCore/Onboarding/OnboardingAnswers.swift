public import Foundation

/// Every onboarding answer in one JSON document: `airfit onboard --answers FILE.json` and
/// `PUT /api/v1/onboarding/answers`.
///
/// The document is read into a draft of answers; ``apply(_:to:)`` copies one screen's answers into the flow's
/// draft just before the flow is told "next", so the state machine validates them exactly as it does at the
/// terminal. The schema is documented in the README's command-line section.
public struct OnboardingAnswers: Sendable {
    /// The answers; whatever the document leaves out keeps the flow's default.
    private let answers: OnboardingDraft

    /// The top-level members the document may have.
    public static let members = [
        "lifeSnapshot", "aspiration", "style", "engagement", "availability", "sleep", "motivation", "units", "establishBaseline",
    ]

    /// Problems with the document's shape, each naming its field.
    public struct Problems: Error, Sendable {
        /// Each problem, naming its field.
        public var issues: [ValidationIssue]
    }

    /// Reads a document.
    /// - Throws: ``Problems`` naming every member that is not valid JSON of the documented shape.
    public init(json data: Data) throws(Problems) {
        let document: JSONValue
        do {
            document = try JSONValue(data: data)
        } catch {
            throw Problems(issues: [ValidationIssue(field: "answers", message: "The answers are not valid JSON.")])
        }
        guard case .object(let members) = document else {
            throw Problems(issues: [ValidationIssue(field: "answers", message: "The answers must be one JSON object.")])
        }
        var reader = Reader()
        var draft = OnboardingDraft()
        for key in members.keys.sorted() where !Self.members.contains(key) {
            reader.problem(key, "Not a known answer; the answers are \(Self.members.joined(separator: ", ")).")
        }
        if let value = members["lifeSnapshot"] { reader.lifeSnapshot(value, into: &draft) }
        if let value = members["aspiration"] { reader.aspiration(value, into: &draft) }
        if let value = members["style"] { reader.style(value, into: &draft) }
        if let value = members["engagement"] { reader.engagement(value, into: &draft) }
        if let value = members["availability"] { reader.availability(value, into: &draft) }
        if let value = members["sleep"] { reader.sleep(value, into: &draft) }
        if let value = members["motivation"] { reader.motivation(value, into: &draft) }
        if let value = members["units"], let units = reader.option(value, "units", MeasurementSystem.allCases) {
            draft.preferredUnits = units
        }
        if let value = members["establishBaseline"], let flag = reader.bool(value, "establishBaseline") {
            draft.establishBaseline = flag
        }
        guard reader.issues.isEmpty else { throw Problems(issues: Self.everyProblem(reader.issues, draft: draft)) }
        answers = draft
    }

    /// The document members each question screen reads.
    public static func members(of screen: OnboardingScreen) -> [String] {
        switch screen {
        case .lifeSnapshot: ["lifeSnapshot"]
        case .coreAspiration: ["aspiration"]
        case .coachingStyle: ["style"]
        case .engagementPreferences: ["engagement"]
        case .typicalAvailability: ["availability"]
        case .sleepAndBoundaries: ["sleep"]
        case .motivationAndCheckins: ["motivation", "units", "establishBaseline"]
        case .openingScreen, .generatingCoach, .coachProfileReady: []
        }
    }

    /// Every problem in one list, screen by screen: a screen with a malformed member lists those, and the others
    /// what the flow would refuse in their well-formed answers (so one run names every field to fix).
    private static func everyProblem(_ malformed: [ValidationIssue], draft: OnboardingDraft) -> [ValidationIssue] {
        let known = Set(OnboardingFlow.questionScreens.flatMap(members(of:)))
        var all = malformed.filter { issue in !known.contains { issue.field.hasPrefix($0) } }
        for screen in OnboardingFlow.questionScreens {
            let own = malformed.filter { issue in members(of: screen).contains { issue.field.hasPrefix($0) } }
            all += own.isEmpty ? OnboardingValidation.issues(on: screen, in: draft) : own
        }
        return all
    }

    /// Copies the answers that belong on `screen` into `draft`.
    public func apply(_ screen: OnboardingScreen, to draft: inout OnboardingDraft) {
        switch screen {
        case .lifeSnapshot:
            draft.lifeSnapshot = answers.lifeSnapshot
        case .coreAspiration:
            draft.aspirationCard = answers.aspirationCard
            draft.aspirationText = answers.aspirationText
        case .coachingStyle:
            draft.coachingStyle = answers.coachingStyle
        case .engagementPreferences:
            draft.engagement = answers.engagement
            draft.customEngagement = answers.customEngagement
        case .typicalAvailability:
            draft.availability = answers.availability
        case .sleepAndBoundaries:
            draft.sleep = answers.sleep
        case .motivationAndCheckins:
            draft.achievementStyle = answers.achievementStyle
            draft.inactivityStyle = answers.inactivityStyle
            draft.preferredUnits = answers.preferredUnits
            draft.establishBaseline = answers.establishBaseline
        case .openingScreen, .generatingCoach, .coachProfileReady:
            break
        }
    }

    /// The answers taken through every question screen of the flow, which validates them exactly as it does a
    /// person's typing: the draft ready for its coach, and whether the goal is still to be analysed.
    /// - Throws: ``Problems`` listing every screen's problems (the flow stops at the first screen with any; the later
    ///   screens are checked too, so one attempt names every field to fix), with fields named as in this document.
    public func validated() throws(Problems) -> (draft: OnboardingDraft, analyzeGoal: Bool) {
        var flow = OnboardingFlow()
        _ = flow.handle(.begin)
        while true {
            let screen = flow.screen
            apply(screen, to: &flow.draft)
            for action in flow.handle(.next) {
                switch action {
                case .showIssues(let issues):
                    var rest = flow.draft
                    var all = issues
                    for later in OnboardingFlow.questionScreens.drop(while: { $0 != screen }).dropFirst() {
                        apply(later, to: &rest)
                        all += OnboardingValidation.issues(on: later, in: rest)
                    }
                    throw Problems(issues: all.map { ValidationIssue(field: Self.documentField($0.field), message: $0.message) })
                case .generate(let analyze):
                    return (flow.draft, analyze)
                case .show, .persistDraft, .showError, .leave, .complete:
                    break
                }
            }
            // A screen that neither moved on nor found a problem would loop for ever; the flow always does one.
            guard flow.screen != screen else {
                throw Problems(issues: [ValidationIssue(field: "answers", message: "The answers could not be taken through onboarding.")])
            }
        }
    }

    /// The name of a flow field in this document (the flow calls the style blend `coachingStyle`).
    public static func documentField(_ field: String) -> String {
        field == "coachingStyle" ? "style" : field
    }
}

/// Reads the members of an answers document, collecting every problem instead of stopping at the first.
private struct Reader {
    var issues: [ValidationIssue] = []

    mutating func problem(_ field: String, _ message: String) {
        issues.append(ValidationIssue(field: field, message: message))
    }

    mutating func lifeSnapshot(_ value: JSONValue, into draft: inout OnboardingDraft) {
        guard case .array(let entries) = value else {
            return problem("lifeSnapshot", "Give a list of ids, e.g. [\"busy_professional\"].")
        }
        for (index, entry) in entries.enumerated() {
            if let item = option(entry, "lifeSnapshot[\(index)]", LifeSnapshotSelections.Item.allCases) { draft.lifeSnapshot[item] = true }
        }
    }

    mutating func aspiration(_ value: JSONValue, into draft: inout OnboardingDraft) {
        let hint = "Give a card id (\(ids(AspirationCard.allCases.filter { $0 != .custom }))) or {\"text\": \"your goal\"}."
        switch value {
        case .string(let id):
            guard let card = AspirationCard(rawValue: id), card != .custom else { return problem("aspiration", hint) }
            draft.aspirationCard = card
        case .object(let members):
            guard members.count == 1, case .string(let text)? = members["text"] else { return problem("aspiration", hint) }
            draft.aspirationCard = .custom
            draft.aspirationText = text
        default:
            problem("aspiration", hint)
        }
    }

    mutating func style(_ value: JSONValue, into draft: inout OnboardingDraft) {
        let styles = CoachingStylePreferences.Style.allCases
        guard case .object(let members) = value else {
            return problem("style", "Give an object of numbers: {\"authoritative\": 40, \"empathetic\": 30, …}.")
        }
        var blend = CoachingStylePreferences(authoritativeDirect: 0, empatheticEncouraging: 0, analyticalPrecise: 0, playfulMotivating: 0)
        for (key, weight) in members.sorted(by: { $0.key < $1.key }) {
            guard let style = CoachingStylePreferences.Style(rawValue: key) else {
                problem("style.\(key)", "Not a style; the styles are \(ids(styles)).")
                continue
            }
            guard case .number(let raw) = weight,
                let number = FiniteNumber.checked(raw, in: 0...OnboardingValidation.maximumStyleWeight)
            else {
                problem(
                    "style.\(key)",
                    "Give a number from 0 to \(Int(OnboardingValidation.maximumStyleWeight)) (any scale; the four are blended to 100%).")
                continue
            }
            blend[style] = number
        }
        draft.coachingStyle = blend
    }

    mutating func engagement(_ value: JSONValue, into draft: inout OnboardingDraft) {
        let presets = EngagementPreset.allCases.filter { $0 != .custom }
        let hint = "Give a preset id (\(ids(presets))) or {\"custom\": {\"detailedTracking\": true, …}}."
        switch value {
        case .string(let id):
            guard let preset = EngagementPreset(rawValue: id), preset != .custom else { return problem("engagement", hint) }
            draft.engagement = preset
        case .object(let members):
            guard members.count == 1, case .object(let toggles)? = members["custom"] else { return problem("engagement", hint) }
            var custom = CustomEngagementSettings()
            let names: [(String, WritableKeyPath<CustomEngagementSettings, Bool>)] = [
                ("detailedTracking", \.detailedTracking), ("dailyInsights", \.dailyInsights), ("autoRecoveryAdjust", \.autoRecoveryAdjust),
            ]
            for key in toggles.keys.sorted() where !names.contains(where: { $0.0 == key }) {
                problem("engagement.custom.\(key)", "Not a setting; the settings are \(names.map(\.0).joined(separator: ", ")).")
            }
            for (name, path) in names {
                if let toggle = toggles[name], let flag = bool(toggle, "engagement.custom.\(name)") { custom[keyPath: path] = flag }
            }
            draft.engagement = .custom
            draft.customEngagement = custom
        default:
            problem("engagement", hint)
        }
    }

    mutating func availability(_ value: JSONValue, into draft: inout OnboardingDraft) {
        guard case .array(let entries) = value else {
            return problem("availability", "Give a list of {\"day\": \"mon\", \"start\": \"07:00\", \"end\": \"08:00\"}.")
        }
        for (index, entry) in entries.enumerated() {
            let field = "availability[\(index)]"
            guard case .string(let day)? = entry["day"], case .string(let start)? = entry["start"],
                case .string(let end)? = entry["end"], case .object(let members) = entry, members.count == 3
            else {
                problem(field, "Give {\"day\": \"mon\", \"start\": \"07:00\", \"end\": \"08:00\"}.")
                continue
            }
            switch OnboardingInput.availabilityBlock("\(day) \(start) \(end)") {
            case .success(let block): draft.availability.append(block)
            case .failure(let failure): problem(field, failure.message)
            }
        }
    }

    mutating func sleep(_ value: JSONValue, into draft: inout OnboardingDraft) {
        guard case .object(let members) = value else {
            return problem("sleep", "Give {\"bedtime\": \"22:30\", \"wake\": \"06:30\", \"rhythm\": \"consistent\"}.")
        }
        for key in members.keys.sorted() where !["bedtime", "wake", "rhythm"].contains(key) {
            problem("sleep.\(key)", "Not a sleep setting; the settings are bedtime, wake, rhythm.")
        }
        if let bedtime = members["bedtime"], let time = time(bedtime, "sleep.bedtime") { draft.sleep.bedtime = time }
        if let wake = members["wake"], let time = time(wake, "sleep.wake") { draft.sleep.wakeTime = time }
        if let rhythm = members["rhythm"], let value = option(rhythm, "sleep.rhythm", SleepRhythmType.allCases) {
            draft.sleep.rhythm = value
        }
    }

    mutating func motivation(_ value: JSONValue, into draft: inout OnboardingDraft) {
        guard case .object(let members) = value else {
            return problem("motivation", "Give {\"achievement\": \"subtle\", \"inactivity\": \"gentle\"}.")
        }
        for key in members.keys.sorted() where !["achievement", "inactivity"].contains(key) {
            problem("motivation.\(key)", "Not a motivation setting; the settings are achievement, inactivity.")
        }
        if let entry = members["achievement"], let style = option(entry, "motivation.achievement", AchievementStyle.allCases) {
            draft.achievementStyle = style
        }
        if let entry = members["inactivity"], let style = option(entry, "motivation.inactivity", InactivityResponseStyle.allCases) {
            draft.inactivityStyle = style
        }
    }

    /// One of `options` by its id.
    mutating func option<T: RawRepresentable>(_ value: JSONValue, _ field: String, _ options: [T]) -> T? where T.RawValue == String {
        if case .string(let id) = value, let option = options.first(where: { $0.rawValue == id }) { return option }
        problem(field, "\(describe(value)) is not an option; use \(ids(options)).")
        return nil
    }

    mutating func bool(_ value: JSONValue, _ field: String) -> Bool? {
        if case .bool(let flag) = value { return flag }
        problem(field, "Give true or false.")
        return nil
    }

    mutating func time(_ value: JSONValue, _ field: String) -> TimeOfDay? {
        if case .string(let text) = value, let time = TimeOfDay(text) { return time }
        problem(field, "Give a time as \"HH:mm\" on a 24-hour clock, e.g. \"22:30\".")
        return nil
    }

    private func ids<T: RawRepresentable>(_ options: [T]) -> String where T.RawValue == String {
        options.map(\.rawValue).joined(separator: ", ")
    }

    private func describe(_ value: JSONValue) -> String {
        if case .string(let text) = value { return "\"\(text)\"" }
        return (try? value.encoded()).map { String(decoding: $0, as: UTF8.self) } ?? "This value"
    }
}
