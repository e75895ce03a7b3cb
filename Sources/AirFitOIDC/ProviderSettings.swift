import Foundation

/// One provider's raw settings from either source, with the name each setting has there (for error messages).
struct ProviderSettings {
    var id: String
    var kind: String?
    var issuer: String?
    var clientID: String?
    var clientSecret: String?
    var clientAuth: String?
    var name: String?
    var scopes: [String]?
    var teamID: String?
    var keyID: String?
    var privateKeyFile: String?
    /// The name of a setting where the admin wrote it: `AIRFIT_OIDC_CORP_CLIENT_ID` or `… providers[0].client_id`.
    var label: (Field) -> String

    enum Field: String {
        case kind, issuer, name, scopes
        case clientID = "client_id"
        case clientSecret = "client_secret"
        case clientAuth = "client_auth"
        case teamID = "team_id"
        case keyID = "key_id"
        case privateKeyFile = "private_key_file"
    }

    /// Checks the settings and builds the provider; `readFile` reads Apple's key file.
    func provider(readFile: (String) throws -> Data) throws -> OIDCProvider {
        let kind = try resolvedKind()
        let issuer = try resolvedIssuer(kind: kind)
        guard let clientID = nonEmpty(clientID) else {
            throw OIDCConfigurationError(
                "\(label(.clientID)) is missing; set it to the client id the provider gave you.")
        }
        let scopes = try resolvedScopes(kind: kind)
        let displayName = nonEmpty(name) ?? defaultName(kind: kind)
        let secret = try resolvedSecret(kind: kind, clientID: clientID, readFile: readFile)
        return OIDCProvider(
            id: id, kind: kind, displayName: displayName, issuer: issuer, clientID: clientID,
            clientSecret: secret, scopes: scopes,
            responseMode: kind == .apple ? "form_post" : nil)
    }

    private func resolvedKind() throws -> OIDCProvider.Kind {
        guard let text = nonEmpty(kind) else { return OIDCProvider.Kind(rawValue: id) ?? .generic }
        guard let kind = OIDCProvider.Kind(rawValue: text.lowercased()) else {
            throw OIDCConfigurationError("\(label(.kind)) must be google, apple or generic.")
        }
        return kind
    }

    private func resolvedIssuer(kind: OIDCProvider.Kind) throws -> URL {
        guard let text = nonEmpty(issuer) else {
            switch kind {
            case .google: return Presets.googleIssuer
            case .apple: return Presets.appleIssuer
            case .generic:
                throw OIDCConfigurationError(
                    "\(label(.issuer)) is missing; a generic provider needs its issuer URL (the part before /.well-known/openid-configuration)."
                )
            }
        }
        guard let url = URL(string: text), IssuerRules.isAcceptableIssuer(url) else {
            throw OIDCConfigurationError(
                "\(label(.issuer)) must be an https URL with a host and no query (http is accepted only for localhost)."
            )
        }
        return url
    }

    private func resolvedScopes(kind: OIDCProvider.Kind) throws -> [String] {
        guard let scopes else { return kind == .apple ? Presets.appleScopes : Presets.defaultScopes }
        let allowed = CharacterSet(charactersIn: "!#$%&'()*+,-./:;<=>?@[]^_`{|}~").union(.alphanumerics)
        guard scopes.contains("openid"),
            scopes.allSatisfy({
                !$0.isEmpty && $0.count <= 128 && $0.unicodeScalars.allSatisfy(allowed.contains)
            })
        else {
            throw OIDCConfigurationError(
                "\(label(.scopes)) must be space-separated scope names and include openid (for example \"openid email profile\")."
            )
        }
        return scopes
    }

    private func resolvedSecret(
        kind: OIDCProvider.Kind, clientID: String, readFile: (String) throws -> Data
    ) throws
        -> OIDCProvider.ClientSecret
    {
        if kind == .apple {
            return try appleSecret(clientID: clientID, readFile: readFile)
        }
        let auth = nonEmpty(clientAuth)?.lowercased()
        guard auth == nil || auth == "basic" || auth == "post" else {
            throw OIDCConfigurationError("\(label(.clientAuth)) must be basic or post.")
        }
        guard let secret = nonEmpty(clientSecret) else {
            if auth != nil {
                throw OIDCConfigurationError(
                    "\(label(.clientAuth)) is set but \(label(.clientSecret)) is not; set the secret or remove \(label(.clientAuth))."
                )
            }
            return .none
        }
        return auth == "post" ? .post(secret) : .basic(secret)
    }

    private func appleSecret(clientID: String, readFile: (String) throws -> Data) throws
        -> OIDCProvider.ClientSecret
    {
        if nonEmpty(clientSecret) != nil {
            throw OIDCConfigurationError(
                "\(label(.clientSecret)) is not used for Apple; remove it and set \(label(.teamID)), \(label(.keyID)) and \(label(.privateKeyFile))."
            )
        }
        var ids: [String] = []
        for (field, value) in [(Field.teamID, teamID), (.keyID, keyID)] {
            guard let value = nonEmpty(value), value.count <= 32,
                value.unicodeScalars.allSatisfy(CharacterSet.alphanumerics.contains)
            else {
                throw OIDCConfigurationError(
                    "\(label(field)) must be set to the 10-character id shown in your Apple Developer account."
                )
            }
            ids.append(value)
        }
        guard let path = nonEmpty(privateKeyFile) else {
            throw OIDCConfigurationError(
                "\(label(.privateKeyFile)) is missing; set it to the path of the .p8 key downloaded from Apple."
            )
        }
        let data: Data
        do {
            data = try readFile(path)
        } catch {
            throw OIDCConfigurationError(
                "\(label(.privateKeyFile)): the key file could not be read; check the path and its permissions."
            )
        }
        guard data.count <= 64 * 1024, let pem = String(data: data, encoding: .utf8),
            (try? AppleClientSecret.make(
                teamID: "T", keyID: "K", clientID: clientID, privateKeyPEM: pem, now: Date())) != nil
        else {
            throw OIDCConfigurationError(
                "\(label(.privateKeyFile)): the file is not an EC P-256 private key in PEM form; use the .p8 file Apple gave you."
            )
        }
        return .appleSigned(teamID: ids[0], keyID: ids[1], privateKeyPEM: pem)
    }

    private func defaultName(kind: OIDCProvider.Kind) -> String {
        switch kind {
        case .google: "Google"
        case .apple: "Apple"
        case .generic: id.prefix(1).uppercased() + id.dropFirst()
        }
    }

    private func nonEmpty(_ value: String?) -> String? {
        guard let value = value?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else {
            return nil
        }
        return value
    }

    /// `[a-z0-9-]{1,32}`.
    static func isValidID(_ id: String) -> Bool {
        (1...32).contains(id.utf8.count)
            && id.utf8.allSatisfy {
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-")
            }
    }
}
