public import Foundation

/// The folder where AirFit keeps its SQLite database and master key.
public struct DataDirectory: Sendable, Equatable {
    /// Absolute path of the folder.
    public let path: String

    /// Uses `path` as the data directory.
    public init(path: String) {
        self.path = (path as NSString).expandingTildeInPath
    }

    /// `AIRFIT_DATA_DIR`, else `~/.airfit`.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> DataDirectory {
        if let path = environment["AIRFIT_DATA_DIR"], !path.isEmpty { return DataDirectory(path: path) }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return DataDirectory(path: (home as NSString).appendingPathComponent(".airfit"))
    }

    /// A file inside the directory.
    public func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    /// A warning when others may read or enter the directory (the database and master key live here), else nil.
    public func permissionWarning() -> String? {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: target),
            let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue, mode & 0o077 != 0
        else { return nil }
        return "The data directory \(target) can be read by other users (mode \(String(format: "%03o", mode & 0o777))); "
            + "it holds your database and master key. Run: chmod 700 \(target)"
    }

    /// Creates the directory (mode 0700) if it is missing.
    public func create() throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw StoreError.dataDirectoryNotAFolder(path) }
            return
        }
        do {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw StoreError.dataDirectoryNotWritable(path)
        }
    }
}
