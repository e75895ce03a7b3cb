import AirFitCore
import Foundation

/// Turns each part of a ``ProgressReport`` into a page section: its charts (``SVGChart``), captions and tables.
enum ProgressCharts {
    typealias Section = ProgressView.Section
    typealias Chart = ProgressView.Chart
    typealias Row = ProgressView.Row
    typealias Table = ProgressView.Table
    typealias LegendItem = ProgressView.LegendItem

    /// The other way to log, named in the empty states: the quick log (`/log`, the + on home).
    static let quickLog = "or use the quick log (+ on the home page)"

    // MARK: Weight

    static func weight(_ trend: WeightTrend, window: ClosedRange<CalendarDay>, units: MeasurementSystem) -> Section {
        let title = "Weight"
        guard let takeaway = trend.takeaway(units: units) else {
            return Section(
                key: "weight", title: title, charts: [],
                emptyText: "No weight logged in this period. Log your weight in a check-in or tell your coach (“I weigh 72 kg "
                    + "today”); \(quickLog).")
        }
        let shown = { (kilograms: Double) in units == .imperial ? MeasurementSystem.pounds(fromKilograms: kilograms) : kilograms }
        let format = { (kilograms: Double) in units.formatWeight(kilograms: kilograms, fractionDigits: 1) }
        var values = trend.points.flatMap { [shown($0.kilograms), shown($0.averageKilograms)] }
        if let goal = trend.goalKilograms { values.append(shown(goal)) }
        let low = values.min() ?? 0
        let high = values.max() ?? 1
        let pad = max((high - low) * 0.1, 0.5)
        let ticks = SVGChart.ticks(covering: (low - pad)...(high + pad))
        var chart = SVGChart(x: dayDomain(window), y: (ticks.first ?? low)...(ticks.last ?? high))
        chart.yAxis(ticks.map { ($0, tickLabel($0)) })
        chart.xAxis(dayTicks(window))
        if let goal = trend.goalKilograms {
            chart.target(shown(goal), label: "Goal \(format(goal))", style: "chart-goal", testID: "progress.weight.goalLine")
        }
        chart.dots(trend.points.map { (Double($0.day.ordinal), shown($0.kilograms)) }, style: "chart-dot")
        // An average says nothing across a gap longer than its window: the line breaks there.
        for run in runs(trend.points.map(\.day), longestGap: WeightTrend.averageDays) where run.count > 1 {
            chart.line(
                run.map { index in (Double(trend.points[index].day.ordinal), shown(trend.points[index].averageKilograms)) },
                style: "chart-line")
        }
        var legend = [LegendItem(style: "swatch-dot", label: "Weigh-in"), LegendItem(style: "swatch-line", label: "7-day average")]
        if trend.goalKilograms != nil { legend.append(LegendItem(style: "swatch-goal", label: "Goal")) }
        let table = Table(
            testID: "progress.table.weight", caption: "Weight by day (\(units.weightUnit))", columns: ["Day", "Weight", "7-day average"],
            rows: trend.points.map { Row(heading: $0.day.mediumLabel, cells: [format($0.kilograms), format($0.averageKilograms)]) })
        let id = "progress-weight"
        return Section(
            key: "weight", title: title,
            charts: [
                Chart(
                    id: id, caption: takeaway, svg: chart.markup(labelledBy: "\(id)-heading \(id)-caption", testID: "progress.weight.svg"),
                    legend: legend,
                    chartTable: table)
            ])
    }

    // MARK: Training

