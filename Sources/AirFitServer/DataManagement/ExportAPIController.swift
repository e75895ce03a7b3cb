import AirFitCore
import Foundation
import Hummingbird

/// `POST /api/v1/export[?format=json|csv]`: the member's whole export as a download, the same file as Settings → Data
/// gives (and recorded in its export history, which is why it is a POST). A token needs the `read` scope.
struct ExportAPIController: Sendable {
    let repository: any AirFitRepository

    func addRoutes(to group: RouterGroup<APIRequestContext>) {
        group.post("/api/v1/export") { request, context -> Response in
            let named = request.uri.queryParameters["format"].map(String.init) ?? ExportFormat.json.rawValue
            guard let format = ExportFormat(rawValue: named) else {
                let formats = ExportFormat.allCases.map(\.rawValue).joined(separator: " or ")
                throw APIProblem.invalid([.init(field: "format", message: "format must be \(formats).")])
            }
            return try await DataController.export(context.user.id, format: format, repository: repository)
        }
    }
}
