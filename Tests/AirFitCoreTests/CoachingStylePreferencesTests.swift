import AirFitCore
import Testing

private func blend(_ a: Double, _ e: Double, _ n: Double, _ p: Double) -> CoachingStylePreferences {
    CoachingStylePreferences(authoritativeDirect: a, empatheticEncouraging: e, analyticalPrecise: n, playfulMotivating: p)
}

@Suite("CoachingStylePreferences")
struct CoachingStylePreferencesTests {
    typealias Style = CoachingStylePreferences.Style

    @Test("Four shares of 0.5 normalize to 0.25 each")
    func fourHalvesNormalize() {
        var preferences = blend(0.5, 0.5, 0.5, 0.5)
        #expect(!preferences.isValid)
        preferences.normalize()
        for style in Style.allCases { #expect(preferences[style] == 0.25) }
        #expect(preferences.isValid)
        #expect(preferences == CoachingStylePreferences())
    }

    @Test("normalized() returns a copy that sums to 1 and leaves the original alone")
    func normalizedCopy() {
        let original = blend(3, 1, 0, 0)
        let copy = original.normalized()
        #expect(copy.authoritativeDirect == 0.75)
        #expect(copy.empatheticEncouraging == 0.25)
        #expect(abs(copy.total - 1) < 1e-12)
        #expect(original.total == 4)
    }

    @Test("An all-zero blend stays zero and is not valid")
    func allZero() {
        let zero = blend(0, 0, 0, 0)
        #expect(zero.normalized() == zero)
        #expect(!zero.isValid)
        #expect(zero.percentages == [.authoritative: 0, .empathetic: 0, .analytical: 0, .playful: 0])
    }

    @Test(
        "isValid accepts sums within 1% of 100% and rejects negative or non-finite shares",
        arguments: [
            (blend(0.25, 0.25, 0.25, 0.25), true),
            (blend(0.3, 0.3, 0.3, 0.105), true),
            (blend(0.3, 0.3, 0.3, 0.12), false),
            (blend(1, 0, 0, 0), true),
            (blend(1.2, -0.2, 0, 0), false),
            (blend(.nan, 0.5, 0.25, 0.25), false),
            (blend(.infinity, 0, 0, 0), false),
        ])
    func validity(preferences: CoachingStylePreferences, valid: Bool) {
        #expect(preferences.isValid == valid)
    }

    @Test(
        "Percentages are whole numbers summing to exactly 100",
        arguments: [
            blend(1, 1, 1, 0), blend(1, 1, 1, 1), blend(0.5, 0.5, 0.5, 0.5), blend(2, 1, 1, 1), blend(0.7, 0.2, 0.05, 0.05),
            blend(1, 1, 1, 4), blend(0.333, 0.333, 0.333, 0.001), blend(9, 0, 0, 0),
        ])
    func percentagesSumTo100(preferences: CoachingStylePreferences) {
        let percentages = preferences.percentages
        #expect(percentages.count == 4)
        #expect(percentages.values.reduce(0, +) == 100)
        let normalized = preferences.normalized()
        for style in Style.allCases {
            let exact = normalized[style] * 100
            #expect(abs(Double(percentages[style] ?? -1) - exact) < 1, "\(style): \(percentages[style] ?? -1) vs \(exact)")
        }
    }

    @Test("Largest remainders get the leftover points")
    func largestRemainder() {
        // 1/7 ≈ 14.29%, 2/7 ≈ 28.57%, 4/7 ≈ 57.14%: floors 14+28+57 = 99; 2/7 has the largest remainder.
        let percentages = blend(1, 2, 4, 0).percentages
        #expect(percentages == [.authoritative: 14, .empathetic: 29, .analytical: 57, .playful: 0])
    }

    @Test("ranked lists styles by share, largest first")
    func rankedOrder() {
        let ranked = blend(0.1, 0.4, 0.3, 0.2).ranked
        #expect(ranked.map(\.style) == [.empathetic, .analytical, .playful, .authoritative])
        #expect(abs(ranked[0].share - 0.4) < 1e-12)
        #expect(ranked.map(\.share) == ranked.map(\.share).sorted(by: >))
    }

    @Test("ranked keeps the declared order for ties and reports normalized shares")
    func rankedTies() {
        let ranked = blend(2, 2, 2, 2).ranked
        #expect(ranked.map(\.style) == Style.allCases)
        #expect(ranked.allSatisfy { $0.share == 0.25 })
        let partial = blend(1, 3, 1, 3).ranked
        #expect(partial.map(\.style) == [.empathetic, .playful, .authoritative, .analytical])
    }

    @Test(
        "Intensity bands split at 0.34 and 0.67",
        arguments: [
            (0.0, CoachingStylePreferences.Intensity.low), (0.33, .low), (0.3399, .low), (0.34, .medium), (0.5, .medium),
            (0.6699, .medium), (0.67, .high), (1.0, .high),
        ])
    func intensityBands(value: Double, expected: CoachingStylePreferences.Intensity) {
        #expect(CoachingStylePreferences.Intensity(value) == expected)
    }

    @Test("Each style's phrase changes across low, medium and high intensity", arguments: Style.allCases)
    func phrasesChange(style: Style) {
        let phrases = [0.1, 0.5, 0.9].map { style.phrase(intensity: $0) }
        #expect(Set(phrases).count == 3, "\(phrases)")
        #expect(phrases.allSatisfy { !$0.isEmpty })
        #expect(style.phrase(intensity: 0.2) == phrases[0])
        #expect(style.phrase(intensity: 0.6) == phrases[1])
        #expect(style.phrase(intensity: 0.7) == phrases[2])
    }

    @Test("No two styles share a phrase at the same intensity", arguments: [0.1, 0.5, 0.9])
    func phrasesDistinctAcrossStyles(intensity: Double) {
        let phrases = Style.allCases.map { $0.phrase(intensity: intensity) }
        #expect(Set(phrases).count == Style.allCases.count)
    }

    @Test("The subscript reads and writes the matching stored share", arguments: Style.allCases)
    func subscriptMapping(style: Style) {
        var preferences = blend(0, 0, 0, 0)
        preferences[style] = 0.9
        #expect(preferences.total == 0.9)
        #expect(preferences[style] == 0.9)
        let stored: Double
        switch style {
        case .authoritative: stored = preferences.authoritativeDirect
        case .empathetic: stored = preferences.empatheticEncouraging
        case .analytical: stored = preferences.analyticalPrecise
        case .playful: stored = preferences.playfulMotivating
        }
        #expect(stored == 0.9)
    }

    @Test("Display and short names are distinct for every style")
    func names() {
        #expect(Set(Style.allCases.map(\.displayName)).count == 4)
        #expect(Set(Style.allCases.map(\.shortName)).count == 4)
    }
}
