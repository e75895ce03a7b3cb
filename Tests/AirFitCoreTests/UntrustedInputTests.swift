import AirFitCore
import Foundation
import Testing

@Suite("Untrusted numbers and text")
struct UntrustedInputTests {
    @Test(
        "Numbers from outside are checked before any conversion: inf, nan and huge values are refused, never a trap",
        arguments: ["inf", "-inf", "nan", "1e306", "-1e306", "1e400", "101", "-1", "", "12abc", String(repeating: "9", count: 40)])
    func refusedNumbers(text: String) {
        #expect(FiniteNumber.parse(text, in: 0...100) == nil)
    }

    @Test("A number in range parses", arguments: [("0", 0.0), ("42.5", 42.5), (" 100 ", 100.0)])
    func acceptedNumbers(text: String, value: Double) {
        #expect(FiniteNumber.parse(text, in: 0...100) == value)
    }

    @Test("Converting to a whole number never traps")
    func wholeNumbers() {
        #expect(FiniteNumber.int(.infinity) == nil)
        #expect(FiniteNumber.int(.nan) == nil)
        #expect(FiniteNumber.int(1e306) == nil)
        #expect(FiniteNumber.int(41.5) == 42)
        #expect(FiniteNumber.displayInt(.nan) == 0)
        #expect(FiniteNumber.displayInt(1e306) == Int(FiniteNumber.largestWhole))
        #expect(FiniteNumber.displayInt(-.infinity) == -Int(FiniteNumber.largestWhole))
    }

    @Test("Typed text loses control characters but keeps line breaks and tabs")
    func textInput() {
        #expect(TextInput.clean("before\u{0}after") == "beforeafter")
        #expect(TextInput.clean("one\r\ntwo\rthree\nfour\tfive") == "one\ntwo\nthree\nfour\tfive")
        #expect(TextInput.clean("a\u{1B}[31mred\u{7F}\u{202E}") == "a[31mred")
        #expect(TextInput.clean("line\nbreak", singleLine: true) == "line break")
        #expect(TextInput.clean("plain café 🏃") == "plain café 🏃")
    }

    @Test("A stored reply is bounded with the cut marked; a short one is untouched")
    func storedReplyBound() {
        #expect(StoredReply.bounded("short") == "short")
        let long = String(repeating: "é", count: StoredReply.maximumBytes)  // two bytes each
        let bounded = StoredReply.bounded(long)
        #expect(bounded.hasSuffix(StoredReply.cutMarker))
        #expect(bounded.utf8.count <= StoredReply.maximumBytes + StoredReply.cutMarker.utf8.count)
        #expect(bounded.dropLast(StoredReply.cutMarker.count).allSatisfy { $0 == "é" })
    }

    @Test("A draft with answers that fail their field checks is repaired and says what changed")
    func draftRepair() {
        var draft = OnboardingDraft()
        draft.coachingStyle[.authoritative] = .infinity
        draft.aspirationText = String(repeating: "g", count: 60_000)
        let block = WorkoutAvailabilityBlock(
            dayOfWeek: 9, startTime: TimeOfDay(hour: 7, minute: 0)!, endTime: TimeOfDay(hour: 8, minute: 0)!)
        let good = WorkoutAvailabilityBlock(
            dayOfWeek: 2, startTime: TimeOfDay(hour: 7, minute: 0)!, endTime: TimeOfDay(hour: 8, minute: 0)!)
        draft.availability = [block, good]
        let notes = draft.repair()
        #expect(notes.count == 3)
        #expect(draft.coachingStyle == CoachingStylePreferences())
        #expect(draft.aspirationText.count == OnboardingValidation.maximumAspirationLength)
        #expect(draft.availability == [good])
        #expect(draft.repair().isEmpty, "a repaired draft needs no second repair")
    }

    @Test("Back from a screen keeps only answers that pass the field checks")
    func backRepairs() {
        var flow = OnboardingFlow()
        _ = flow.handle(.begin)
        flow.draft.lifeSnapshot[.busyProfessional] = true
        _ = flow.handle(.next)
        flow.draft.aspirationCard = .custom
        flow.draft.aspirationText = String(repeating: "g", count: 60_000)
        let actions = flow.handle(.back)
        #expect(actions.contains(.persistDraft))
        #expect(flow.draft.aspirationText.count == OnboardingValidation.maximumAspirationLength)
    }

    @Test("An import whose version is huge or fractional is refused with a message, not a trap")
    func importVersion() {
        for version in ["1e306", "1.5", "-1e400"] {
            let json = #"{"format": "airfit-export", "version": \#(version)}"#
            #expect(throws: RepositoryError.self) { try DataExporter.decodeArchive(Data(json.utf8)) }
        }
    }
}
