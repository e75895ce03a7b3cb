import AirFitAI
import AirFitCore
import AirFitMail
import AirFitServer
import AirFitStore
import AsyncHTTPClient
import Foundation

extension NotificationsCommand {
    /// Runs `body` with the scheduler `airfit serve` uses: the inbox, Web Push (the vault's VAPID key) and the email
    /// digest (sent at once through the configured transport: `AIRFIT_SMTP_URL`, else the outbox), each message worded
    /// by the member's model. The push client is shut down afterwards.
    static func withScheduler<T>(context: StoreContext, _ body: (NotificationScheduler) async throws -> T) async throws -> T {
        let environment = ProcessInfo.processInfo.environment
        let server: ServerConfiguration
        let mail: MailConfiguration
        do {
            server = try ServerConfiguration.fromEnvironment(environment)
            mail = try MailConfiguration.fromEnvironment(environment, dataDirectory: context.dataDirectory.path)
        } catch {
            throw CLI.fail(error)
        }
        let logger = CLI.logger(label: "airfit.notifications")
        var dependencies = ServerDependencies(
            health: DatabaseHealthChecker(database: context.database, pendingMigrations: []), repository: context.store,
            accounts: context.store, vault: context.vault, aiClient: AIClient(logger: CLI.logger(label: "airfit.ai")),
            mail: mail.makeSender(logger: CLI.logger(label: "airfit.mail")), publicURL: server.publicOrigin, mailFrom: mail.from)
        dependencies.prices = try ConfiguredPrices.load()
        let client = ServeCommand.pushClient()
        do {
            dependencies.push = try await ServeCommand.push(
                context: context, client: client, from: mail.from, isDevelopment: server.isDevelopment)
            let result = try await body(notificationScheduler(dependencies, logger: logger))
            try await client.shutdown()
            return result
        } catch {
            try? await client.shutdown()
            throw error
        }
    }
}
