import AirFitCore
import Foundation
import Hummingbird

/// Reading and writing the JSON API's bodies.
enum APIJSON {
    /// The largest request body read (64 KiB).
    static let bodyLimit = 64 * 1024

    /// `value` as a 200 `application/json` response.
    static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        var response = WebResponses.json(String(decoding: try JSONCoding.encoder.encode(value), as: UTF8.self))
        response.status = status
        return response
    }

    /// The request's JSON body as `type`.
    /// - Throws: 400 problem details for a body that is not JSON of that shape, naming the field when the decoder says
    ///   which (`what` names the thing expected: "a workout").
    static func decode<Body: Decodable>(_ type: Body.Type, _ request: Request, what: String, limit: Int = bodyLimit) async throws -> Body {
        let bytes = try await request.body.collect(upTo: limit)
        do {
            return try JSONCoding.decoder.decode(type, from: Data(bytes.readableBytesView))
        } catch let error as DecodingError {
            throw APIProblem.unreadable(what, error)
        }
    }

    /// `problems` (Core's settings and profile rules) as 422 problem details, each field renamed by `field`.
    static func invalid(_ problems: [ValidationIssue], field: (String) -> String = { $0 }) -> APIProblem {
        APIProblem.invalid(problems.map { APIProblem.FieldProblem(field: field($0.field), message: $0.message) })
    }
}
