import Foundation

/// Decoding the parts of an archive one at a time, with the errors decoding the whole document gives.
extension ArchiveReader {
    /// A member that is decoded on its own.
    enum Member<T> {
        case missing
        case decoded(T)
        case failed(DecodingError)
    }

    /// `format` or `version` as the marker check reads them: absent or null is nil, another type hides the marker, and
    /// anything else that does not decode is not JSON.
    enum Marker<T> {
        case read(T?)
        case otherType
        case corrupted

        func value() throws -> T? {
            switch self {
            case .read(let value): return value
            case .otherType: throw RepositoryError.invalid(ArchiveReader.noMarker)
            case .corrupted: throw RepositoryError.invalid(ArchiveReader.notJSON)
            }
        }
    }

    /// Reads `format` or `version` as the marker check always has.
    static func readMarker<T: Decodable>(_ type: T.Type, _ bytes: [UInt8]) -> Marker<T> {
        do {
            return .read(try JSONDecoder().decode(T?.self, from: Data(bytes)))
        } catch DecodingError.dataCorrupted {
            return .corrupted
        } catch {
            return .otherType
        }
    }

    static func decode<T: Decodable>(_ type: T.Type, _ bytes: [UInt8], at name: String) throws -> Member<T> {
        try decode(type, bytes, at: [ArchivePathKey(name)])
    }

    /// Decodes a value with the archive's decoder; its errors name the path they would have in the whole document.
    static func decode<T: Decodable>(_ type: T.Type, _ bytes: [UInt8], at path: [ArchivePathKey]) throws -> Member<T> {
        do {
            return .decoded(try JSONCoding.decoder.decode(T.self, from: Data(bytes)))
        } catch let error as DecodingError {
            guard isSyntaxError(error) else { return .failed(error.prefixed(with: path)) }
            // Broken structure is not JSON at all; a bad number or escape is found only when its field is decoded,
            // and then the whole document's decoder reports it at the top level too.
            try checkSyntax(bytes)
            return .failed(error)
        }
    }

    /// Throws the not-JSON message unless `bytes` parse (only structure: numbers and escapes are checked when decoded).
    static func checkSyntax(_ bytes: [UInt8]) throws {
        struct Anything: Decodable {
            init(from decoder: any Decoder) throws {}
        }
        do {
            _ = try JSONDecoder().decode(Anything.self, from: Data(bytes))
        } catch {
            throw RepositoryError.invalid(notJSON)
        }
    }

    /// The error `JSONDecoder` gives for bytes it cannot parse, whatever its wording on this platform.
    static let syntaxErrorDescription: String = {
        do {
            _ = try JSONDecoder().decode(Int.self, from: Data("]".utf8))
        } catch DecodingError.dataCorrupted(let context) {
            return context.debugDescription
        } catch {}
        return "The given data was not valid JSON."
    }()

    static func isSyntaxError(_ error: DecodingError) -> Bool {
        guard case .dataCorrupted(let context) = error else { return false }
        return context.codingPath.isEmpty && context.debugDescription == syntaxErrorDescription
    }

    static func value<T>(of member: Member<T>, named name: String) throws -> T {
        switch member {
        case .decoded(let value): return value
        case .failed(let error): throw damaged(error)
        case .missing: throw damaged(missing(name))
        }
    }

    static func missing(_ name: String) -> DecodingError {
        .keyNotFound(ArchivePathKey(name), DecodingError.Context(codingPath: [], debugDescription: "No value for \"\(name)\"."))
    }

    static func damaged(_ error: DecodingError) -> RepositoryError {
        RepositoryError.invalid("The export is damaged: \(error.readableDescription)")
    }

    static func error(_ failure: JSONMemberScanner.Failure) -> RepositoryError {
        switch failure {
        case .malformed:
            return RepositoryError.invalid(notJSON)
        case .tooLarge(let member, let index):
            let limit = "\(maximumRecordBytes / 1024 / 1024) MB"
            // Only the archive's own member names are shown: a name from an unknown file could be anything.
            let known = ["format", "version", "exportedAt", "user", "onboardingProfile"] + Section.allCases.map(\.rawValue)
            var at = ""
            if let member, known.contains(member) { at = index.map { " (\(member)[\($0)])" } ?? " (\(member))" }
            return RepositoryError.invalid(
                "This file holds a value larger than \(limit)\(at), more than any AirFit record; it was not imported.")
        }
    }
}