    static func training(_ weeks: TrainingWeeks, weekStart: WeekStart) -> Section {
        let title = "Training"
        guard let takeaway = weeks.takeaway else {
            return Section(
                key: "training", title: title, charts: [],
                emptyText: "No workouts logged in this period. Tell your coach about a session (“I ran 5 km this morning”); \(quickLog).")
        }
        let domain = -0.5...(Double(weeks.weeks.count) - 0.5)
        let labels = indexTicks(weeks.weeks.map { $0.start.shortLabel })
        let indexed = weeks.weeks.enumerated().map { (index: Double($0.offset), week: $0.element) }

        let most = max(Double(weeks.weeks.map(\.sessions).max() ?? 0), Double(weeks.weeklyTarget ?? 0), 1)
        let sessionTicks = SVGChart.ticks(covering: 0...most, count: min(4, Int(most))).filter { $0 == $0.rounded() }
        var sessions = SVGChart(x: domain, y: 0...(sessionTicks.last ?? most))
        sessions.yAxis(sessionTicks.map { ($0, tickLabel($0)) })
        sessions.xAxis(labels)
        sessions.bars(indexed.map { ($0.index, Double($0.week.sessions)) }, barWidth: 1, style: "chart-bar")
        if let target = weeks.weeklyTarget {
            sessions.target(Double(target), label: "Target \(target)", style: "chart-goal", testID: "progress.training.targetLine")
        }

        let topMinutes = max(weeks.weeks.map(\.minutes).max() ?? 0, 1)
        let minuteTicks = SVGChart.ticks(covering: 0...topMinutes)
        var minutes = SVGChart(x: domain, y: 0...(minuteTicks.last ?? topMinutes))
        minutes.yAxis(minuteTicks.map { ($0, tickLabel($0)) })
        minutes.xAxis(labels)
        minutes.bars(indexed.map { ($0.index, $0.week.minutes) }, barWidth: 1, style: "chart-bar chart-bar-alt")
        let busiest = weeks.weeks.max { $0.minutes < $1.minutes }
        let minutesCaption =
            busiest.map {
                "Most minutes: \(FiniteNumber.displayInt($0.minutes)) in the week of \($0.start.shortLabel)."
            } ?? ""

        var legend = [LegendItem(style: "swatch-bar", label: "Sessions")]
        if weeks.weeklyTarget != nil { legend.append(LegendItem(style: "swatch-goal", label: "Weekly target (your time slots)")) }
        let table = Table(
            testID: "progress.table.training", caption: "Training by week", columns: ["Week of", "Sessions", "Minutes"],
            rows: weeks.weeks.map { week in
                Row(
                    heading: week.start.mediumLabel + (week.isCurrent ? " (so far)" : ""),
                    cells: [String(week.sessions), String(FiniteNumber.displayInt(week.minutes))])
            })
        return Section(
            key: "training", title: title,
            charts: [
                Chart(
                    id: "progress-sessions", chartTitle: "Sessions per week", caption: takeaway,
                    svg: sessions.markup(labelledBy: "progress-sessions-title progress-sessions-caption"), legend: legend),
                Chart(
                    id: "progress-minutes", chartTitle: "Minutes per week", caption: minutesCaption,
                    svg: minutes.markup(labelledBy: "progress-minutes-title progress-minutes-caption"),
                    legend: [LegendItem(style: "swatch-bar-alt", label: "Minutes")]),
            ],
            sectionTable: table, note: "Weeks start on \(weekStart == .sunday ? "Sunday" : "Monday"), in your time zone.")
    }

    // MARK: Strength

    static func strength(_ progress: StrengthProgress, window: ClosedRange<CalendarDay>, units: MeasurementSystem) -> Section {
        let title = "Strength"
        guard !progress.lifts.isEmpty else {
            return Section(
                key: "strength", title: title, charts: [],
                emptyText: "No sets with a weight and 1–12 reps in this period. Tell your coach your sets (“squats, 5 reps at 80 kg”); "
                    + "\(quickLog).")
        }
        let shown = { (kilograms: Double) in units == .imperial ? MeasurementSystem.pounds(fromKilograms: kilograms) : kilograms }
        let format = { (kilograms: Double) in units.formatWeight(kilograms: kilograms, fractionDigits: 1) }
        let charts = progress.lifts.enumerated().map { index, lift in
            let values = lift.sessions.map { shown($0.kilograms) }
            let low = values.min() ?? 0
            let high = values.max() ?? 1
            let pad = max((high - low) * 0.15, 2.5)
            let ticks = SVGChart.ticks(covering: max(0, low - pad)...(high + pad), count: 3)
            var chart = SVGChart(x: dayDomain(window), y: (ticks.first ?? low)...(ticks.last ?? high))
            chart.yAxis(ticks.map { ($0, tickLabel($0)) })
            chart.xAxis(dayTicks(window))
            let points = lift.sessions.map { (x: Double($0.day.ordinal), y: shown($0.kilograms)) }
            chart.line(points, style: "chart-line")
            chart.dots(zip(lift.sessions, points).filter { !$0.0.isPersonalBest }.map(\.1), style: "chart-dot")
            chart.diamonds(
                zip(lift.sessions, points).filter { $0.0.isPersonalBest }.map(\.1), style: "chart-pb", testID: "progress.strength.pb")
            let id = "progress-lift-\(index)"
            let table = Table(
                testID: "progress.table.strength", caption: "\(lift.name): estimated one-rep max by session",
                columns: ["Day", "Estimated 1RM", "Note"],
                rows: lift.sessions.map { session in
                    Row(
                        heading: session.day.mediumLabel,
                        cells: [format(session.kilograms), session.isPersonalBest ? "personal best" : ""],
                        highlight: session.isPersonalBest)
                })
            return Chart(
                id: id, chartTitle: lift.name, caption: lift.takeaway(units: units),
                svg: chart.markup(labelledBy: "\(id)-title \(id)-caption"),
                legend: [LegendItem(style: "swatch-dot", label: "Session"), LegendItem(style: "swatch-pb", label: "Personal best")],
                chartTable: table)
        }
        return Section(
            key: "strength", title: title, charts: charts,
            note: "Estimated one-rep max (Epley) from each session's best set of 1–12 reps; a personal best beats every earlier "
                + "session in the period.")
    }

    // MARK: Nutrition

