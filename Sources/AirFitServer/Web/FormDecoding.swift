import AirFitCore
import Foundation
import Hummingbird

extension Request {
    /// The `application/x-www-form-urlencoded` body (at most `limit` bytes) decoded into `Form` by Hummingbird's
    /// `URLEncodedFormDecoder`. Text fields typed ``FormText`` arrive with control characters removed, so a `%00`
    /// can never cut a stored message short.
    /// - Throws: `HTTPError(.badRequest)` with a message a person can act on when the body is not a readable form
    ///   (a repeated field, a broken percent escape). The message never repeats what was sent.
    func decodeForm<Form: Decodable>(_: Form.Type = Form.self, limit: Int = FormLimits().standard) async throws -> Form {
        let buffer = try await body.collect(upTo: limit)
        return try FormDecoding.decode(Form.self, from: String(decoding: buffer.readableBytesView, as: UTF8.self))
    }
}

/// Decodes form bodies; shared by the routes and the CSRF middleware.
enum FormDecoding {
    /// The message for a body that is not a readable form.
    static let unreadable = "The form could not be read (a field was repeated or badly encoded). Reload the page and try again."

    /// `text` decoded into `Form`.
    /// - Throws: `HTTPError(.badRequest)` with ``unreadable``.
    static func decode<Form: Decodable>(_: Form.Type, from text: String) throws -> Form {
        do {
            return try URLEncodedFormDecoder().decode(Form.self, from: text)
        } catch {
            throw HTTPError(.badRequest, message: unreadable)
        }
    }
}

/// A form whose field names are defined by a rule elsewhere (Core's settings sections): every field as
/// name → cleaned value.
struct FormFields: Decodable, Sendable {
    let values: [String: String]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: FieldName.self)
        var values: [String: String] = [:]
        for key in container.allKeys {
            // A field posted as `name[x]` is not a plain value; it is ignored rather than refused.
            guard let value = try? container.decode(String.self, forKey: key) else { continue }
            values[key.stringValue] = TextInput.clean(value)
        }
        self.values = values
    }
}

/// Any field name, for forms read by name.
struct FieldName: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
