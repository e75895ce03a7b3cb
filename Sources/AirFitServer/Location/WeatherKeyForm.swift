/// A weather provider's API key as posted. The key is never shown again.
struct WeatherKeyForm: Decodable {
    @FormText var key: String?
}