    static func nutrition(_ nutrition: NutritionDays, window: ClosedRange<CalendarDay>) -> Section {
        let title = "Nutrition"
        guard let takeaway = nutrition.takeaway else {
            return Section(
                key: "nutrition", title: title, charts: [],
                emptyText: "No meals logged in this period. Tell your coach what you ate and it is logged with its calories; \(quickLog).")
        }
        func chart(
            _ values: [(day: CalendarDay, value: Double)], target: Int?, targetLabel: String, style: String, labelledBy: String
        ) -> String {
            let top = max(values.map(\.value).max() ?? 0, Double(target ?? 0), 1)
            let ticks = SVGChart.ticks(covering: 0...(top * 1.05))
            var svg = SVGChart(x: dayDomain(window), y: 0...(ticks.last ?? top))
            svg.yAxis(ticks.map { ($0, tickLabel($0)) })
            svg.xAxis(dayTicks(window))
            svg.bars(values.map { (Double($0.day.ordinal), $0.value) }, barWidth: 1, style: style)
            if let target { svg.target(Double(target), label: targetLabel, style: "chart-goal") }
            return svg.markup(labelledBy: labelledBy)
        }
        let calories = chart(
            nutrition.days.map { ($0.day, $0.calories) }, target: nutrition.calorieTarget,
            targetLabel: "Target \(nutrition.calorieTarget ?? 0) kcal", style: "chart-bar",
            labelledBy: "progress-calories-title progress-calories-caption")
        let protein = chart(
            nutrition.days.map { ($0.day, $0.proteinGrams) }, target: nutrition.proteinTargetGrams,
            targetLabel: "Target \(nutrition.proteinTargetGrams ?? 0) g", style: "chart-bar chart-bar-alt",
            labelledBy: "progress-protein-title progress-protein-caption")
        let averageProtein = FiniteNumber.displayInt(nutrition.days.reduce(0) { $0 + $1.proteinGrams } / Double(nutrition.days.count))
        let proteinCaption =
            "Protein: \(averageProtein) g a day on average" + (nutrition.proteinTargetGrams.map { " against your \($0) g target" } ?? "")
            + "."
        let table = Table(
            testID: "progress.table.nutrition", caption: "Calories and protein by day", columns: ["Day", "Calories", "Protein"],
            rows: nutrition.days.map { day in
                Row(
                    heading: day.day.mediumLabel,
                    cells: ["\(FiniteNumber.displayInt(day.calories)) kcal", "\(FiniteNumber.displayInt(day.proteinGrams)) g"])
            })
        var legend = [LegendItem(style: "swatch-bar", label: "Calories")]
        if nutrition.calorieTarget != nil { legend.append(LegendItem(style: "swatch-goal", label: "Daily target")) }
        return Section(
            key: "nutrition", title: title,
            charts: [
                Chart(
                    id: "progress-calories", chartTitle: "Calories per day", caption: takeaway,
                    svg: calories, legend: legend),
                Chart(
                    id: "progress-protein", chartTitle: "Protein per day", caption: proteinCaption,
                    svg: protein,
                    legend: [LegendItem(style: "swatch-bar-alt", label: "Protein (g)")]),
            ],
            sectionTable: table, note: "Only days with meals logged are shown.")
    }

    // MARK: Wellbeing

    static func wellbeing(_ wellbeing: WellbeingDays, window: ClosedRange<CalendarDay>) -> Section {
        let title = "Wellbeing"
        guard let takeaway = wellbeing.takeaway else {
            return Section(
                key: "wellbeing", title: title, charts: [],
                emptyText: "No check-ins in this period. Tell your coach how you slept and your energy and stress from 1 to 5 (“slept 4, "
                    + "energy 3, stress 2”); \(quickLog).")
        }
        var chart = SVGChart(x: dayDomain(window), y: 0.5...5.5)
        chart.yAxis((1...5).map { (Double($0), String($0)) })
        chart.xAxis(dayTicks(window))
        let series: [(KeyPath<WellbeingDays.Day, Int?>, String)] = [
            (\.sleepQuality, "sleep"), (\.energy, "energy"), (\.stress, "stress"),
        ]
        for (path, name) in series {
            let points = wellbeing.days.compactMap { day in day[keyPath: path].map { (x: Double(day.day.ordinal), y: Double($0)) } }
            chart.line(points, style: "chart-series chart-\(name)")
            chart.dots(points, style: "chart-series-dot chart-\(name)-dot")
        }
        let rating = { (value: Int?) in value.map { "\($0)/5" } ?? "not logged" }
        let table = Table(
            testID: "progress.table.wellbeing", caption: "Check-in ratings by day (1–5)", columns: ["Day", "Sleep", "Energy", "Stress"],
            rows: wellbeing.days.map { day in
                Row(heading: day.day.mediumLabel, cells: [rating(day.sleepQuality), rating(day.energy), rating(day.stress)])
            })
        let id = "progress-wellbeing"
        return Section(
            key: "wellbeing", title: title,
            charts: [
                Chart(
                    id: id, caption: takeaway, svg: chart.markup(labelledBy: "\(id)-heading \(id)-caption"),
                    legend: [
                        LegendItem(style: "swatch-sleep", label: "Sleep quality"), LegendItem(style: "swatch-energy", label: "Energy"),
                        LegendItem(style: "swatch-stress", label: "Stress (dashed)"),
                    ],
                    chartTable: table)
            ])
    }
}
