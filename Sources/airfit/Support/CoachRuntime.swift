import AirFitAI
import AirFitCoach
import AirFitCore
import AirFitStore
import AirFitWeather
import AsyncHTTPClient
import Foundation

/// The coach engine as the command line runs it: storage, the key vault, the AI client and, unless turned
/// off, Open-Meteo weather for the person's saved location (as `airfit weather` fetches it).
struct CoachRuntime {
    /// How long the weather may take before the coach answers without it.
    static let weatherTimeout: Duration = .seconds(5)

    let engine: CoachEngine
    private let closeWeather: @Sendable () async -> Void

    /// Creates the engine over `context`.
    init(context: StoreContext, weather: WeatherOptions, prices: PriceTable = .shipped) {
        var source: WeatherServiceSource?
        var close: @Sendable () async -> Void = {}
        if !weather.noWeather {
            let client = AsyncHTTPWeatherClient.makeFailFastClient()
            let logger = CLI.logger(label: "airfit.weather")
            let http = AsyncHTTPWeatherClient(client: client, logger: logger)
            let provider = WeatherProviderCatalog.provider(
                .openMeteo, baseURL: weather.weatherBaseURL.flatMap(URL.init(string:)), http: http, timeout: Self.weatherTimeout,
                logger: logger)
            source = WeatherServiceSource(service: WeatherService(provider: provider, logger: logger))
            close = { try? await client.shutdown() }
        }
        // Metered like the server's: the member's budget is checked and every call recorded in their usage ledger.
        let ai = MeteredStreaming(
            AIClient(logger: CLI.logger(label: "airfit.ai")),
            usage: UsageMeter(ledger: context.store, plans: context.store, prices: prices, now: { Date() }))
        // The CLI's chat adapts the plan too: a logged workout runs the rules, the coach may propose changes.
        let plans = PlanCoordinator(
            repository: context.store,
            reasons: CoachPlanReasons(repository: context.store, vault: context.vault, streamer: ai, log: context.store))
        engine = CoachEngine(repository: context.store, vault: context.vault, streamer: ai, weather: source, plan: plans)
        closeWeather = close
    }

    /// Releases the weather connection pool.
    func shutdown() async {
        await closeWeather()
    }
}
