import AirFitCore
import Foundation
import Hummingbird

/// Starts and finishes the pending steps of passkey and provider sign-in (``AuthChallenge``): a random value goes to
/// the browser (a passkey challenge, or an OpenID Connect `state`), only its hash is stored, and the step only finishes
/// in the browser that started it, once, before it expires.
struct SignInSteps: Sendable {
    let challenges: any AuthChallengeRepository
    let now: @Sendable () -> Date

    /// Stores a new step for `visitor`'s browser and returns the random value (43 base64url characters: 32 bytes).
    func start(
        _ purpose: AuthChallenge.Purpose, accountID: UUID?, payload: some Encodable, request: Request, visitor: Visitor
    ) async throws -> String {
        let value = SessionToken.make()
        let payloadText = String(decoding: try JSONEncoder().encode(payload), as: UTF8.self)
        // Expired steps of anyone go when a new one starts: the table stays small without a timer.
        try await challenges.purgeChallenges(expiredBefore: now())
        try await challenges.saveChallenge(
            AuthChallenge(
                purpose: purpose, keyHash: SessionToken.hash(value), binding: Self.binding(request, visitor: visitor),
                accountID: accountID, payload: payloadText, createdAt: now()))
        return value
    }

    /// Takes the step of `purpose` for `value` if it is unexpired and was started in this browser; the step is used up
    /// either way. The payload decoded as `Payload`.
    func finish<Payload: Decodable>(
        _ purpose: AuthChallenge.Purpose, value: String?, as payload: Payload.Type, request: Request, visitor: Visitor
    ) async throws -> (challenge: AuthChallenge, payload: Payload)? {
        guard let value, !value.isEmpty, value.utf8.count <= 128,
            let challenge = try await challenges.takeChallenge(keyHash: SessionToken.hash(value), purpose: purpose, now: now()),
            CSRFMiddleware.constantTimeEqual(challenge.binding, Self.binding(request, visitor: visitor)),
            let decoded = try? JSONDecoder().decode(Payload.self, from: Data(challenge.payload.utf8))
        else { return nil }
        return (challenge, decoded)
    }

    /// The hash of the CSRF token `visitor`'s forms carry (the session's, or the signed-out cookie's).
    static func binding(_ request: Request, visitor: Visitor) -> String {
        SessionToken.hash(CSRFMiddleware.expectedToken(request, visitor: visitor) ?? "")
    }

    /// What a person sees when a step is missing, expired, used, or from another browser.
    static let expiredMessage = "That sign-in took too long or was already used. Please try again."
}
