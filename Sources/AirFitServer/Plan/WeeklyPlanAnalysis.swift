import AirFitCore
import Foundation
import Logging
import ServiceLifecycle

/// Runs each person's weekly plan analysis once their week has begun (their time zone, their week start): every
/// `interval` it asks the coordinator for everyone with a plan; the store's claim makes it once a week per person even
/// with several servers.
struct WeeklyPlanAnalysis: Service {
    let plans: PlanCoordinator
    let repository: any AirFitRepository
    let interval: Duration
    let logger: Logger

    func run() async throws {
        do {
            try await cancelWhenGracefulShutdown {
                while !Task.isCancelled {
                    await sweep()
                    try await Task.sleep(for: interval)
                }
            }
        } catch is CancellationError {
            return
        }
    }

    /// One pass: the weekly analysis for every person whose week started since their last one. Returns how many ran.
    @discardableResult
    func sweep() async -> Int {
        var ran = 0
        do {
            for id in try await repository.planOwners() {
                guard let user = try await repository.user(id: id) else { continue }
                do {
                    if try await plans.weeklyAnalysisIfDue(user: user) != nil { ran += 1 }
                } catch {
                    logger.warning("A weekly plan analysis failed", metadata: ["error": "\(String(describing: type(of: error)))"])
                }
            }
        } catch {
            logger.warning("The weekly plan analysis couldn't list plans", metadata: ["error": "\(String(describing: type(of: error)))"])
        }
        return ran
    }
}
