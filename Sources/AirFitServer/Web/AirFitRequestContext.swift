public import Hummingbird
public import NIOCore

/// The request context of every route: Hummingbird's core storage, the peer address (for the sign-in limit) and
/// who is asking (set by ``VisitorMiddleware`` before any route runs).
public struct AirFitRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The connected peer; nil in in-process router tests.
    public let remoteAddress: SocketAddress?
    /// Who is asking: nobody, a signed-in person behind app lock, or a signed-in person.
    var visitor: Visitor = .signedOut
    /// What the request's bearer token proved (set by ``VisitorMiddleware``); with one, ``visitor`` stays signed out.
    var bearer: BearerCredential = .absent

    /// Creates the context for a request arriving on `source.channel`.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The peer's address for the sign-in limit ("unknown" in router tests).
    var peerAddress: String { remoteAddress?.ipAddress ?? "unknown" }
}

/// The context of a route behind ``RequireSignInMiddleware``: the signed-in person is always there.
struct SignedInRequestContext: ChildRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The signed-in person (not behind app lock).
    let signed: SignedIn
    /// The peer's address for the sign-in limit.
    let peerAddress: String

    init(context: AirFitRequestContext) throws {
        // RequireSignInMiddleware redirects everyone else before this group's routes run.
        guard case .active(let signed) = context.visitor else { throw HTTPError(.unauthorized) }
        coreContext = context.coreContext
        self.signed = signed
        peerAddress = context.peerAddress
    }
}
