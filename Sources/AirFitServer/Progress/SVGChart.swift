import AirFitCore
import Foundation

/// Builds one chart as SVG markup from numbers and escaped labels only, so the page can insert it as it is.
///
/// The drawing is in a fixed coordinate space (``width`` × ``height``, a `viewBox`) scaled to the container's
/// width; every colour comes from a class the stylesheet maps to CSS variables, so dark mode and high-contrast
/// themes apply. The chart is one image to assistive technology (`role="img"`, named by the caption it is given);
/// the numbers are in the table beside it.
struct SVGChart {
    /// The drawing's width in viewBox units.
    static let width = 360.0
    /// The drawing's height in viewBox units.
    static let height = 180.0
    /// Space for the y-axis labels on the left and the x-axis labels at the bottom.
    private static let left = 40.0
    private static let right = 8.0
    private static let top = 10.0
    private static let bottom = 22.0

    /// The values the x axis spans.
    let x: ClosedRange<Double>
    /// The values the y axis spans.
    let y: ClosedRange<Double>
    private var parts: [String] = []

    /// A chart whose axes span `x` and `y` (a zero-width span is widened so nothing divides by zero).
    init(x: ClosedRange<Double>, y: ClosedRange<Double>) {
        self.x = x.lowerBound < x.upperBound ? x : (x.lowerBound - 1)...(x.upperBound + 1)
        self.y = y.lowerBound < y.upperBound ? y : (y.lowerBound - 1)...(y.upperBound + 1)
    }

    // MARK: Coordinates

    /// The horizontal position of `value`.
    func px(_ value: Double) -> Double {
        Self.left + (value - x.lowerBound) / (x.upperBound - x.lowerBound) * (Self.width - Self.left - Self.right)
    }

    /// The vertical position of `value` (up is larger).
    func py(_ value: Double) -> Double {
        Self.height - Self.bottom - (value - y.lowerBound) / (y.upperBound - y.lowerBound) * (Self.height - Self.top - Self.bottom)
    }

    // MARK: Pieces

    /// Horizontal grid lines with their labels on the left.
    mutating func yAxis(_ ticks: [(value: Double, label: String)]) {
        for tick in ticks {
            let at = Self.number(py(tick.value))
            parts.append(
                #"<line class="chart-grid" x1="\#(Self.number(Self.left))" x2="\#(Self.number(Self.width - Self.right))" y1="\#(at)" y2="\#(at)"/>"#
            )
            parts.append(
                #"<text class="chart-label" x="\#(Self.number(Self.left - 4))" y="\#(at)" text-anchor="end" dominant-baseline="middle">\#(HTMLText.escape(tick.label))</text>"#
            )
        }
    }

    /// Labels under the plot.
    mutating func xAxis(_ ticks: [(value: Double, label: String)]) {
        let baseline = Self.number(Self.height - Self.bottom)
        parts.append(
            #"<line class="chart-axis" x1="\#(Self.number(Self.left))" x2="\#(Self.number(Self.width - Self.right))" y1="\#(baseline)" y2="\#(baseline)"/>"#
        )
        for tick in ticks {
            let anchor = px(tick.value) < Self.left + 20 ? "start" : px(tick.value) > Self.width - Self.right - 20 ? "end" : "middle"
            parts.append(
                #"<text class="chart-label" x="\#(Self.number(px(tick.value)))" y="\#(Self.number(Self.height - 6))" text-anchor="\#(anchor)">\#(HTMLText.escape(tick.label))</text>"#
            )
        }
    }

