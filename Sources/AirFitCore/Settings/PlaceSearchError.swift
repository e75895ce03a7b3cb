public import Foundation

/// Why a place search failed, in words a person can act on.
public enum PlaceSearchError: Error, LocalizedError, Equatable {
    /// The name was empty or too long.
    case invalidName(String)
    /// The geocoder could not be reached or answered with something unusable.
    case unavailable(String)
    /// The geocoder's address, from `AIRFIT_GEOCODING_URL`, is not usable (the message says what to set).
    case misconfigured(String)

    public var errorDescription: String? {
        switch self {
        case .invalidName(let why): why
        case .unavailable(let detail): "Place search is not available right now (\(detail)). Try again, or give coordinates."
        case .misconfigured(let why): why
        }
    }
}
