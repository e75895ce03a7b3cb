import Foundation

/// The bound on what is stored of one coach reply, and on what a page renders of a stored message.
///
/// A provider streaming without end must not fill the database or a page: a reply is kept up to
/// ``maximumBytes`` of text and marked incomplete with ``cutReason``; older messages stored before the bound
/// are cut the same way when shown.
public enum StoredReply {
    /// The most UTF-8 bytes of text stored for one reply (about 60,000 words; far below the stream limit).
    public static let maximumBytes = 256 * 1024

    /// Why a reply past ``maximumBytes`` is incomplete.
    public static let cutReason = "The reply was longer than 256 KB, so AirFit stopped it and kept the first 256 KB."

    /// The marker shown where a long message was cut.
    public static let cutMarker = "\n\n[… cut: the message was longer than 256 KB]"

    /// `text` when within ``maximumBytes``, else its start (on a character boundary) with ``cutMarker``.
    public static func bounded(_ text: String) -> String {
        guard text.utf8.count > maximumBytes else { return text }
        var bytes = 0
        var end = text.startIndex
        for character in text {
            bytes += character.utf8.count
            if bytes > maximumBytes { break }
            end = text.index(after: end)
        }
        return String(text[..<end]) + cutMarker
    }
}
