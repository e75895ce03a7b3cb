import AirFitCore
import AirFitStore
import Foundation
import Hummingbird
import Logging

/// The request context of every route.
public typealias AirFitRequestContext = BasicRequestContext

/// The services the routes use.
public struct ServerDependencies: Sendable {
    public var health: any HealthChecking

    /// Creates the dependency set.
    public init(health: any HealthChecking) {
        self.health = health
    }
}

/// Builds the router; tests drive it in-process.
public func buildRouter(_ dependencies: ServerDependencies) -> Router<AirFitRequestContext> {
    let router = Router(context: AirFitRequestContext.self)
    router.get("/health") { _, _ -> Response in
        let report = await dependencies.health.report()
        let body = try JSONCoding.encoder.encode(report)
        return Response(
            status: report.database.status == "ok" ? .ok : .serviceUnavailable,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
    router.get("/") { _, _ -> Response in
        Response(
            status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: LandingPage.html)))
    }
    return router
}

/// Builds the whole application listening where `configuration` says.
public func buildApplication(
    configuration: ServerConfiguration, dependencies: ServerDependencies, logger: Logger
) -> some ApplicationProtocol {
    Application(
        router: buildRouter(dependencies),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "AirFit"),
        logger: logger)
}
