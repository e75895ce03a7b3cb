import Hummingbird
import NIOCore

/// The request context of every route: Hummingbird's core storage plus the peer address (for the login rate limit).
public struct AirFitRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The connected peer; nil in in-process router tests.
    public let remoteAddress: SocketAddress?

    /// Creates the context for a request arriving on `source.channel`.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
