import AirFitCore

/// The coaching-style blend as an SVG donut: one stroked circle per style on a circle of circumference 100,
/// so each segment's dash length is its percentage.
struct BlendChart {
    /// The radius giving a circumference of exactly 100.
    static let radius = 100 / (2 * Double.pi)

    /// Styles with their whole-number percentages (summing to 100), largest first.
    let shares: [(style: CoachingStylePreferences.Style, percent: Int)]

    /// The chart of `blend`.
    init(_ blend: CoachingStylePreferences) {
        let percentages = blend.percentages
        shares = blend.ranked.map { ($0.style, percentages[$0.style] ?? 0) }
    }

    /// "Coaching style blend: Analytical & Insightful 55%, …" for `aria-label`.
    var accessibilityLabel: String {
        "Coaching style blend: " + shares.map { "\($0.style.displayName) \($0.percent)%" }.joined(separator: ", ")
    }

    /// The largest share, shown in the middle.
    var leadPercent: Int { shares.first?.percent ?? 0 }

    /// One circle of the donut: its style, dash pattern and offset.
    struct Segment: Sendable {
        let style: String
        let dash: String
        let offset: Int
    }

    /// One legend line.
    struct LegendRow: Sendable {
        let style: String
        let name: String
        let percent: Int
    }

    /// One segment per non-zero share, clockwise from 12 o'clock.
    var segments: [Segment] {
        var start = 0
        return shares.filter { $0.percent > 0 }.map { share in
            // A positive offset moves the dash start back along the path, which begins at 3 o'clock.
            let offset = ((25 - start) % 100 + 100) % 100
            start += share.percent
            return Segment(style: share.style.rawValue, dash: "\(share.percent) \(100 - share.percent)", offset: offset)
        }
    }

    /// Every style with its share, for the legend.
    var legend: [LegendRow] {
        shares.map { LegendRow(style: $0.style.rawValue, name: $0.style.displayName, percent: $0.percent) }
    }
}
