import AirFitCore
import Foundation

/// The progress page: a range picker, one section per chart (or what to log to see it), and the targets form.
///
/// Each chart's SVG is built by ``SVGChart`` from numbers and escaped labels only, and the template inserts it
/// unescaped (`{{{svg}}}`); everything else goes through Mustache's escaping. Each chart has a caption that states
/// its takeaway (the SVG's accessible name) and a table of the numbers behind it.
struct ProgressView: PageView {
    static let template = "progress"

    /// A range link.
    struct RangeLink: Sendable {
        let value: String
        let title: String
        let href: String
        let current: Bool
    }

    /// A table row: its first cell is the row's header.
    struct Row: Sendable {
        let heading: String
        let cells: [String]
        /// A personal best (styled and marked in its own cell).
        var highlight = false
    }

    /// The numbers behind a chart.
    struct Table: Sendable {
        let testID: String
        let caption: String
        let columns: [String]
        let rows: [Row]
    }

    /// A legend entry: a swatch of a chart style and what it stands for.
    struct LegendItem: Sendable {
        let style: String
        let label: String
    }

    /// One chart.
    struct Chart: Sendable {
        /// The id its title and caption ids derive from.
        let id: String
        /// A small heading over the chart when a section has several. (Names differ from the section's, so a chart
        /// without one never shows the section's through Mustache's context lookup.)
        var chartTitle: String?
        /// The takeaway, which names the chart for assistive technology.
        let caption: String
        /// Trusted SVG markup (see ``SVGChart``).
        let svg: String
        var legend: [LegendItem] = []
        var chartTable: Table?
    }

    /// One section of the page.
    struct Section: Sendable {
        /// `weight`, `training`, `strength`, `nutrition` or `wellbeing`.
        let key: String
        let title: String
        let charts: [Chart]
        /// A table for the whole section (when its charts share one).
        var sectionTable: Table?
        /// What to log to see the chart, when there is nothing yet.
        var emptyText: String?
        /// A line under the heading (what the chart counts).
        var note: String?
    }

    let ranges: [RangeLink]
    let range: String
    /// "Last 4 weeks: 27 Oct – 23 Nov 2026".
    let period: String
    let sections: [Section]
    var notices: [String] = []

    // The targets form, as stored or as typed.
    let weightUnit: String
    var goalWeight: String
    var calories: String
    var protein: String
    var goalWeightInvalid = false
    var caloriesInvalid = false
    var proteinInvalid = false

    /// The page for `report`, in `user`'s units, with their targets in the form.
    init(report: ProgressReport, user: User) {
        let units = user.preferredUnits
        range = report.range.rawValue
        ranges = ProgressRange.allCases.map { option in
            RangeLink(
                value: option.rawValue, title: option.title, href: "/progress?range=\(option.rawValue)", current: option == report.range)
        }
        period = "Last \(report.range.title): \(report.window.lowerBound.mediumLabel) – \(report.window.upperBound.mediumLabel)"
        sections = [
            ProgressCharts.weight(report.weight, window: report.window, units: units),
            ProgressCharts.training(report.training, weekStart: user.weekStart),
            ProgressCharts.strength(report.strength, window: report.window, units: units),
            ProgressCharts.nutrition(report.nutrition, window: report.window),
            ProgressCharts.wellbeing(report.wellbeing, window: report.window),
        ]
        weightUnit = units.weightUnit
        goalWeight = user.goalWeightKg.map { Self.entered($0, units: units) } ?? ""
        calories = user.dailyCalorieTarget.map(String.init) ?? ""
        protein = user.dailyProteinTargetGrams.map(String.init) ?? ""
    }

    /// A stored weight as typed in the form: in `units`, up to one decimal.
    static func entered(_ kilograms: Double, units: MeasurementSystem) -> String {
        let value = units == .imperial ? MeasurementSystem.pounds(fromKilograms: kilograms) : kilograms
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(FiniteNumber.displayInt(rounded)) : String(format: "%.1f", rounded)
    }
}
