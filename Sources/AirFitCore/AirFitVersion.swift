import Foundation

/// The version shown in About, `/health` and `airfit --version`.
public enum AirFitVersion {
    /// Semantic version of this build.
    public static let current = "0.1.0"
}
