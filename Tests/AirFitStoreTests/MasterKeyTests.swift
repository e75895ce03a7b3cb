import AirFitStore
import Foundation
import Testing

@Suite("MasterKey")
struct MasterKeyTests {
    private static func mode(of path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require((attributes[.posixPermissions] as? NSNumber)?.intValue) & 0o777
    }

    private static func withDirectory(_ body: (DataDirectory) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("airfit-key-tests-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(DataDirectory(path: path + "/nested/data"))
    }

    @Test("On first run load creates master.key with mode 0600 in a 0700 folder, then reads the same key")
    func createsKeyFile() throws {
        try Self.withDirectory { directory in
            let key = try MasterKey.load(environment: [:], dataDirectory: directory)
            let path = directory.file(MasterKey.fileName)
            #expect(FileManager.default.fileExists(atPath: path))
            #expect(try Self.mode(of: path) == 0o600)
            #expect(try Self.mode(of: directory.path) == 0o700)
            #expect(key.source == path)
            #expect(!key.isFromEnvironment)
            #expect(Data(base64Encoded: key.base64)?.count == 32)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == key.base64 + "\n")

            let again = try MasterKey.load(environment: [:], dataDirectory: directory)
            #expect(again.base64 == key.base64)
            #expect(again.id == key.id)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [MasterKey.fileName])
        }
    }

    @Test("A key file others can read is refused with the chmod to run", arguments: [0o644, 0o640, 0o604, 0o660, 0o777])
    func refusesOpenPermissions(mode: Int) throws {
        try Self.withDirectory { directory in
            _ = try MasterKey.load(environment: [:], dataDirectory: directory)
            let path = directory.file(MasterKey.fileName)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
            let expected = StoreError.masterKeyPermissions(path: path, mode: String(format: "%03o", mode), fix: path)
            #expect(throws: expected) { try MasterKey.load(environment: [:], dataDirectory: directory) }
            #expect(expected.errorDescription?.contains("chmod 600 \(path)") == true)
        }
    }

    @Test("A symlinked key file is judged by its target, and the message names the target")
    func symlinkedKey() throws {
        try Self.withDirectory { directory in
            try directory.create()
            let elsewhere = try TestDirectory.make()
            defer { TestDirectory.remove(elsewhere) }
            let target = elsewhere.file("real.key")
            try MasterKey.generate().write(to: target)
            let link = directory.file(MasterKey.fileName)
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
            // The link itself reads as 777; the 600 target is what counts.
            #expect(throws: Never.self) { try MasterKey.load(environment: [:], dataDirectory: directory, createIfMissing: false) }
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target)
            do {
                _ = try MasterKey.load(environment: [:], dataDirectory: directory, createIfMissing: false)
                Issue.record("a key readable by others was accepted through a link")
            } catch let error as StoreError {
                let message = error.errorDescription ?? ""
                #expect(message.contains("a link to \(target)"))
                #expect(message.contains("644"))
                #expect(message.contains("chmod 600 \(target)"))
            }
        }
    }

    @Test("A data directory others can read gets a warning with the chmod to run")
    func dataDirectoryWarning() throws {
        try Self.withDirectory { directory in
            try directory.create()
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
            #expect(directory.permissionWarning() == nil)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
            let warning = try #require(directory.permissionWarning())
            #expect(warning.contains("mode 755") && warning.contains("chmod 700"))
        }
    }

    @Test("A key file readable only by its owner is accepted", arguments: [0o600, 0o400])
    func acceptsPrivatePermissions(mode: Int) throws {
        try Self.withDirectory { directory in
            let key = try MasterKey.load(environment: [:], dataDirectory: directory)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: directory.file(MasterKey.fileName))
            #expect(try MasterKey.load(environment: [:], dataDirectory: directory).base64 == key.base64)
        }
    }

    @Test("AIRFIT_MASTER_KEY wins over the file and writes nothing")
    func environmentKey() throws {
        try Self.withDirectory { directory in
            let generated = MasterKey.generate()
            let key = try MasterKey.load(environment: [MasterKey.environmentVariable: " \(generated.base64)\n"], dataDirectory: directory)
            #expect(key.base64 == generated.base64)
            #expect(key.id == generated.id)
            #expect(key.isFromEnvironment)
            #expect(!FileManager.default.fileExists(atPath: directory.path))
        }
    }

    @Test(
        "A bad AIRFIT_MASTER_KEY is rejected naming the variable",
        arguments: [
            "not base64 at all!", "c2hvcnQ=", Data(repeating: 7, count: 31).base64EncodedString(),
            Data(repeating: 7, count: 33).base64EncodedString(),
        ])
    func badEnvironmentKey(value: String) throws {
        try Self.withDirectory { directory in
            #expect(throws: StoreError.masterKeyInvalid(MasterKey.environmentVariable)) {
                try MasterKey.load(environment: [MasterKey.environmentVariable: value], dataDirectory: directory)
            }
            #expect(!FileManager.default.fileExists(atPath: directory.file(MasterKey.fileName)))
        }
    }

    @Test("An empty AIRFIT_MASTER_KEY falls back to the key file")
    func emptyEnvironmentKey() throws {
        try Self.withDirectory { directory in
            let key = try MasterKey.load(environment: [MasterKey.environmentVariable: ""], dataDirectory: directory)
            #expect(key.source == directory.file(MasterKey.fileName))
        }
    }

    @Test("A damaged key file is rejected naming the file")
    func damagedFile() throws {
        try Self.withDirectory { directory in
            try directory.create()
            let path = directory.file(MasterKey.fileName)
            #expect(FileManager.default.createFile(atPath: path, contents: Data("garbage\n".utf8), attributes: [.posixPermissions: 0o600]))
            #expect(throws: StoreError.masterKeyInvalid(path)) { try MasterKey.load(environment: [:], dataDirectory: directory) }
        }
    }

    @Test("Without createIfMissing a missing key file is an error and nothing is created")
    func noCreate() throws {
        try Self.withDirectory { directory in
            let path = directory.file(MasterKey.fileName)
            #expect(throws: StoreError.masterKeyInvalid(path)) {
                try MasterKey.load(environment: [:], dataDirectory: directory, createIfMissing: false)
            }
            #expect(!FileManager.default.fileExists(atPath: directory.path))
        }
    }

    @Test("parse accepts exactly 32 base64 bytes and write → read returns the same key")
    func parseAndWrite() throws {
        try Self.withDirectory { directory in
            let key = MasterKey.generate()
            #expect(try MasterKey.parse(base64: key.base64, source: "test").id == key.id)
            try directory.create()
            let path = directory.file("copy.key")
            try key.write(to: path)
            #expect(try Self.mode(of: path) == 0o600)
            #expect(try MasterKey.read(path: path).base64 == key.base64)
            #expect(MasterKey.generate().id != key.id)
            #expect(key.id.count == 12)
            #expect(!key.id.contains(key.base64.prefix(6)))
        }
    }
}
