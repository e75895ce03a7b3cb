import AirFitStore
import Foundation
import Testing

@Suite("StoreConfiguration")
struct StoreConfigurationTests {
    @Test(
        "The redacted description never contains the password",
        arguments: [
            ("postgres://airfit:s3cr3t-Pa55@db.example.com:5432/airfit", "s3cr3t-Pa55"),
            ("postgresql://airfit:hunter2hunter2@localhost/airfit?sslmode=require", "hunter2hunter2"),
            ("postgres://airfit:p%40ss%2Fw0rd!@db.internal/airfit", "p%40ss%2Fw0rd!"),
            ("postgres://airfit:p%40ss%2Fw0rd!@db.internal/airfit", "p@ss/w0rd!"),
            ("postgres://db.internal/airfit?user=airfit&password=querySecret99", "querySecret99"),
            ("postgres://airfit:with space@db.internal/airfit", "with space"),
            ("postgres://airfit:hash#frag@db.internal/airfit", "hash#frag"),
            ("postgres://:onlyPassword77@db.internal/airfit", "onlyPassword77"),
            ("postgres://airfit:colon:inside:pw@db.internal/airfit", "colon:inside:pw"),
        ])
    func redactsPassword(url: String, password: String) {
        let description = StoreConfiguration(backend: .postgres(url: url)).redactedDescription
        #expect(!description.contains(password), "\(description)")
        #expect(description.hasPrefix("PostgreSQL"))
    }

    @Test("The redacted description still says where the database is")
    func keepsLocation() {
        let description = StoreConfiguration(backend: .postgres(url: "postgres://airfit:pw123456@db.example.com:5433/fit"))
            .redactedDescription
        #expect(description == "PostgreSQL at postgres://airfit:***@db.example.com:5433/fit")
        #expect(StoreConfiguration(backend: .sqlite(path: "/data/airfit.sqlite")).redactedDescription == "SQLite at /data/airfit.sqlite")
    }

    @Test("DATABASE_URL selects PostgreSQL; otherwise SQLite in the data directory")
    func fromEnvironment() throws {
        let directory = DataDirectory(path: "/tmp/airfit-config-test")
        let postgres = try StoreConfiguration.fromEnvironment(["DATABASE_URL": "postgres://u:p@h/db"], dataDirectory: directory)
        #expect(postgres.backend == .postgres(url: "postgres://u:p@h/db"))
        let sqlite = try StoreConfiguration.fromEnvironment(["DATABASE_URL": ""], dataDirectory: directory)
        #expect(sqlite.backend == .sqlite(path: "/tmp/airfit-config-test/airfit.sqlite"))
    }

    @Test(
        "A DATABASE_URL that is not postgres:// is refused", arguments: ["mysql://u:p@h/db", "postgres://", "/var/lib/db.sqlite", "h:5432"])
    func invalidURL(url: String) {
        #expect(throws: StoreError.invalidDatabaseURL) {
            try StoreConfiguration.fromEnvironment(["DATABASE_URL": url], dataDirectory: DataDirectory(path: "/tmp"))
        }
    }
}

@Suite("DataDirectory")
struct DataDirectoryTests {
    @Test("AIRFIT_DATA_DIR wins, else ~/.airfit under HOME")
    func fromEnvironment() {
        #expect(DataDirectory.fromEnvironment(["AIRFIT_DATA_DIR": "/srv/airfit", "HOME": "/home/x"]).path == "/srv/airfit")
        #expect(DataDirectory.fromEnvironment(["HOME": "/home/x"]).path == "/home/x/.airfit")
        #expect(DataDirectory.fromEnvironment(["AIRFIT_DATA_DIR": "", "HOME": "/home/x"]).path == "/home/x/.airfit")
    }

    @Test("create makes a 0700 folder and refuses a path that is a file")
    func create() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("airfit-dir-tests-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let directory = DataDirectory(path: root + "/a/b")
        try directory.create()
        try directory.create()
        let mode = try #require(
            (try FileManager.default.attributesOfItem(atPath: directory.path)[.posixPermissions] as? NSNumber)?.intValue)
        #expect(mode & 0o777 == 0o700)
        let file = root + "/file"
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        #expect(throws: StoreError.dataDirectoryNotAFolder(file)) { try DataDirectory(path: file).create() }
    }
}
