import AirFitCore
import Foundation
import Hummingbird

/// `GET /health`: the database's state as JSON, 503 when it is not reachable. Needs no sign-in.
struct HealthController: Sendable {
    let health: any HealthChecking

    func addRoutes(to group: RouterGroup<AirFitRequestContext>) {
        group.get("/health") { _, _ -> Response in
            let report = await health.report()
            let body = try JSONCoding.encoder.encode(report)
            return Response(
                status: report.database.status == "ok" ? .ok : .serviceUnavailable,
                headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(bytes: body)))
        }
    }
}
