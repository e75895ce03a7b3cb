import AirFitCore
import Foundation

/// Data management: export form, export history, delete all data.
struct DataView: PageView {
    static let template = "data"

    /// One line of export history: date, format and size.
    struct Export: Sendable {
        let date: String
        let format: String
        let size: String

        init(_ export: DataExport) {
            date = export.date.formatted(date: .abbreviated, time: .shortened)
            format = export.format == .json ? "JSON" : "CSV"
            size = ByteCountFormatter.string(fromByteCount: export.size, countStyle: .file)
        }
    }

    /// "All your data was deleted." after a delete.
    let deleted: Bool
    let exports: [Export]
}
