import Foundation

/// The coaching-style blend: four shares that sum to 1 once normalized.
public struct CoachingStylePreferences: Codable, Sendable, Equatable {
    public var authoritativeDirect: Double = 0.25
    public var empatheticEncouraging: Double = 0.25
    public var analyticalPrecise: Double = 0.25
    public var playfulMotivating: Double = 0.25

    /// Creates an even blend.
    public init() {}

    /// Creates a blend from four raw weights (not normalized).
    public init(authoritativeDirect: Double, empatheticEncouraging: Double, analyticalPrecise: Double, playfulMotivating: Double) {
        self.authoritativeDirect = authoritativeDirect
        self.empatheticEncouraging = empatheticEncouraging
        self.analyticalPrecise = analyticalPrecise
        self.playfulMotivating = playfulMotivating
    }

    /// Whether the shares sum to 100% (±1%).
    public var isValid: Bool {
        Style.allCases.allSatisfy { self[$0] >= 0 && self[$0].isFinite } && abs(total - 1.0) < 0.01
    }

    /// The sum of the four weights.
    public var total: Double { authoritativeDirect + empatheticEncouraging + analyticalPrecise + playfulMotivating }

    /// Scales the four weights so they sum to 1; leaves an all-zero blend alone.
    public mutating func normalize() {
        let total = self.total
        guard total > 0, total.isFinite else { return }
        authoritativeDirect /= total
        empatheticEncouraging /= total
        analyticalPrecise /= total
        playfulMotivating /= total
    }

    /// A normalized copy.
    public func normalized() -> CoachingStylePreferences {
        var copy = self
        copy.normalize()
        return copy
    }

    /// One of the four styles.
    public enum Style: String, CaseIterable, Codable, Sendable {
        case authoritative, empathetic, analytical, playful

        /// The full name used in the legend.
        public var displayName: String {
            switch self {
            case .authoritative: return "Authoritative & Direct"
            case .empathetic: return "Encouraging & Empathetic"
            case .analytical: return "Analytical & Insightful"
            case .playful: return "Playfully Provocative"
            }
        }

        /// The short tag used on chips and charts.
        public var shortName: String {
            switch self {
            case .authoritative: return "Authoritative"
            case .empathetic: return "Encouraging"
            case .analytical: return "Analytical"
            case .playful: return "Playful"
            }
        }

        /// A short phrase describing what this share feels like at the given intensity (0…1 of the slider).
        public func phrase(intensity: Double) -> String {
            switch (self, Intensity(intensity)) {
            case (.authoritative, .low): return "Offers suggestions, you decide"
            case (.authoritative, .medium): return "Clear plans with firm guidance"
            case (.authoritative, .high): return "Direct orders, no excuses"
            case (.empathetic, .low): return "Keeps feelings in the background"
            case (.empathetic, .medium): return "Supportive and understanding"
            case (.empathetic, .high): return "Warm cheerleader in your corner"
            case (.analytical, .low): return "Big picture, few numbers"
            case (.analytical, .medium): return "Explains the why with data"
            case (.analytical, .high): return "Deep dives into every metric"
            case (.playful, .low): return "Calm and matter-of-fact"
            case (.playful, .medium): return "Light humour and friendly challenges"
            case (.playful, .high): return "Cheeky banter and bold dares"
            }
        }
    }

    /// Three bands of slider intensity.
    public enum Intensity: String, Sendable {
        case low, medium, high

        /// Bands: below 0.34 low, below 0.67 medium, else high.
        public init(_ value: Double) {
            if value < 0.34 {
                self = .low
            } else if value < 0.67 {
                self = .medium
            } else {
                self = .high
            }
        }
    }

    /// Reads or writes the weight of one style.
    public subscript(style: Style) -> Double {
        get {
            switch style {
            case .authoritative: return authoritativeDirect
            case .empathetic: return empatheticEncouraging
            case .analytical: return analyticalPrecise
            case .playful: return playfulMotivating
            }
        }
        set {
            switch style {
            case .authoritative: authoritativeDirect = newValue
            case .empathetic: empatheticEncouraging = newValue
            case .analytical: analyticalPrecise = newValue
            case .playful: playfulMotivating = newValue
            }
        }
    }

    /// Styles ordered by share, largest first (ties keep the declared order).
    public var ranked: [(style: Style, share: Double)] {
        let normalized = self.normalized()
        return Style.allCases.enumerated()
            .map { (offset: $0.offset, style: $0.element, share: normalized[$0.element]) }
            .sorted { $0.share != $1.share ? $0.share > $1.share : $0.offset < $1.offset }
            .map { ($0.style, $0.share) }
    }

    /// Whole-number percentages that sum to exactly 100 (largest-remainder rounding).
    public var percentages: [Style: Int] {
        let normalized = self.normalized()
        guard normalized.total > 0 else { return Dictionary(uniqueKeysWithValues: Style.allCases.map { ($0, 0) }) }
        let raw = Style.allCases.map { normalized[$0] * 100 }
        var result = raw.map { FiniteNumber.displayInt($0, rounding: .down) }
        let remainders = raw.enumerated().sorted { ($0.element - $0.element.rounded(.down)) > ($1.element - $1.element.rounded(.down)) }
        var missing = 100 - result.reduce(0, +)
        for entry in remainders where missing > 0 {
            result[entry.offset] += 1
            missing -= 1
        }
        return Dictionary(uniqueKeysWithValues: zip(Style.allCases, result))
    }
}
