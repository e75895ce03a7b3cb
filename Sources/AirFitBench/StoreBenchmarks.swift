import AirFitCore
import AirFitStore
import Foundation
import Logging

/// `AirFitBench vault` and `AirFitBench export`: storage figures on SQLite.
enum StoreBenchmarks {
    static var logger: Logger {
        var logger = Logger(label: "bench")
        logger.logLevel = .error
        return logger
    }

    /// Key-vault save + read latency per operation (goal < 1 ms; the spec allows 100 ms).
    static func vault(_ args: [String]) async throws {
        let operations = args.first.flatMap(Int.init) ?? 2000
        let directory = try Bench.temporaryDirectory("vault")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try await AirFitDatabase.open(.init(backend: .sqlite(path: directory + "/airfit.sqlite")), logger: logger)
        let vault = KeyVault(database: database, masterKey: .generate())
        let user = UUID()
        let providers = SecretProviders.all
        var saves: [Double] = []
        var reads: [Double] = []
        for index in 0..<operations {
            let provider = providers[index % providers.count]
            let secret = "sk-bench-\(index)-\(UUID().uuidString)"
            let t0 = Bench.now()
            try await vault.saveSecret(secret, provider: provider, userID: user)
            let t1 = Bench.now()
            let read = try await vault.secret(provider: provider, userID: user)
            let t2 = Bench.now()
            precondition(read == secret, "vault returned a different secret")
            saves.append(t1 - t0)
            reads.append(t2 - t1)
        }
        await database.shutdown()
        saves.sort()
        reads.sort()
        let mean = { (values: [Double]) in values.reduce(0, +) / Double(values.count) }
        print("vault (SQLite, \(operations) ops each):")
        print(
            "  save: mean \(Bench.format(mean(saves))), p50 \(Bench.format(Bench.percentile(saves, 0.5))), p99 \(Bench.format(Bench.percentile(saves, 0.99)))"
        )
        print(
            "  read: mean \(Bench.format(mean(reads))), p50 \(Bench.format(Bench.percentile(reads, 0.5))), p99 \(Bench.format(Bench.percentile(reads, 0.99)))"
        )
        print("  save+read: mean \(Bench.format(mean(saves) + mean(reads))) per pair (goal < 1 ms)")
    }

    /// Export of a synthetic 5-year heavy user (~200k rows) on SQLite (goal < 2 s, memory growth < 64 MB).
    static func export(_ args: [String]) async throws {
        let scale = args.first.flatMap(Double.init) ?? 1.0
        let directory = try Bench.temporaryDirectory("export")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try await AirFitDatabase.open(.init(backend: .sqlite(path: directory + "/airfit.sqlite")), logger: logger)
        let archive = SyntheticUser.archive(scale: scale)
        let seedStart = Bench.now()
        try await database.store.importArchive(archive)
        let seedTime = Bench.now() - seedStart
        let rows = archive.recordCount
        print(
            "export: seeded \(rows) rows in \(Bench.format(seedTime)) (\(archive.workouts.count) workouts, \(archive.foodEntries.count) meals, \(archive.dailyLogs.count) daily logs, \(archive.coachMessages.count) messages)"
        )
        let userID = archive.user.id
        _ = consume archive
        if ProcessInfo.processInfo.environment["AIRFIT_BENCH_BREAKDOWN"] == "1" {
            var t = Bench.now()
            var all: [CoachMessage] = []
            var offset = 0
            while true {
                let page = try await database.store.messages(userID: userID, query: .page(offset: offset, limit: 1000))
                all += page
                offset += page.count
                if page.count < 1000 { break }
            }
            print("  breakdown: fetch \(all.count) messages \(Bench.format(Bench.now() - t))")
            t = Bench.now()
            let encoder = JSONCoding.encoder
            var bytes = 0
            for message in all { bytes += try encoder.encode(message).count }
            print("  breakdown: JSONEncoder \(all.count) messages \(Bench.format(Bench.now() - t)) (\(bytes) bytes)")
        }
        for format in ExportFormat.allCases {
            let path = directory + "/export.\(format.fileExtension)"
            let rssBefore = Bench.status("VmRSS")
            Bench.resetPeakMemory()
            let start = Bench.now()
            let sink = try FileSink(path: path)
            let record = try await DataExporter(repository: database.store).export(userID: userID, format: format, to: sink)
            try sink.close()
            let elapsed = Bench.now() - start
            let growth = max(0, Bench.status("VmHWM") - rssBefore)
            print(
                String(
                    format: "  %@: %@, %.1f MB written, peak memory growth %.1f MB (goals: < 2 s, < 64 MB)",
                    format.rawValue, Bench.format(elapsed), Double(record.size) / 1e6, Double(growth) / 1e6))
        }
        await database.shutdown()
    }
}