    /// A line through `points` (in order), styled by `style`.
    mutating func line(_ points: [(x: Double, y: Double)], style: String) {
        guard !points.isEmpty else { return }
        let coordinates = points.map { "\(Self.number(px($0.x))),\(Self.number(py($0.y)))" }.joined(separator: " ")
        parts.append(#"<polyline class="\#(HTMLText.escape(style))" points="\#(coordinates)"/>"#)
    }

    /// A dot at each point.
    mutating func dots(_ points: [(x: Double, y: Double)], style: String, radius: Double = 2.5) {
        for point in points {
            parts.append(
                #"<circle class="\#(HTMLText.escape(style))" cx="\#(Self.number(px(point.x)))" cy="\#(Self.number(py(point.y)))" r="\#(Self.number(radius))"/>"#
            )
        }
    }

    /// A diamond at each point: the mark of a personal best, told apart by shape as well as colour.
    mutating func diamonds(_ points: [(x: Double, y: Double)], style: String, testID: String? = nil, size: Double = 5.5) {
        for point in points {
            let (cx, cy) = (px(point.x), py(point.y))
            let corners = [(cx, cy - size), (cx + size, cy), (cx, cy + size), (cx - size, cy)]
                .map { "\(Self.number($0.0)),\(Self.number($0.1))" }.joined(separator: " ")
            parts.append(#"<polygon class="\#(HTMLText.escape(style))" points="\#(corners)"\#(Self.testID(testID))/>"#)
        }
    }

    /// A bar from the bottom of the y axis up to each point's value, `barWidth` x-units wide and centred on it.
    mutating func bars(_ points: [(x: Double, y: Double)], barWidth: Double, style: String) {
        let zero = py(max(y.lowerBound, min(0, y.upperBound)))
        let width = max(0.5, (px(x.lowerBound + barWidth) - px(x.lowerBound)) * 0.8)
        for point in points where point.y > 0 {
            let top = py(point.y)
            parts.append(
                #"<rect class="\#(HTMLText.escape(style))" x="\#(Self.number(px(point.x) - width / 2))" y="\#(Self.number(top))" width="\#(Self.number(width))" height="\#(Self.number(max(0, zero - top)))"/>"#
            )
        }
    }

    /// A dashed horizontal line across the plot at `value` (a goal or target), labelled at its left end (recent data,
    /// on the right, stays clear).
    mutating func target(_ value: Double, label: String, style: String, testID: String? = nil) {
        let at = py(value)
        parts.append(
            #"<line class="\#(HTMLText.escape(style))" x1="\#(Self.number(Self.left))" x2="\#(Self.number(Self.width - Self.right))" y1="\#(Self.number(at))" y2="\#(Self.number(at))" stroke-dasharray="6 4"\#(Self.testID(testID))/>"#
        )
        parts.append(
            #"<text class="chart-label chart-target-label" x="\#(Self.number(Self.left + 4))" y="\#(Self.number(at - 4))" text-anchor="start">\#(HTMLText.escape(label))</text>"#
        )
    }

    /// The finished `<svg>`: an image named by the elements `labelledBy` (ids), styled by `style`.
    func markup(labelledBy: String, style: String = "chart", testID: String? = nil) -> String {
        #"<svg class="\#(HTMLText.escape(style))" viewBox="0 0 \#(Self.number(Self.width)) \#(Self.number(Self.height))" width="100%" preserveAspectRatio="xMidYMid meet" role="img" aria-labelledby="\#(HTMLText.escape(labelledBy))" focusable="false"\#(Self.testID(testID))>"#
            + parts.joined() + "</svg>"
    }

    // MARK: Helpers

    /// Evenly spaced round values covering `range` (about `count` of them): steps of 1, 2, 2.5 or 5 × 10ⁿ.
    static func ticks(covering range: ClosedRange<Double>, count: Int = 4) -> [Double] {
        guard range.lowerBound.isFinite, range.upperBound.isFinite else { return [0, 1] }
        let span = max(range.upperBound - range.lowerBound, 1e-9)
        let rough = span / Double(max(1, count))
        let magnitude = pow(10, floor(log10(rough)))
        let step = [1, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? 10 * magnitude
        let first = floor(range.lowerBound / step) * step
        let last = ceil(range.upperBound / step) * step
        return stride(from: first, through: last + step / 2, by: step).map { ($0 / step).rounded() * step }
    }

    /// A coordinate with one decimal ("12.5"; 0 for a value that is not finite).
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(FiniteNumber.displayInt(rounded)) : String(format: "%.1f", rounded)
    }

    private static func testID(_ id: String?) -> String {
        id.map { #" data-testid="\#(HTMLText.escape($0))""# } ?? ""
    }
}
