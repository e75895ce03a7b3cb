public import AirFitCore
internal import Foundation
public import Logging
public import NIOCore
internal import NIOPosix
internal import NIOSSL

/// Sends each message over its own SMTP connection: greeting, EHLO (HELO if refused), STARTTLS or implicit TLS,
/// AUTH PLAIN or LOGIN, MAIL FROM, RCPT TO, DATA, QUIT.
///
/// Throws `MailError`; `isTransient` tells a caller whether to try again later. Logs name the recipient's domain only.
public struct SMTPClient: MailSending {
    private let server: SMTPServerConfiguration
    private let eventLoopGroup: any EventLoopGroup
    private let renderer: MailRenderer
    private let logger: Logger

    /// A client for `server`, connecting on `eventLoopGroup` (NIO's shared one when `nil`).
    public init(
        server: SMTPServerConfiguration, eventLoopGroup: (any EventLoopGroup)? = nil, renderer: MailRenderer = MailRenderer(),
        logger: Logger
    ) {
        self.server = server
        self.eventLoopGroup = eventLoopGroup ?? MultiThreadedEventLoopGroup.singleton
        self.renderer = renderer
        self.logger = logger
    }

    public func send(_ message: MailMessage) async throws {
        let metadata: Logger.Metadata = ["recipient_domain": .string(message.to.domain), "smtp_host": .string(server.host)]
        do throws(MailError) {
            let rendered = try renderer.render(message)
            try await deliver(rendered, from: message.from.address, to: message.to.address)
            logger.info("Mail sent", metadata: metadata.merging(["message_id": .string(rendered.loggedID)]) { $1 })
        } catch {
            logger.warning(
                "Mail not sent",
                metadata: metadata.merging([
                    "error": .string(error.errorDescription ?? "\(error)"), "transient": .stringConvertible(error.isTransient),
                ]) {
                    $1
                })
            throw error
        }
    }

    /// Runs one SMTP conversation delivering `rendered`.
    func deliver(_ rendered: RenderedMail, from sender: String, to recipient: String) async throws(MailError) {
        let secrets = [server.password, server.username, sender, recipient].compactMap { $0 }.filter { $0.count >= 3 }
        var stage = "connecting"
        do {
            let channel = try await connect()
            try await channel.executeThenClose { inbound, outbound in
                var session = SMTPSession(
                    server: server, channel: channel.channel, inbound: inbound.makeAsyncIterator(), outbound: outbound, secrets: secrets)
                try await session.run(rendered, from: sender, to: recipient) { stage = $0 }
            }
        } catch {
            throw classify(error, stage: stage)
        }
    }

    private func connect() async throws -> NIOAsyncChannel<SMTPInbound, ByteBuffer> {
        let server = self.server
        return try await ClientBootstrap(group: eventLoopGroup)
            .connectTimeout(TimeAmount(server.connectTimeout))
            .connect(host: server.host, port: server.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    if server.security == .implicitTLS {
                        try channel.pipeline.syncOperations.addHandler(try Self.makeTLSHandler(server))
                    }
                    try channel.pipeline.syncOperations.addHandler(TLSEpochHandler(encrypted: server.security == .implicitTLS))
                    return try NIOAsyncChannel<SMTPInbound, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
    }

    /// A TLS client handler verifying the server's certificate against `server.trustRoots` and its host name.
    static func makeTLSHandler(_ server: SMTPServerConfiguration) throws -> NIOSSLClientHandler {
        var tls = TLSConfiguration.makeClientConfiguration()
        if case .pemCertificates(let pem) = server.trustRoots {
            tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMBytes(Array(pem.utf8)))
        }
        let context = try NIOSSLContext(configuration: tls)
        // An IP address goes in no SNI; NIOSSL then checks the certificate against the connected address.
        let isAddress = (try? SocketAddress(ipAddress: server.host, port: 0)) != nil
        return try NIOSSLClientHandler(context: context, serverHostname: isAddress ? nil : server.host)
    }

    private func classify(_ error: any Error, stage: String) -> MailError {
        switch error {
        case let error as MailError:
            return error
        case is SMTPReplyTimeout:
            return .timedOut(host: server.host, stage: stage)
        case let error as SMTPProtocolError:
            return .protocolViolation(host: server.host, detail: error.detail)
        case ChannelError.connectTimeout:
            return .timedOut(host: server.host, stage: "connecting")
        case is NIOSSLError, is NIOSSLExtraError, is BoringSSLError:
            return .tlsFailed(host: server.host, reason: Self.describe(error))
        default:
            return .connectionFailed(host: server.host, reason: Self.describe(error))
        }
    }

    private static func describe(_ error: any Error) -> String {
        let text = String(describing: error)
        return text.count > 300 ? String(text.prefix(300)) + "…" : text
    }
}

/// Thrown into the channel when a reply does not come in time.
struct SMTPReplyTimeout: Error {}

/// The state of one conversation: the channel, the reply parser, the capabilities seen.
struct SMTPSession {
    let server: SMTPServerConfiguration
    let channel: any Channel
    var inbound: NIOAsyncChannelInboundStream<SMTPInbound>.AsyncIterator
    let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    let secrets: [String]
    private var parser = SMTPReplyParser()
    private var encrypted: Bool

    init(
        server: SMTPServerConfiguration, channel: any Channel, inbound: NIOAsyncChannelInboundStream<SMTPInbound>.AsyncIterator,
        outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>, secrets: [String]
    ) {
        self.server = server
        self.channel = channel
        self.inbound = inbound
        self.outbound = outbound
        self.secrets = secrets
        self.encrypted = server.security == .implicitTLS
    }

