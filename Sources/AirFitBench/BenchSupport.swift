import Foundation

/// Timing and memory helpers for the benchmarks.
enum Bench {
    /// Seconds since an arbitrary point, monotonic.
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// A field of /proc/self/status in bytes (VmRSS, VmHWM).
    static func status(_ field: String) -> Int64 {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            let digits = line.split(separator: " ").compactMap { Int64($0) }.first ?? 0
            return digits * 1024
        }
        return 0
    }

    /// Resets the peak-RSS counter (VmHWM) so that a later reading covers only what follows.
    static func resetPeakMemory() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    /// A fresh temporary folder.
    static func temporaryDirectory(_ name: String) throws -> String {
        let path = NSTemporaryDirectory() + "airfit-bench-\(name)-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return path
    }

    static func format(_ seconds: Double) -> String {
        seconds < 0.001
            ? String(format: "%.1f µs", seconds * 1e6)
            : seconds < 1 ? String(format: "%.2f ms", seconds * 1e3) : String(format: "%.2f s", seconds)
    }

    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }
}
