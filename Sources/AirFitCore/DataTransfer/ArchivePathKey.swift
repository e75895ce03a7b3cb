import Foundation

/// A step of a path in an archive, as `JSONDecoder` names it.
struct ArchivePathKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(_ name: String) {
        stringValue = name
        intValue = nil
    }

    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    init?(stringValue: String) { self.init(stringValue) }

    init?(intValue: Int) { self.init(index: intValue) }
}

extension DecodingError {
    /// The same error with `path` in front of its coding path.
    func prefixed(with path: [any CodingKey]) -> DecodingError {
        func moved(_ context: Context) -> Context {
            Context(
                codingPath: path + context.codingPath, debugDescription: context.debugDescription, underlyingError: context.underlyingError)
        }
        switch self {
        case .keyNotFound(let key, let context): return .keyNotFound(key, moved(context))
        case .typeMismatch(let type, let context): return .typeMismatch(type, moved(context))
        case .valueNotFound(let type, let context): return .valueNotFound(type, moved(context))
        case .dataCorrupted(let context): return .dataCorrupted(moved(context))
        @unknown default: return self
        }
    }
}
