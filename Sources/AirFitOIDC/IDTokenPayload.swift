import Foundation
import JWTKit

/// The claims we read from an ID token. Times are checked by ``IDTokenChecks`` against the client's clock, not here.
struct IDTokenPayload: JWTPayload, Equatable {
    let iss: String
    let sub: String
    let aud: AudienceClaim
    let exp: Double
    let iat: Double
    let nonce: String?
    let azp: String?
    let email: String?
    let emailVerified: LenientBool?
    let name: String?
    let authTime: Double?
    let isPrivateEmail: LenientBool?

    enum CodingKeys: String, CodingKey {
        case iss, sub, aud, exp, iat, nonce, azp, email, name
        case emailVerified = "email_verified"
        case authTime = "auth_time"
        case isPrivateEmail = "is_private_email"
    }

    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// A boolean claim that some providers (Apple) send as the string "true" or "false".
struct LenientBool: Codable, Equatable {
    let value: Bool

    init(_ value: Bool) {
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            value = flag
        } else {
            value = try container.decode(String.self).lowercased() == "true"
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
