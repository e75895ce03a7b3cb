import AirFitCore
import Foundation

/// The price table model calls are costed with: the shipped list prices, with `AIRFIT_PRICES` (a JSON file in the same
/// shape, see ``PriceTable/init(json:)``) laid over them when set.
enum ConfiguredPrices {
    /// The environment variable naming the override file.
    static let variable = "AIRFIT_PRICES"

    /// The table for this process.
    /// - Throws: ``CLIError`` naming the file and what's wrong with it.
    static func load(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> PriceTable {
        guard let path = environment[variable], !path.isEmpty else { return .shipped }
        let url = URL(fileURLWithPath: path)
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? nil
        guard let size else { throw CLIError("\(variable) names \(path), which can't be read. Point it at a JSON price file.") }
        guard size <= PriceTable.maximumFileBytes else {
            throw CLIError("\(variable) names \(path), which is larger than \(PriceTable.maximumFileBytes / 1_000_000) MB.")
        }
        do {
            return PriceTable.shipped.merging(try PriceTable(json: try Data(contentsOf: url)))
        } catch let error as PriceTableError {
            throw CLIError("\(variable) (\(path)): \(error.localizedDescription)")
        } catch {
            throw CLIError("\(variable) names \(path), which can't be read. Point it at a JSON price file.")
        }
    }
}
