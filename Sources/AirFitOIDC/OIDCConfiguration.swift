public import Foundation

/// The configured providers, from the environment or a JSON file.
public struct OIDCConfiguration: Sendable, Equatable {
    /// The providers, in the order configured (environment first, then the file).
    public var providers: [OIDCProvider]

    /// Reads the providers from the environment and, when `AIRFIT_OIDC_CONFIG` is set, a JSON file.
    ///
    /// AIRFIT_OIDC_PROVIDERS="google,apple,corp" (ids, comma-separated); for each id (upper-cased, '-' → '_'):
    ///   AIRFIT_OIDC_<ID>_KIND (google|apple|generic; default: google/apple when the id is that word, else generic)
    ///   AIRFIT_OIDC_<ID>_ISSUER (required for generic; presets' defaults otherwise), _CLIENT_ID (required),
    ///   _CLIENT_SECRET (optional; basic auth), _CLIENT_AUTH (basic|post), _NAME (button text; default from kind or id),
    ///   _SCOPES (space-separated, must include openid), Apple: _TEAM_ID, _KEY_ID, _PRIVATE_KEY_FILE (path to the .p8 PEM).
    /// Or AIRFIT_OIDC_CONFIG=/path/providers.json: {"providers":[{"id","kind","issuer","client_id","client_secret",
    /// "client_auth","name","scopes":[..],"team_id","key_id","private_key_file"}]} (both may be used; duplicate ids refused).
    /// `readFile` reads the JSON and key files (tests pass a closure). No providers configured → empty list.
    /// Errors name the variable/field and say what to do; they never print a secret's value.
    /// - Throws: ``OIDCConfigurationError``.
    public static func load(environment: [String: String], readFile: (String) throws -> Data) throws
        -> OIDCConfiguration
    {
        var settings = try environmentSettings(environment)
        if let path = environment["AIRFIT_OIDC_CONFIG"]?.trimmingCharacters(in: .whitespaces),
            !path.isEmpty
        {
            settings += try ProvidersFile.settings(path: path, readFile: readFile)
        }
        var providers: [OIDCProvider] = []
        for setting in settings {
            if providers.contains(where: { $0.id == setting.id }) {
                throw OIDCConfigurationError(
                    "Provider id \"\(setting.id)\" is configured twice (AIRFIT_OIDC_PROVIDERS and/or AIRFIT_OIDC_CONFIG); keep one."
                )
            }
            providers.append(try setting.provider(readFile: readFile))
        }
        return OIDCConfiguration(providers: providers)
    }

    /// Creates a configuration from providers built in code.
    public init(providers: [OIDCProvider]) {
        self.providers = providers
    }

    private static func environmentSettings(_ environment: [String: String]) throws
        -> [ProviderSettings]
    {
        guard let list = environment["AIRFIT_OIDC_PROVIDERS"] else { return [] }
        let ids = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty
        }
        return try ids.map { id in
            guard ProviderSettings.isValidID(id) else {
                throw OIDCConfigurationError(
                    "AIRFIT_OIDC_PROVIDERS: \"\(id.prefix(40))\" is not a valid provider id; use 1–32 lowercase letters, digits or '-'."
                )
            }
            let prefix = "AIRFIT_OIDC_" + id.uppercased().replacingOccurrences(of: "-", with: "_") + "_"
            func variable(_ field: ProviderSettings.Field) -> String {
                prefix + field.rawValue.uppercased()
            }
            func value(_ field: ProviderSettings.Field) -> String? { environment[variable(field)] }
            return ProviderSettings(
                id: id, kind: value(.kind), issuer: value(.issuer), clientID: value(.clientID),
                clientSecret: value(.clientSecret),
                clientAuth: value(.clientAuth), name: value(.name),
                scopes: value(.scopes).map {
                    $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                },
                teamID: value(.teamID), keyID: value(.keyID), privateKeyFile: value(.privateKeyFile),
                label: variable)
        }
    }
}
