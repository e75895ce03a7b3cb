import AirFitCore
import AirFitStore
import AirFitWeather
public import ArgumentParser
import AsyncHTTPClient
import Foundation

/// `airfit weather`: current conditions and the forecast for a point.
struct WeatherCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weather",
        abstract: "Show current weather, the daily forecast and the next hours for a location.",
        discussion: """
            Open-Meteo needs no key. For OpenWeatherMap or WeatherAPI.com, store your key first with
            `airfit keys set openweathermap` or `airfit keys set weatherapi`.
            """)

    // `.unconditional`: the value after --lat/--lon is a number even when it starts with "-" (west, south).
    @Option(parsing: .unconditional, help: "Latitude in degrees (-90 to 90).")
    var lat: Double

    @Option(parsing: .unconditional, help: "Longitude in degrees (-180 to 180).")
    var lon: Double

    @Option(help: "Units: metric (°C, km/h) or imperial (°F, mph).")
    var units: WeatherUnits = .metric

    @Option(help: "Provider: \(WeatherProviderID.allCases.map(\.rawValue).joined(separator: ", ")).")
    var provider: WeatherProviderID = .openMeteo

    @Option(help: "Forecast days (1 to 16; OpenWeatherMap has 5, WeatherAPI.com up to 14).")
    var days: Int = 3

    @Option(help: "Provider base URL, for testing against a local server (e.g. http://127.0.0.1:8081).")
    var baseURL: String?

    func validate() throws {
        guard WeatherService.forecastDayRange.contains(days) else {
            throw ValidationError("--days must be between 1 and 16.")
        }
        if let baseURL {
            guard let url = URL(string: baseURL), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw ValidationError("--base-url must be an http(s) URL such as http://127.0.0.1:8081.")
            }
        }
    }

    @OptionGroup var person: PersonOptions

    func run() async throws {
        let logger = CLI.logger()
        let baseURL = self.baseURL.flatMap(URL.init(string:))
        let (lat, lon, days, units, provider) = (self.lat, self.lon, self.days, self.units, self.provider)
        let report: String
        if provider.secretProvider == nil {
            report = try await Self.fetchReport(
                provider: provider, keys: .none, baseURL: baseURL, lat: lat, lon: lon, days: days, units: units)
        } else {
            report = try await CLI.withStore(logger: logger) { context in
                let owner = try await person.person(in: context)
                return try await Self.fetchReport(
                    provider: provider, keys: WeatherAPIKeySource(vault: context.vault, userID: owner.id), baseURL: baseURL,
                    lat: lat, lon: lon, days: days, units: units)
            }
        }
        print(report)
    }

    /// Fetches current conditions and the forecast together; a weather error becomes one actionable line.
    private static func fetchReport(
        provider id: WeatherProviderID, keys: WeatherAPIKeySource, baseURL: URL?, lat: Double, lon: Double, days: Int,
        units: WeatherUnits
    ) async throws -> String {
        let client = AsyncHTTPWeatherClient.makeFailFastClient()
        let http = AsyncHTTPWeatherClient(client: client, logger: CLI.logger(label: "airfit.weather"))
        let provider = WeatherProviderCatalog.provider(id, baseURL: baseURL, keys: keys, http: http)
        let service = WeatherService(provider: provider, logger: CLI.logger(label: "airfit.weather"))
        let outcome: Result<String, any Error>
        do {
            async let current = service.current(lat: lat, lon: lon, units: units)
            async let forecast = service.forecast(lat: lat, lon: lon, days: days, units: units)
            outcome = .success(WeatherTextReport.render(current: try await current, forecast: try await forecast, now: Date()))
        } catch let error as WeatherError {
            outcome = .failure(CLI.fail(CLIError(error.fullMessage)))
        } catch {
            outcome = .failure(error)
        }
        try? await client.shutdown()
        return try outcome.get()
    }
}

extension WeatherUnits: ExpressibleByArgument {}
extension WeatherProviderID: ExpressibleByArgument {}
