import AirFitCore
import Foundation

/// The Subscription page's chart: tokens per day of the month, as bars (drawn by the progress charts' ``SVGChart``).
enum UsageChart {
    static func byDay(_ summary: UsageSummary) -> String {
        let days = summary.byDay
        let most = Double(max(days.map(\.tokens).max() ?? 0, 1))
        let ticks = SVGChart.ticks(covering: 0...most)
        var chart = SVGChart(x: -0.5...(Double(max(days.count, 1)) - 0.5), y: 0...(ticks.last ?? most))
        chart.yAxis(ticks.map { ($0, compact($0)) })
        // Every 5th day is labelled (1, 6, 11, …): a whole month of labels would overlap on a phone.
        chart.xAxis(days.enumerated().filter { $0.offset % 5 == 0 }.map { (Double($0.offset), String($0.offset + 1)) })
        chart.bars(days.enumerated().map { (Double($0.offset), Double($0.element.tokens)) }, barWidth: 1, style: "chart-bar")
        return chart.markup(labelledBy: "usage-chart-title", testID: "subscription.chart")
    }

    /// 1200 → "1.2k", 3_400_000 → "3.4M".
    static func compact(_ value: Double) -> String {
        switch value {
        case 1_000_000...: return SVGChart.number((value / 100_000).rounded() / 10) + "M"
        case 1_000...: return SVGChart.number((value / 100).rounded() / 10) + "k"
        default: return SVGChart.number(value)
        }
    }
}
