import Foundation
import Yams

/// Why the OpenAPI document could not be read.
struct OpenAPIDocumentError: Error, CustomStringConvertible {
    let description: String
}

/// The API's OpenAPI 3.1 document (`openapi.yaml` at the repository root, compiled into the binary), as JSON, with
/// its operations listed for the reference page and the parity test.
struct OpenAPIDocument: Sendable {
    /// The HTTP methods an OpenAPI path item may hold, in the order the reference lists them.
    static let methods = ["get", "put", "post", "patch", "delete", "head", "options", "trace"]
    /// How deep the YAML may nest; the document is ours, so this only guards against a mistake.
    static let maximumDepth = 64

    /// The whole document.
    let root: OrderedJSON
    /// The document as compact JSON, as `/openapi.json` serves it.
    let json: String

    /// The document shipped in the binary, read on first use (at start-up, when the router is built).
    static let bundled: OpenAPIDocument = {
        let text = String(decoding: PackageResources.openapi_yaml, as: UTF8.self)
        // The YAML is a file of this target, checked by the tests; a broken one is a programming error.
        do { return try OpenAPIDocument(yaml: text) } catch { fatalError("openapi.yaml: \(error)") }
    }()

    /// Reads a document written in YAML (JSON is YAML too).
    /// - Throws: ``OpenAPIDocumentError`` for YAML that does not parse or holds what JSON cannot (a non-finite number,
    ///   a non-string key, nesting deeper than ``maximumDepth``).
    init(yaml: String) throws(OpenAPIDocumentError) {
        let node: Node?
        do {
            node = try Yams.compose(yaml: yaml)
        } catch {
            throw OpenAPIDocumentError(description: "The YAML does not parse: \(error)")
        }
        guard let node else { throw OpenAPIDocumentError(description: "The document is empty.") }
        root = try Self.value(of: node, depth: 0)
        json = root.text
    }

    /// `node` as JSON: scalars by their resolved YAML tag (so `"1"` stays a string and `1` a number).
    private static func value(of node: Node, depth: Int) throws(OpenAPIDocumentError) -> OrderedJSON {
        guard depth < maximumDepth else { throw OpenAPIDocumentError(description: "The document nests too deeply.") }
        switch node {
        case .scalar(let scalar):
            switch Tag.Name(rawValue: node.tag.rawValue) {
            case .null: return .null
            case .bool: return .bool(node.bool ?? false)
            case .int:
                guard let value = node.int else { throw OpenAPIDocumentError(description: "\(scalar.string) is too large a number.") }
                return .integer(value)
            case .float:
                guard let value = node.float, value.isFinite else {
                    throw OpenAPIDocumentError(description: "\(scalar.string) is not a finite number.")
                }
                return .number(value)
            default: return .string(scalar.string)
            }
        case .sequence(let sequence):
            var elements: [OrderedJSON] = []
            for element in sequence { elements.append(try value(of: element, depth: depth + 1)) }
            return .array(elements)
        case .mapping(let mapping):
            var members: [OrderedJSON.Member] = []
            for (key, element) in mapping {
                guard case .scalar(let name) = key else { throw OpenAPIDocumentError(description: "A key is not text.") }
                members.append(OrderedJSON.Member(key: name.string, value: try value(of: element, depth: depth + 1)))
            }
            return .object(members)
        case .alias:
            throw OpenAPIDocumentError(description: "An alias names no anchor.")
        }
    }

    /// The value a `$ref` (`#/components/...`) points at, or `value` itself when it is not a reference. Follows at
    /// most a few references in a row.
    func resolved(_ value: OrderedJSON) -> OrderedJSON {
        var current = value
        for _ in 0..<8 {
            guard let reference = current["$ref"]?.string, reference.hasPrefix("#/") else { return current }
            var target: OrderedJSON? = root
            for part in reference.dropFirst(2).split(separator: "/") {
                target = target?[part.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")]
            }
            guard let target else { return current }
            current = target
        }
        return current
    }

    /// The name a `$ref` points at (`Workout` for `#/components/schemas/Workout`), if `value` is one.
    static func referenceName(_ value: OrderedJSON) -> String? {
        value["$ref"]?.string.map { String($0.split(separator: "/").last ?? "") }
    }

    /// Every operation, path by path in the document's order.
    var operations: [APIOperation] {
        guard let paths = root["paths"]?.members else { return [] }
        return paths.flatMap { path in
            let shared = path.value["parameters"]?.array ?? []
            return Self.methods.compactMap { method in
                path.value[method].map { APIOperation(method: method, path: path.key, operation: $0, sharedParameters: shared, in: self) }
            }
        }
    }
}
