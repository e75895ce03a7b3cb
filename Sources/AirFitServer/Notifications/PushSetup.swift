public import AirFitPush

/// Web Push as `airfit serve` set it up: the installation's VAPID public key (browsers subscribe with it), the
/// sender, and which push services may be posted to.
public struct PushSetup: Sendable {
    /// The VAPID public key (uncompressed P-256, base64url): the browsers' `applicationServerKey`.
    public var publicKey: String
    /// Encrypts and posts each message.
    public var sender: WebPushSender
    /// The push services the server posts to.
    public var policy: PushEndpointPolicy

    /// A setup with `key`, sending through `sender`.
    public init(key: VAPIDKey, sender: WebPushSender, policy: PushEndpointPolicy) {
        publicKey = key.publicKey
        self.sender = sender
        self.policy = policy
    }
}
