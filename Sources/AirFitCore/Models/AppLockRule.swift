import Foundation

/// The app lock's idle timeout: one rule for the settings form, the lock itself and imports.
public enum AppLockRule {
    /// The idle minutes a person may choose.
    public static let minutes = 1...60

    /// What the settings page says about a value outside ``minutes``.
    public static let problem = "Enter the idle minutes as a whole number from 1 to 60."

    /// The timeout `stored` stands for, kept within ``minutes`` (a damaged row never disables the lock).
    public static func effectiveMinutes(_ stored: Int) -> Int {
        min(max(stored, minutes.lowerBound), minutes.upperBound)
    }
}
