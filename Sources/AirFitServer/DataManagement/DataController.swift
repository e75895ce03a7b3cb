import AirFitCore
import Foundation
import Hummingbird

/// Data management: export as a download, export history, delete all data.
struct DataController: Sendable {
    let repository: any AirFitRepository
    let drafts: OnboardingDrafts
    let sessions: SessionStore
    let views: Views

    func addRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.get("/settings/data") { request, context -> Response in
            let signed = context.signed
            let exports = try await repository.exports(userID: signed.user.id)
            let page = DataView(deleted: request.uri.queryParameters["deleted"] != nil, exports: exports.map(DataView.Export.init))
            let chrome = PageChrome(csrf: signed.session.csrfToken, heading: "Data management")
            return views.response(page, title: "Data management", user: signed.user, chrome: chrome)
        }
        group.post("/settings/data/export") { request, context -> Response in
            let signed = context.signed
            struct ExportForm: Decodable {
                @FormText var format: String?
            }
            let format = try await request.decodeForm(ExportForm.self).format.flatMap(ExportFormat.init(rawValue:)) ?? .json
            return try await Self.export(signed.user.id, format: format, repository: repository)
        }
        group.post("/settings/data/delete") { _, context -> Response in
            let signed = context.signed
            _ = try await repository.deleteAllData(userID: signed.user.id)
            // The sign-in (account, session) stays, so the person starts again from fresh settings with the same id;
            // the draft may live in another store than the data.
            try await repository.createUser(User(id: signed.user.id, email: signed.account.email))
            try await drafts.remove(for: signed.user.id)
            return WebResponses.redirect("/settings/data?deleted=1")
        }
    }

    /// The member's whole export as a download: written to a private temporary file first (memory stays flat for a
    /// years-long history), then streamed; recorded in the export history.
    static func export(_ userID: UUID, format: ExportFormat, repository: any AirFitRepository) async throws -> Response {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("airfit-export-\(UUID().uuidString)").path
        let record: DataExport
        do {
            let sink = try FileSink(path: path)
            record = try await DataExporter(repository: repository).export(userID: userID, format: format, to: sink)
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

    private static func fileDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: date)
    }
}