    mutating func run(_ rendered: RenderedMail, from sender: String, to recipient: String, stage: (String) -> Void) async throws {
        stage("the greeting")
        try expect(try await readReply(), codes: [220], stage: "the connection")

        stage("EHLO")
        var capabilities = try await hello()

        if !encrypted, case .startTLS(let required) = server.security {
            if capabilities.startTLS {
                stage("STARTTLS")
                try await command("STARTTLS", codes: [220], stage: "STARTTLS")
                // Bytes already here were sent in the clear after STARTTLS's reply: an injection attempt.
                guard !parser.hasBufferedBytes else { throw SMTPProtocolError("data arrived after the STARTTLS reply") }
                let server = self.server
                try await channel.eventLoop.submit { [channel] in
                    // In one event-loop step: from here on every read has come through TLS.
                    try channel.pipeline.syncOperations.handler(type: TLSEpochHandler.self).encrypted = true
                    try channel.pipeline.syncOperations.addHandler(try SMTPClient.makeTLSHandler(server), position: .first)
                }
                .get()
                encrypted = true
                stage("EHLO after STARTTLS")
                capabilities = try await hello()
            } else if required {
                throw MailError.tlsUnavailable(host: server.host)
            }
        }

        if let username = server.username, let password = server.password {
            guard encrypted || server.security == .none else { throw MailError.tlsUnavailable(host: server.host) }
            stage("AUTH")
            try await authenticate(username: username, password: password, capabilities: capabilities)
        }

        stage("MAIL FROM")
        try await command("MAIL FROM:<\(sender)>", codes: [250], stage: "the sender")
        stage("RCPT TO")
        try await command("RCPT TO:<\(recipient)>", codes: [250, 251], stage: "the recipient")
        stage("DATA")
        try await command("DATA", codes: [354], stage: "DATA")
        stage("the message")
        try await write(rendered.dotStuffed)
        try expect(try await readReply(), codes: [250], stage: "the message")
        stage("QUIT")
        // The message is accepted; a server that hangs up before answering QUIT changes nothing.
        try? await write("QUIT\r\n")
        _ = try? await readReply()
    }

    /// EHLO, or HELO when the server refuses EHLO.
    private mutating func hello() async throws -> SMTPCapabilities {
        try await write("EHLO \(server.clientName)\r\n")
        let reply = try await readReply()
        if reply.code == 250 { return SMTPCapabilities(ehlo: reply) }
        // Only a 5xx (not understood) sends us to HELO; anything else that is not 250 ends here.
        if reply.code < 500 { try expect(reply, codes: [250], stage: "EHLO") }
        try await command("HELO \(server.clientName)", codes: [250], stage: "HELO")
        return SMTPCapabilities(ehlo: nil)
    }

    private mutating func authenticate(username: String, password: String, capabilities: SMTPCapabilities) async throws {
        func failed(_ reply: SMTPReply) -> MailError {
            .authenticationFailed(host: server.host, code: reply.code, reply: reply.redacted(removing: secrets))
        }
        if capabilities.authMechanisms.contains("PLAIN") {
            let token = Data(([0] + Array(username.utf8) + [0] + Array(password.utf8))).base64EncodedString()
            let reply = try await send("AUTH PLAIN \(token)")
            guard reply.code == 235 else { throw failed(reply) }
        } else if capabilities.authMechanisms.contains("LOGIN") {
            for (line, expected) in [
                ("AUTH LOGIN", 334), (Data(username.utf8).base64EncodedString(), 334), (Data(password.utf8).base64EncodedString(), 235),
            ] {
                let reply = try await send(line)
                guard reply.code == expected else { throw failed(reply) }
            }
        } else {
            throw MailError.authenticationUnsupported(host: server.host)
        }
    }

    private mutating func command(_ line: String, codes: Set<Int>, stage: String) async throws {
        try expect(try await send(line), codes: codes, stage: stage)
    }

    private mutating func send(_ line: String) async throws -> SMTPReply {
        try await write(line + "\r\n")
        return try await readReply()
    }

    /// Writes `text`; when the channel failed (a TLS handshake, a reset), the error that closed it is thrown instead.
    private mutating func write(_ text: String) async throws {
        do {
            try await outbound.write(ByteBuffer(string: text))
        } catch {
            _ = try await inbound.next()
            throw error
        }
    }

    private func expect(_ reply: SMTPReply, codes: Set<Int>, stage: String) throws {
        guard !codes.contains(reply.code) else { return }
        if reply.code >= 400 { throw MailError.rejected(stage: stage, code: reply.code, reply: reply.redacted(removing: secrets)) }
        throw SMTPProtocolError("the reply \(reply.code) to \(stage) was not one of \(codes.sorted())")
    }

    /// The next whole reply, waiting at most `server.replyTimeout`.
    private mutating func readReply() async throws -> SMTPReply {
        if let reply = try parser.next() { return reply }
        let channel = self.channel
        let timeout = channel.eventLoop.scheduleTask(in: TimeAmount(server.replyTimeout)) {
            channel.pipeline.fireErrorCaught(SMTPReplyTimeout())
            channel.close(promise: nil)
        }
        defer { timeout.cancel() }
        while true {
            guard let read = try await inbound.next() else {
                throw MailError.connectionFailed(host: server.host, reason: "the server closed the connection")
            }
            guard read.encrypted == encrypted else { throw SMTPProtocolError("unencrypted data arrived after STARTTLS") }
            parser.append(read.bytes.readableBytesView)
            if let reply = try parser.next() { return reply }
        }
    }
}
