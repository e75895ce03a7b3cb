public import Foundation

/// The file format of a data export.
public enum ExportFormat: String, Codable, CaseIterable, Sendable {
    /// One JSON archive.
    case json
    /// A zip of one CSV per table.
    case csv

    /// The file extension of the produced file.
    public var fileExtension: String { self == .json ? "json" : "zip" }
    /// The MIME type of the produced file.
    public var mimeType: String { self == .json ? "application/json" : "application/zip" }
}

/// A record of one data export, shown in the export history.
public struct DataExport: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    public var userID: UUID
    public var date: Date
    /// Size of the produced file in bytes.
    public var size: Int64
    public var format: ExportFormat

    /// Creates an export record.
    public init(id: UUID = UUID(), userID: UUID, date: Date = Date(), size: Int64, format: ExportFormat) {
        self.id = id
        self.userID = userID
        self.date = date
        self.size = size
        self.format = format
    }
}
