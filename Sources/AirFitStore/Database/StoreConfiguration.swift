public import Foundation

/// Which database to use.
public struct StoreConfiguration: Sendable, Equatable {
    /// The database backend.
    public enum Backend: Sendable, Equatable {
        /// A SQLite file (WAL mode).
        case sqlite(path: String)
        /// A PostgreSQL server.
        case postgres(url: String)
    }

    public var backend: Backend

    /// Uses `backend`.
    public init(backend: Backend) { self.backend = backend }

    /// `DATABASE_URL` (postgres://…) when set, else `airfit.sqlite` in the data directory.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment, dataDirectory: DataDirectory
    ) throws -> StoreConfiguration {
        if let url = environment["DATABASE_URL"], !url.isEmpty {
            guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://"), URL(string: url)?.host != nil else {
                throw StoreError.invalidDatabaseURL
            }
            return StoreConfiguration(backend: .postgres(url: url))
        }
        return StoreConfiguration(backend: .sqlite(path: dataDirectory.file("airfit.sqlite")))
    }

    /// A description safe for logs: the password is never shown.
    public var redactedDescription: String {
        switch backend {
        case .sqlite(let path): return "SQLite at \(path)"
        case .postgres(let url):
            guard var components = URLComponents(string: url) else { return "PostgreSQL" }
            if components.password != nil { components.password = "***" }
            components.query = nil
            return "PostgreSQL at \(components.string ?? "(unprintable URL)")"
        }
    }
}
