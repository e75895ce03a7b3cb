/// The quick log's first step: what to log.
struct QuickLogView: PageView {
    static let template = "quickLog"

    /// One choice.
    struct Option: Sendable {
        let value: String
        let title: String
        let detail: String
    }

    let options = [
        Option(value: "workout", title: "Workout", detail: "Type, minutes, exercises"),
        Option(value: "meal", title: "Meal", detail: "Foods with calories"),
        Option(value: "weight", title: "Weight", detail: "Today's body weight"),
        Option(value: "checkin", title: "Check-in", detail: "Energy, sleep, stress, mood"),
    ]
}
