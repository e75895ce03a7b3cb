#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A port on 127.0.0.1 where a connection is refused for as long as this value lives.
///
/// The socket is bound but never listens: a connection attempt gets a reset at once, and no other test can take the
/// port meanwhile (a port that was bound and released can be handed to the next server that asks for one).
public final class ClosedPort: @unchecked Sendable {
    /// The port number.
    public let port: Int
    private let descriptor: Int32

    /// Binds a fresh socket to 127.0.0.1 on a port the system picks.
    public init() throws {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw ClosedPortError(call: "socket", code: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            close(descriptor)
            throw ClosedPortError(call: "bind", code: code)
        }
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }
}

/// A socket call that failed while reserving a closed port.
public struct ClosedPortError: Error, CustomStringConvertible {
    /// The call that failed.
    public let call: String
    /// Its `errno`.
    public let code: Int32
    public var description: String { "\(call) failed with errno \(code)" }
}
