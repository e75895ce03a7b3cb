public import Foundation

/// Problems opening the store or the vault, with messages that say what to do.
public enum StoreError: Error, LocalizedError, Equatable, Sendable {
    case dataDirectoryNotAFolder(String)
    case dataDirectoryNotWritable(String)
    case invalidDatabaseURL
    case databaseUnreachable(String)
    case masterKeyPermissions(path: String, mode: String, fix: String)
    case masterKeyInvalid(String)
    case vaultEntryUnreadable(provider: String)

    public var errorDescription: String? {
        switch self {
        case .dataDirectoryNotAFolder(let path):
            return "The data directory \(path) exists but is not a folder. Set AIRFIT_DATA_DIR to a folder."
        case .dataDirectoryNotWritable(let path):
            return "Could not create the data directory \(path). Check its permissions or set AIRFIT_DATA_DIR."
        case .invalidDatabaseURL:
            return "DATABASE_URL is not a valid postgres:// URL (expected postgres://user:password@host:port/database)."
        case .databaseUnreachable(let why):
            return "Could not reach the database: \(why)"
        case .masterKeyPermissions(let path, let mode, let fix):
            return "The master key \(path) has permissions \(mode); it must be readable by you alone. Run: chmod 600 \(fix)"
        case .masterKeyInvalid(let source):
            return "The master key in \(source) is not valid: it must be 32 random bytes, base64-encoded."
        case .vaultEntryUnreadable(let provider):
            return
                "The stored key for \(provider) cannot be decrypted with the current master key. Set it again with `airfit keys set \(provider)`."
        }
    }
}
