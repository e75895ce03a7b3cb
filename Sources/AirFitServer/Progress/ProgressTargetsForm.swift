/// The targets form as posted: each number as typed (checked by Core's `ProgressTargetsRule`), and the range the
/// page was showing, to go back to.
struct ProgressTargetsForm: Decodable {
    @FormText var goalWeight: String?
    @FormText var calories: String?
    @FormText var protein: String?
    @FormText var range: String?
}
