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
                // Written to a private temporary file first (memory stays flat for a years-long history), then streamed.
                let path = FileManager.default.temporaryDirectory.appendingPathComponent("airfit-export-\(UUID().uuidString)").path
                let record: DataExport
                do {
                    let sink = try FileSink(path: path)
                    record = try await DataExporter(repository: dependencies.repository).export(
                        userID: signed.user.id, format: format, to: sink)
                    try sink.close()
                } catch {
                    try? FileManager.default.removeItem(atPath: path)
                    throw error
                }
                let name = "airfit-export-\(Self.fileDate(record.date)).\(format.fileExtension)"
                return Response(
                    status: .ok,
                    headers: [
                        .contentType: format.mimeType, .contentDisposition: "attachment; filename=\"\(name)\"", .cacheControl: "no-store",
                        .contentLength: String(record.size),
                    ],
                    body: Self.fileBody(path: path))
            }
        }
        router.post("/settings/data/delete") { request, _ -> Response in
            try await requireForm(request) { signed, _ in
                _ = try await dependencies.repository.deleteAllData(userID: signed.user.id)
                // The draft may live in another store than the data; the sign-in (account, session) stays.
                try await drafts.remove(for: signed.user.id)
                var session = signed.session
                session.skippedOnboarding = false
                try await sessions.update(session)
                return WebResponses.redirect("/settings/data?deleted=1")
            }
        }
    }

    /// Streams the file at `path` in 64 KiB pieces and removes it afterwards, also when the download is cut off.
    static func fileBody(path: String) -> ResponseBody {
        ResponseBody { writer in
            defer { try? FileManager.default.removeItem(atPath: path) }
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            while let chunk = try handle.read(upToCount: 64 * 1024), !chunk.isEmpty {
                try await writer.write(ByteBuffer(bytes: chunk))
            }
            try await writer.finish(nil)
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
