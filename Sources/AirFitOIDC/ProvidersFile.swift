import Foundation

/// The JSON providers file named by `AIRFIT_OIDC_CONFIG`.
enum ProvidersFile {
    static let maximumSize = 1 << 20

    /// A field's value: a string, or a list of strings (scopes).
    enum Value: Decodable {
        case string(String)
        case strings([String])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .string(text)
            } else {
                self = .strings(try container.decode([String].self))
            }
        }
    }

    struct Document: Decodable {
        let providers: [[String: Value]]
    }

    static func settings(path: String, readFile: (String) throws -> Data) throws -> [ProviderSettings] {
        let data: Data
        do {
            data = try readFile(path)
        } catch {
            throw OIDCConfigurationError(
                "AIRFIT_OIDC_CONFIG: \(path) could not be read; check the path and its permissions.")
        }
        guard data.count <= maximumSize else {
            throw OIDCConfigurationError(
                "AIRFIT_OIDC_CONFIG: \(path) is larger than 1 MiB; it should hold only provider settings.")
        }
        guard let document = try? JSONDecoder().decode(Document.self, from: data) else {
            throw OIDCConfigurationError(
                "AIRFIT_OIDC_CONFIG: \(path) is not JSON of the form {\"providers\":[{\"id\":…,\"client_id\":…}]} "
                    + "with string values (scopes a list of strings).")
        }
        return try document.providers.enumerated().map { index, fields in
            try settings(index: index, fields: fields)
        }
    }

    private static func settings(index: Int, fields: [String: Value]) throws -> ProviderSettings {
        let place = "AIRFIT_OIDC_CONFIG providers[\(index)]"
        let known = Set([
            "id", "kind", "issuer", "client_id", "client_secret", "client_auth", "name", "scopes",
            "team_id", "key_id", "private_key_file",
        ])
        if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
            throw OIDCConfigurationError(
                "\(place): unknown field \"\(unknown.prefix(40))\"; the fields are \(known.sorted().joined(separator: ", "))."
            )
        }
        func string(_ key: String) throws -> String? {
            switch fields[key] {
            case nil: return nil
            case .string(let text): return text
            case .strings: throw OIDCConfigurationError("\(place).\(key) must be a string.")
            }
        }
        guard let id = try string("id"), ProviderSettings.isValidID(id) else {
            throw OIDCConfigurationError("\(place).id must be 1–32 lowercase letters, digits or '-'.")
        }
        let scopes: [String]?
        switch fields["scopes"] {
        case nil: scopes = nil
        case .strings(let list): scopes = list
        case .string:
            throw OIDCConfigurationError(
                "\(place).scopes must be a list of strings, for example [\"openid\", \"email\"].")
        }
        return ProviderSettings(
            id: id, kind: try string("kind"), issuer: try string("issuer"),
            clientID: try string("client_id"),
            clientSecret: try string("client_secret"), clientAuth: try string("client_auth"),
            name: try string("name"), scopes: scopes,
            teamID: try string("team_id"), keyID: try string("key_id"),
            privateKeyFile: try string("private_key_file"),
            label: { "\(place).\($0.rawValue)" })
    }
}
