import Hummingbird

/// Completes the router once every feature has added its routes: a known path asked with another method answers
/// 405 with `Allow` (instead of 404), and an unknown path answers 404 through the middleware (with the security
/// headers and a message).
enum RouteTable {
    /// The methods answered with 405 on a path that has other methods.
    static let checkedMethods: [HTTPRequest.Method] = [.get, .post, .put, .patch, .delete]

    static func complete<Context: RequestContext>(_ router: Router<Context>) {
        var methods: [String: (path: RouterPath, methods: [HTTPRequest.Method])] = [:]
        for route in router.routes {
            methods[route.path.description, default: (route.path, [])].methods.append(route.method)
        }
        for (path, methods) in methods.values {
            let allow = checkedMethods.filter(methods.contains).map(\.rawValue).joined(separator: ", ")
            for method in checkedMethods where !methods.contains(method) {
                router.on(path, method: method) { _, _ -> Response in throw MethodNotAllowed(method: method, allow: allow) }
            }
        }
        for method in checkedMethods {
            router.on("**", method: method) { _, _ -> Response in throw HTTPError(.notFound, message: "There is nothing at this address.") }
        }
    }
}

/// 405 with the methods the path accepts in `Allow`.
struct MethodNotAllowed: HTTPResponseError {
    let method: HTTPRequest.Method
    let allow: String
    var status: HTTPResponse.Status { .methodNotAllowed }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = try HTTPError(.methodNotAllowed, message: "This address does not accept \(method.rawValue); it accepts \(allow).")
            .response(from: request, context: context)
        response.headers[.allow] = allow
        return response
    }
}
