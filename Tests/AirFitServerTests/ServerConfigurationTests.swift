import AirFitCore
import AirFitOIDC
import Foundation
import Testing

@testable import AirFitServer

/// The sign-in settings `serve` reads: providers need the public origin, TLS needs both files, passkeys need a host
/// name over HTTPS or localhost.
@Suite("Server configuration for sign-in")
struct ServerConfigurationTests {
    @Test("A configured provider without AIRFIT_PUBLIC_URL stops the start with a message that names it")
    func providersNeedPublicURL() throws {
        let environment = [
            "AIRFIT_OIDC_PROVIDERS": "corp", "AIRFIT_OIDC_CORP_ISSUER": "https://id.example.com",
            "AIRFIT_OIDC_CORP_CLIENT_ID": "airfit", "AIRFIT_OIDC_CORP_CLIENT_SECRET": "zq-secret-zq",
        ]
        #expect(throws: ServerConfigurationError.providersNeedPublicURL) { try ServerConfiguration.fromEnvironment(environment) }
        let message = ServerConfigurationError.providersNeedPublicURL.errorDescription ?? ""
        #expect(message.contains("AIRFIT_PUBLIC_URL"))
        var complete = environment
        complete["AIRFIT_PUBLIC_URL"] = "https://fit.example.com"
        let configuration = try ServerConfiguration.fromEnvironment(complete)
        #expect(configuration.oidc.providers.map(\.id) == ["corp"])
    }

    @Test("A provider setting that can't be used is named, and its secret never shown")
    func badProviderSetting() {
        let environment = [
            "AIRFIT_OIDC_PROVIDERS": "corp", "AIRFIT_OIDC_CORP_CLIENT_SECRET": "zq-secret-zq",
            "AIRFIT_PUBLIC_URL": "https://fit.example.com",
        ]
        do {
            _ = try ServerConfiguration.fromEnvironment(environment)
            Issue.record("a provider without issuer or client id must be refused")
        } catch {
            let message = (error as? ServerConfigurationError)?.errorDescription ?? ""
            #expect(message.contains("AIRFIT_OIDC_CORP_"))
            #expect(!message.contains("zq-secret-zq"))
        }
    }

    @Test("TLS takes both files or neither; a file that can't be read is named")
    func tlsFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("airfit-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let certificate = folder.appendingPathComponent("cert.pem").path
        try Data("not a certificate".utf8).write(to: URL(fileURLWithPath: certificate))
        #expect(throws: ServerConfigurationError.self) { try ServerConfiguration.fromEnvironment(["AIRFIT_TLS_CERT": certificate]) }
        do {
            _ = try ServerConfiguration.fromEnvironment(["AIRFIT_TLS_CERT": certificate, "AIRFIT_TLS_KEY": folder.path + "/missing.pem"])
            Issue.record("a missing key file must be refused")
        } catch let error as ServerConfigurationError {
            #expect(error.errorDescription?.contains("AIRFIT_TLS_KEY") == true)
        }
        let configuration = try ServerConfiguration.fromEnvironment(["AIRFIT_TLS_CERT": certificate, "AIRFIT_TLS_KEY": certificate])
        #expect(configuration.publicOrigin.absoluteString == "https://127.0.0.1:8080")
        #expect(throws: ServerConfigurationError.self) { try configuration.checkTLS() }
    }

    @Test(
        "Passkeys work at a host name over HTTPS or at localhost, never at an IP address",
        arguments: [
            ("https://fit.example.com", true), ("http://localhost:8080", true), ("http://fit.localhost:8080", true),
            ("http://fit.example.com", false), ("https://192.168.1.20:8443", false), ("http://127.0.0.1:8080", false),
            ("https://[::1]:8443", false),
        ])
    func passkeysAvailable(url: String, available: Bool) throws {
        var configuration = ServerConfiguration()
        configuration.publicURL = try ServerConfiguration.parsePublicURL(url)
        #expect(configuration.passkeysAvailable == available)
    }
}
