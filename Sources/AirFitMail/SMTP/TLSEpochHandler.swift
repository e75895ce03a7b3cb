internal import NIOCore

/// Bytes from the server, marked with whether they came through TLS.
struct SMTPInbound: Sendable {
    let bytes: ByteBuffer
    let encrypted: Bool
}

/// Marks every read with whether TLS sits in front of it, so plaintext the server (or someone in the middle) sent
/// after the STARTTLS reply cannot pass for an encrypted reply, even when it was already buffered (CVE-2011-0411).
///
/// `encrypted` is set on the event loop in the same step that adds the TLS handler, so no read falls between.
final class TLSEpochHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = SMTPInbound

    var encrypted: Bool

    init(encrypted: Bool) {
        self.encrypted = encrypted
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(wrapInboundOut(SMTPInbound(bytes: unwrapInboundIn(data), encrypted: encrypted)))
    }
}
