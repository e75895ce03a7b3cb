import AirFitCore
public import Crypto
public import Foundation

/// Message encryption for Web Push (RFC 8291) in the `aes128gcm` content coding (RFC 8188), one record per message.
///
/// Each message uses a new server key pair and salt: the browser's key (`p256dh`) and authentication secret (`auth`)
/// with the server's key give, through HKDF-SHA-256, the content key and nonce; the body is
/// `salt ‖ record size ‖ key id length ‖ server public key ‖ AES-128-GCM(plaintext ‖ 0x02)`.
public enum WebPushEncryption {
    /// The record size written in the header.
    public static let recordSize = 4096
    /// The largest body a push service must accept (RFC 8030 §7.2), header included.
    public static let maximumBody = 4096
    /// The header: salt (16), record size (4), key id length (1), the server's uncompressed public key (65).
    static let headerLength = 86
    /// The largest plaintext that fits: the body limit less the header, the tag (16) and the padding delimiter (1).
    public static let maximumPlaintext = maximumBody - headerLength - 16 - 1

    /// Encrypts `plaintext` for the browser behind `subscription`.
    /// - Parameters:
    ///   - serverKey: the one-time key pair of this message (new by default; tests pass RFC 8291's).
    ///   - salt: 16 random bytes (new by default).
    /// - Throws: ``PushError/tooLarge(bytes:limit:)`` above ``maximumPlaintext``.
    public static func encrypt(
        _ plaintext: some DataProtocol, for subscription: PushSubscription,
        serverKey: P256.KeyAgreement.PrivateKey = P256.KeyAgreement.PrivateKey(), salt: Data = randomSalt()
    ) throws(PushError) -> Data {
        guard plaintext.count <= maximumPlaintext else { throw .tooLarge(bytes: plaintext.count, limit: maximumPlaintext) }
        guard salt.count == 16 else { throw .unreadable("the salt must be 16 bytes") }
        let browserKey: P256.KeyAgreement.PublicKey
        let shared: SharedSecret
        do {
            browserKey = try P256.KeyAgreement.PublicKey(x963Representation: subscription.p256dh)
            shared = try serverKey.sharedSecretFromKeyAgreement(with: browserKey)
        } catch {
            throw .invalidSubscription("keys.p256dh is not a usable P-256 key.")
        }
        let serverPublic = serverKey.publicKey.x963Representation
        let (key, nonce) = try derive(
            shared: shared, auth: subscription.auth, browserPublic: subscription.p256dh, serverPublic: serverPublic, salt: salt)
        var record = Data(plaintext)
        record.append(0x02)  // the last (and only) record's delimiter; no further padding
        let sealed: AES.GCM.SealedBox
        do {
            sealed = try AES.GCM.seal(record, using: key, nonce: nonce)
        } catch {
            throw .unreadable("encryption failed")
        }
        var body = salt
        body.append(contentsOf: withUnsafeBytes(of: UInt32(recordSize).bigEndian) { Array($0) })
        body.append(UInt8(serverPublic.count))
        body.append(serverPublic)
        body.append(sealed.ciphertext)
        body.append(sealed.tag)
        return body
    }

    /// Decrypts a body made by ``encrypt(_:for:serverKey:salt:)`` with the browser's private key and secret (what a
    /// browser does; used to check our own messages).
    /// - Throws: ``PushError/unreadable(_:)`` naming the part that is wrong.
    public static func decrypt(_ body: Data, browserKey: P256.KeyAgreement.PrivateKey, auth: Data) throws(PushError) -> Data {
        let bytes = [UInt8](body)
        guard bytes.count > headerLength else { throw .unreadable("the body is shorter than its header") }
        let salt = Data(bytes[0..<16])
        let recordSize = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let idLength = Int(bytes[20])
        guard idLength == 65, bytes.count >= 21 + idLength + 16 else { throw .unreadable("the key id is not a P-256 public key") }
        let serverPublic = Data(bytes[21..<(21 + idLength)])
        let sealed = Data(bytes[(21 + idLength)...])
        guard sealed.count <= recordSize, recordSize >= 18 else { throw .unreadable("more than one record") }
        let shared: SharedSecret
        do {
            shared = try browserKey.sharedSecretFromKeyAgreement(with: P256.KeyAgreement.PublicKey(x963Representation: serverPublic))
        } catch {
            throw .unreadable("the server key is not a P-256 point")
        }
        let (key, nonce) = try derive(
            shared: shared, auth: auth, browserPublic: browserKey.publicKey.x963Representation, serverPublic: serverPublic, salt: salt)
        let record: Data
        do {
            let box = try AES.GCM.SealedBox(nonce: nonce, ciphertext: sealed.dropLast(16), tag: sealed.suffix(16))
            record = try AES.GCM.open(box, using: key)
        } catch {
            throw .unreadable("the authentication tag does not match")
        }
        guard let end = record.lastIndex(where: { $0 != 0 }), record[end] == 0x02 else {
            throw .unreadable("the record has no last-record delimiter")
        }
        return Data(record[record.startIndex..<end])
    }

    /// 16 random bytes.
    public static func randomSalt() -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// The content key and nonce (RFC 8291 §3.4, RFC 8188 §2.2).
    private static func derive(
        shared: SharedSecret, auth: Data, browserPublic: Data, serverPublic: Data, salt: Data
    ) throws(PushError) -> (SymmetricKey, AES.GCM.Nonce) {
        let ecdh = shared.withUnsafeBytes { SymmetricKey(data: Data($0)) }
        let authKey = HKDF<SHA256>.extract(inputKeyMaterial: ecdh, salt: auth)
        var keyInfo = Data("WebPush: info".utf8)
        keyInfo.append(0)
        keyInfo.append(browserPublic)
        keyInfo.append(serverPublic)
        let inputKey = HKDF<SHA256>.expand(pseudoRandomKey: authKey, info: keyInfo, outputByteCount: 32)
        let pseudoRandom = HKDF<SHA256>.extract(inputKeyMaterial: inputKey, salt: salt)
        let contentKey = HKDF<SHA256>.expand(
            pseudoRandomKey: pseudoRandom, info: Data("Content-Encoding: aes128gcm\u{0}".utf8), outputByteCount: 16)
        let nonceKey = HKDF<SHA256>.expand(
            pseudoRandomKey: pseudoRandom, info: Data("Content-Encoding: nonce\u{0}".utf8), outputByteCount: 12)
        guard let nonce = nonceKey.withUnsafeBytes({ try? AES.GCM.Nonce(data: Data($0)) }) else {
            throw .unreadable("the derived nonce is not 12 bytes")
        }
        return (contentKey, nonce)
    }
}
