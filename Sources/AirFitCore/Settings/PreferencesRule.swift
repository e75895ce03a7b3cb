import Foundation

/// What the preferences may be: a time zone this system knows (an IANA name, ``TimeZoneRule``) and a week that
/// starts on Sunday or Monday.
public enum PreferencesRule {
    /// The time zone and week start as posted, both checked.
    /// - Throws: every field that is wrong (`timeZone`, `weekStart`), in the form's order.
    public static func preferences(timeZone: String?, weekStart: String?) throws(SettingsProblems) -> (
        timeZone: String, weekStart: WeekStart
    ) {
        var problems: [ValidationIssue] = []
        let zone = TimeZoneRule.identifier(timeZone)
        if zone == nil {
            let typed = (timeZone ?? "").trimmingCharacters(in: .whitespaces)
            problems.append(
                ValidationIssue(
                    field: "timeZone",
                    message: typed.isEmpty
                        ? "Choose your time zone from the list, like Europe/Berlin."
                        : "There is no time zone called “\(typed.prefix(64))”. Choose one from the list, like Europe/Berlin."))
        }
        let start = weekStart.flatMap(WeekStart.init(rawValue:))
        if start == nil {
            problems.append(ValidationIssue(field: "weekStart", message: "Choose whether your week starts on Sunday or Monday."))
        }
        guard let zone, let start else { throw SettingsProblems(all: problems) }
        return (zone, start)
    }
}
