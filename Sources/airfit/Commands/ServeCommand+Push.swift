import AirFitCore
import AirFitPush
import AirFitServer
import AirFitStore
import AsyncHTTPClient
import Foundation
import NIOCore

extension ServeCommand {
    /// Web Push for `airfit serve`: the vault's VAPID key (made on first run), a client that never follows redirects,
    /// the operator's contact (`AIRFIT_PUSH_SUBJECT`, a `mailto:` or `https:` address; else the mail sender's
    /// address), and the browsers' push services (plus loopback in development or with
    /// `AIRFIT_PUSH_ALLOW_LOOPBACK=1`, for a local test service).
    static func push(context: StoreContext, client: HTTPClient, from: MailAddress, isDevelopment: Bool) async throws -> PushSetup {
        let environment = ProcessInfo.processInfo.environment
        let subject = environment["AIRFIT_PUSH_SUBJECT"].flatMap { $0.isEmpty ? nil : $0 } ?? "mailto:\(from.address)"
        guard subject.hasPrefix("mailto:") || subject.hasPrefix("https://") else {
            throw CLI.fail(
                CLIError(
                    "AIRFIT_PUSH_SUBJECT must be a mailto: or https: address push services can reach you at, such as mailto:you@example.com."
                ))
        }
        let key = try await VAPIDKeyStore(vault: context.vault).key()
        let policy = PushEndpointPolicy(allowsLoopback: isDevelopment || environment["AIRFIT_PUSH_ALLOW_LOOPBACK"] == "1")
        return PushSetup(key: key, sender: WebPushSender(client: client, vapid: key, subject: subject), policy: policy)
    }

    /// The HTTP client for push services: no redirects, short timeouts.
    static func pushClient() -> HTTPClient {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
        configuration.timeout = .init(connect: .seconds(5), read: .seconds(10))
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }
}
