import NIOSSL

/// Loads the PEM certificate chain and key of ``ServerConfiguration/TLSFiles`` for serving HTTPS directly.
enum TLSSetup {
    /// A server TLS configuration (TLS 1.2 and newer) from the two files.
    static func configuration(_ files: ServerConfiguration.TLSFiles) throws -> TLSConfiguration {
        do {
            let chain = try NIOSSLCertificate.fromPEMFile(files.certificatePath).map { NIOSSLCertificateSource.certificate($0) }
            guard !chain.isEmpty else { throw ServerConfigurationError.invalidTLS("AIRFIT_TLS_CERT holds no PEM certificate.") }
            let key = try NIOSSLPrivateKey(file: files.keyPath, format: .pem)
            var configuration = TLSConfiguration.makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(key))
            configuration.minimumTLSVersion = .tlsv12
            return configuration
        } catch let error as ServerConfigurationError {
            throw error
        } catch {
            throw ServerConfigurationError.invalidTLS(
                "AIRFIT_TLS_CERT and AIRFIT_TLS_KEY must be a PEM certificate chain and its PEM private key (\(error)).")
        }
    }
}

extension ServerConfiguration {
    /// Whether passkeys can work at ``publicOrigin`` (a host name over HTTPS, or localhost).
    public var passkeysAvailable: Bool { PasskeyService.relyingParty(for: publicOrigin) != nil }

    /// Loads ``tls``'s certificate and key as the server would (for `airfit doctor`).
    /// - Throws: ``ServerConfigurationError/invalidTLS(_:)`` saying what is wrong.
    public func checkTLS() throws {
        if let tls { _ = try TLSSetup.configuration(tls) }
    }
}
