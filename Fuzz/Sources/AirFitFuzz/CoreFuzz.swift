import AirFitCore
import Foundation

/// `airfit import`'s reading: any bytes through `DataExporter.decodeArchive` (size check, header, full decode,
/// `ArchiveValidator.validate`). An archive it accepts must survive export → import unchanged.
enum ArchiveFuzz {
    static func run(_ input: UnsafeBufferPointer<UInt8>) {
        let data = Data(buffer: input)
        let archive: ExportArchive
        do {
            archive = try DataExporter.decodeArchive(data)
        } catch {
            return trace("archive refused: \(error)")
        }
        trace("archive accepted: \(archive.recordCount) records")
        // Whatever import accepted, written back out (as stored JSON) must be accepted again, equal.
        let encoded: Data
        do {
            encoded = try JSONCoding.encoder.encode(archive)
        } catch {
            return check(false, "an accepted archive does not encode: \(error)")
        }
        do {
            let again = try DataExporter.decodeArchive(encoded)
            check(again == archive, "an accepted archive changes on a second import")
        } catch {
            check(false, "an accepted archive is refused after re-encoding: \(error)\n\(String(decoding: encoded, as: UTF8.self))")
        }
        _ = archive.recordCount
    }
}

/// Stored onboarding drafts (the web's `onboarding_drafts`, the terminal's draft) and what reads them: decode as
/// the store does, repair as every loader does, check every screen, walk the flow to generation and synthesise
/// the persona. The answers file of `airfit onboard --answers` is read as a `JSONValue` first; that is
/// exercised on the same bytes.
enum OnboardingFuzz {
    static let now = Date(timeIntervalSince1970: 1_767_225_600)

    static func run(_ input: UnsafeBufferPointer<UInt8>) {
        let data = Data(buffer: input)
        if let document = try? JSONValue(data: data) {
            visitStrings(document)
            _ = try? document.encoded()
        }
        var draft: OnboardingDraft
        do {
            draft = try JSONCoding.decoder.decode(OnboardingDraft.self, from: data)
        } catch {
            return trace("draft refused: \(error)")
        }
        trace("draft decoded on \(draft.screen)")
        for screen in OnboardingScreen.allCases { _ = OnboardingValidation.issues(on: screen, in: draft) }
        _ = draft.coreAspiration
        draft.repair()
        check(draft.repair().isEmpty, "repair() is not idempotent")
        // A repaired draft stores and loads back as itself.
        if let stored = try? JSONCoding.encoder.encode(draft) {
            let loaded = try? JSONCoding.decoder.decode(OnboardingDraft.self, from: stored)
            check(loaded == draft, "a repaired draft does not survive storing")
        } else {
            check(false, "a repaired draft does not encode")
        }
        walkFlow(draft)
    }

    /// Resume, then "next" until generation or a screen with issues; "back" once on the way; then generation.
    static func walkFlow(_ draft: OnboardingDraft) {
        var flow = OnboardingFlow(draft: draft)
        _ = flow.handle(.resume, now: now)
        if flow.screen == .openingScreen { _ = flow.handle(.begin, now: now) }
        var wentBack = false
        for _ in 0..<16 {
            let actions = flow.handle(.next, now: now)
            if actions.contains(where: { if case .showIssues = $0 { true } else { false } }) { break }
            if flow.screen == .generatingCoach { break }
            if !wentBack, flow.screen == .typicalAvailability {
                wentBack = true
                _ = flow.handle(.back, now: now)
            }
        }
        trace("flow stopped on \(flow.screen)")
        guard flow.screen == .generatingCoach else { return }
        let persona = PersonaSynthesis.profile(from: flow.draft)
        _ = PersonaSynthesis.summary(of: persona)
        _ = PersonaSynthesis.communicationPreferences(from: persona)
        _ = flow.handle(.generationFailed("fuzz"), now: now)
    }

    /// Times are read from answer strings ("22:30"); feed every string to the parser.
    static func visitStrings(_ value: JSONValue, depth: Int = 0) {
        guard depth < 64 else { return }
        switch value {
        case .string(let text): _ = TimeOfDay(text)?.twelveHourDescription
        case .array(let items): for item in items { visitStrings(item, depth: depth + 1) }
        case .object(let members): for (_, member) in members { visitStrings(member, depth: depth + 1) }
        default: break
        }
    }
}
