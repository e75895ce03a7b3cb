import AirFitTestSupport
import Foundation

/// A clock tests move by hand.
final class TestClock: Sendable {
    private let current: Locked<Date>

    init(_ start: Date = Date(timeIntervalSince1970: 1_717_243_200)) { current = Locked(start) }

    var now: Date { current.value }

    func advance(by seconds: TimeInterval) { current.update { $0 = $0.addingTimeInterval(seconds) } }

    /// The closure `WeatherService` takes.
    var closure: @Sendable () -> Date { { [current] in current.value } }
}
