import Crypto
import Foundation

/// The 32-byte key from which the vault's data key is derived.
public struct MasterKey: Sendable {
    let key: SymmetricKey
    /// A short fingerprint (not secret) that tells which master key sealed an entry.
    public let id: String
    /// Where the key came from, for messages.
    public let source: String

    /// The environment variable that may hold the key (base64).
    public static let environmentVariable = "AIRFIT_MASTER_KEY"
    /// The file name in the data directory.
    public static let fileName = "master.key"

    init(key: SymmetricKey, source: String) {
        self.key = key
        self.source = source
        let digest = SHA256.hash(data: key.withUnsafeBytes { Data($0) } + Data("airfit-key-id".utf8))
        id = digest.prefix(6).map { String(format: "%02x", $0) }.joined()
    }

    /// A fresh random key.
    public static func generate(source: String = "new key") -> MasterKey {
        MasterKey(key: SymmetricKey(size: .bits256), source: source)
    }

    /// Parses a base64-encoded 32-byte key.
    public static func parse(base64 text: String, source: String) throws -> MasterKey {
        guard let data = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)), data.count == 32 else {
            throw StoreError.masterKeyInvalid(source)
        }
        return MasterKey(key: SymmetricKey(data: data), source: source)
    }

    /// The key as base64, to write to a file or hand to the operator.
    public var base64: String { key.withUnsafeBytes { Data($0).base64EncodedString() } }

    /// Whether the key came from the environment rather than a file.
    public var isFromEnvironment: Bool { source == Self.environmentVariable }

    /// `AIRFIT_MASTER_KEY`, else `master.key` in the data directory (created 0600 on first run).
    /// - Throws: `StoreError.masterKeyPermissions` when the file is readable by others.
    public static func load(environment: [String: String], dataDirectory: DataDirectory, createIfMissing: Bool = true) throws -> MasterKey {
        if let value = environment[environmentVariable], !value.isEmpty {
            return try parse(base64: value, source: environmentVariable)
        }
        let path = dataDirectory.file(fileName)
        if FileManager.default.fileExists(atPath: path) {
            return try read(path: path)
        }
        guard createIfMissing else { throw StoreError.masterKeyInvalid(path) }
        try dataDirectory.create()
        let key = MasterKey.generate(source: path)
        try key.write(to: path)
        return key
    }

    /// Reads a key file, refusing one whose permissions let others read it.
    ///
    /// A symbolic link is judged by the file it points to, and the message names that file.
    public static func read(path: String) throws -> MasterKey {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let attributes = try FileManager.default.attributesOfItem(atPath: target)
        let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0
        guard mode & 0o077 == 0 else {
            let shown = target == path ? path : "\(path) (a link to \(target))"
            throw StoreError.masterKeyPermissions(path: shown, mode: String(format: "%03o", mode & 0o777), fix: target)
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try parse(base64: text, source: path)
    }

    /// Writes the key to `path` atomically with mode 0600.
    public func write(to path: String) throws {
        let temporary = path + ".tmp-\(UUID().uuidString.prefix(8))"
        guard
            FileManager.default.createFile(atPath: temporary, contents: Data((base64 + "\n").utf8), attributes: [.posixPermissions: 0o600])
        else {
            throw StoreError.dataDirectoryNotWritable(path)
        }
        if rename(temporary, path) != 0 {
            try? FileManager.default.removeItem(atPath: temporary)
            throw StoreError.dataDirectoryNotWritable(path)
        }
    }

    /// The AES-256 key used to seal entries: HKDF-SHA256 of the master key.
    var dataKey: SymmetricKey {
        HKDF<SHA256>.deriveKey(
            inputKeyMaterial: key, salt: Data("airfit-vault-v1".utf8), info: Data("vault data key".utf8), outputByteCount: 32)
    }
}
