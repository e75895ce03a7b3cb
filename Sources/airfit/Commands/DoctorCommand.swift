import AirFitCore
import AirFitOIDC
import AirFitServer
import AirFitStore
import ArgumentParser
import AsyncHTTPClient
import Foundation
import Logging

/// `airfit doctor`: checks the installation and says what to fix.
struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the data directory, database, master key, stored keys, HTTPS and sign-in providers.")

    /// The server settings (public origin, HTTPS, passkeys) and each sign-in provider: its discovery document and JWKS,
    /// fetched fresh.
    func checkSignIn(_ environment: [String: String], report: (Bool, String) -> Void) async {
        let configuration: ServerConfiguration
        do {
            configuration = try ServerConfiguration.fromEnvironment(environment)
        } catch {
            report(false, "Server settings: \((error as? any LocalizedError)?.errorDescription ?? "invalid")")
            return
        }
        if let tls = configuration.tls {
            do {
                try configuration.checkTLS()
                report(true, "HTTPS: served directly with \(tls.certificatePath)")
            } catch {
                report(false, "HTTPS: \((error as? any LocalizedError)?.errorDescription ?? "the certificate or key can't be loaded")")
            }
        }
        let origin = ServerConfiguration.origin(of: configuration.publicOrigin)
        // Only a problem when the admin set an address: the default (127.0.0.1) is for trying AirFit out.
        report(
            configuration.passkeysAvailable || configuration.publicURL == nil,
            configuration.passkeysAvailable
                ? "Passkeys: available at \(origin)"
                : "Passkeys: not offered at \(origin) (set AIRFIT_PUBLIC_URL to an HTTPS host name, or http://localhost:<port>; "
                    + "see README → Opening it from a phone)")
        guard !configuration.oidc.providers.isEmpty else { return }
        let client = OIDCClient(httpClient: .shared, logger: CLI.logger(defaultLevel: .critical))
        for provider in configuration.oidc.providers {
            if let problem = await client.problem(with: provider) {
                report(false, "Sign-in provider \(provider.id): \(problem)")
            } else {
                report(
                    true,
                    "Sign-in provider \(provider.id) (\(provider.displayName)): discovery and keys OK at \(provider.issuer.absoluteString)")
            }
        }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        var problems = 0
        func report(_ ok: Bool, _ line: String) {
            print("\(ok ? "✓" : "✗") \(line)")
            if !ok { problems += 1 }
        }
        let directory = DataDirectory.fromEnvironment(environment)
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder)
        report(exists && isFolder.boolValue, "Data directory: \(directory.path)\(exists ? "" : " (missing; `airfit serve` creates it)")")
        if exists, let warning = directory.permissionWarning() { report(false, warning) }

        let keyPath = directory.file(MasterKey.fileName)
        if environment[MasterKey.environmentVariable].map({ !$0.isEmpty }) ?? false {
            do {
                _ = try MasterKey.load(environment: environment, dataDirectory: directory, createIfMissing: false)
                report(true, "Master key: from AIRFIT_MASTER_KEY")
            } catch {
                report(false, "Master key: \((error as? any LocalizedError)?.errorDescription ?? "invalid")")
            }
        } else if FileManager.default.fileExists(atPath: keyPath) {
            do {
                _ = try MasterKey.read(path: keyPath)
                report(true, "Master key: \(keyPath) (mode 600)")
            } catch {
                report(false, "Master key: \((error as? any LocalizedError)?.errorDescription ?? "unreadable")")
            }
        } else {
            report(false, "Master key: none yet (created on first `airfit serve` or `airfit keys set`)")
        }

        do {
            let configuration = try StoreConfiguration.fromEnvironment(environment, dataDirectory: directory)
            if case .sqlite(let path) = configuration.backend, !FileManager.default.fileExists(atPath: path) {
                report(false, "Database: no SQLite database yet at \(path) (`airfit serve` creates it)")
                throw ExitCode.failure
            }
            let logger = CLI.logger(defaultLevel: .critical)
            let database = try await AirFitDatabase.open(configuration, logger: logger, migrate: false)
            do {
                try await database.ping()
                report(true, "Database: \(configuration.redactedDescription) is reachable")
                let pending = try await database.pendingMigrations()
                report(
                    pending.isEmpty,
                    pending.isEmpty ? "Migrations: up to date" : "Migrations: \(pending.count) pending (`airfit serve` applies them)")
                if let mode = try await database.journalMode() { report(mode == "wal", "SQLite journal mode: \(mode)") }
                if pending.isEmpty,
                    let key = try? MasterKey.load(environment: environment, dataDirectory: directory, createIfMissing: false),
                    let owner = try await database.store.users().first
                {
                    let stored = try await KeyVault(database: database, masterKey: key).storedSecrets(userID: owner.id)
                    let names = stored.map { "\($0.provider) (\($0.masked))" }
                    report(true, "Provider keys: \(names.isEmpty ? "none stored" : names.joined(separator: ", "))")
                }
            } catch {
                report(false, "Database: \((error as? any LocalizedError)?.errorDescription ?? "check failed")")
            }
            await database.shutdown()
        } catch is ExitCode {
            // Already reported.
        } catch {
            report(false, "Database: \((error as? any LocalizedError)?.errorDescription ?? "cannot be opened")")
        }
        await checkSignIn(environment, report: report)
        if problems > 0 {
            print("\(problems) problem(s) found.")
            throw ExitCode.failure
        }
        print("Everything looks good.")
    }
}
