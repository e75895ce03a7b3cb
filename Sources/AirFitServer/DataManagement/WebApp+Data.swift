import AirFitCore
import Foundation
import Hummingbird

/// Data management: export as a download, export history, delete all data.
extension WebApp {
    func registerData(on router: Router<AirFitRequestContext>) {
        router.get("/settings/data") { request, _ -> Response in
            try await requireSignIn(request) { signed in
                let exports = try await dependencies.repository.exports(userID: signed.user.id)
                let context: [String: Any] = [
                    "csrf": signed.session.csrfToken, "heading": "Data management",
                    "deleted": request.uri.queryParameters["deleted"] != nil,
                    "exports": exports.map(Self.historyRow),
                ]
                return page("data", title: "Data management", user: signed.user, context: context)
            }
        }
        router.post("/settings/data/export") { request, _ -> Response in
            try await requireForm(request) { signed, form in
                let format = form["format"].flatMap(ExportFormat.init(rawValue:)) ?? .json
                // In memory: a personal archive is small; a file-backed stream can replace this when it is not.
                let sink = MemorySink()
                let record = try await DataExporter(repository: dependencies.repository).export(
                    userID: signed.user.id, format: format, to: sink)
                let name = "airfit-export-\(Self.fileDate(record.date)).\(format.fileExtension)"
                return Response(
                    status: .ok,
                    headers: [
                        .contentType: format.mimeType, .contentDisposition: "attachment; filename=\"\(name)\"", .cacheControl: "no-store",
                    ],
                    body: .init(byteBuffer: ByteBuffer(bytes: sink.bytes)))
            }
        }
        router.post("/settings/data/delete") { request, _ -> Response in
            try await requireForm(request) { signed, _ in
                _ = try await dependencies.repository.deleteAllData(userID: signed.user.id)
                await drafts.remove(for: signed.user.id)
                var session = signed.session
                session.skippedOnboarding = false
                await sessions.update(signed.token, session)
                return WebResponses.redirect("/settings/data?deleted=1")
            }
        }
    }

    /// One line of export history: date, format and size.
    static func historyRow(_ export: DataExport) -> [String: Any] {
        [
            "date": export.date.formatted(date: .abbreviated, time: .shortened),
            "format": export.format == .json ? "JSON" : "CSV",
            "size": ByteCountFormatter.string(fromByteCount: export.size, countStyle: .file),
        ]
    }

    private static func fileDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: date)
    }
}
