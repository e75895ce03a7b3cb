import AirFitAI
import AirFitCore

extension CLI {
    /// Where a request for `provider` goes at the terminal: `--base-url` when given, else the address saved with its
    /// key (or the owner's own for a keyless provider).
    /// - Throws: ``CLIError`` when the flag is not a valid base URL, or names another address than the one the stored
    ///   key was saved for (a key is only ever sent to that address).
    static func address(for provider: String, flag: String?, credential: StoredCredential?, owner: User?) throws -> String? {
        guard let flag else {
            return owner.flatMap { StoredCredential.baseURL(provider: provider, credential: credential, user: $0) } ?? credential?.baseURL
        }
        guard let normalized = BaseURLRule.normalized(flag) else { throw CLIError(BaseURLRule.problem) }
        if let credential, !credential.isBound(to: normalized) {
            let saved =
                credential.baseURL ?? AIProviderID(rawValue: provider).map { AIProviderCatalog.info($0).baseURL } ?? "its default address"
            throw CLIError(
                "The stored \(provider) key was saved for \(saved) and is only sent there. To use \(normalized), "
                    + "store the key for it: airfit keys set \(provider) --base-url \(normalized)")
        }
        return normalized
    }
}
