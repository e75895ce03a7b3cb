import AirFitAI

/// Decodes a response body pasted into the developer tools with the app's own decoders
/// (what `airfit debug decode` does for a file).
enum PastedStream {
    /// The largest form the decode page reads: room for a long pasted stream, percent-encoded.
    static let formLimit = 4 << 20

    /// The stream summary as indented JSON, or why the body could not be decoded.
    /// - Parameters:
    ///   - text: the pasted body; a browser sends its line breaks as CRLF, which both SSE and NDJSON accept.
    ///   - provider: whose wire format the body uses.
    static func summary(_ text: String, provider: AIProviderID) -> Result<String, StreamParseError> {
        var decoder = provider.makeStreamDecoder()
        var summary = StreamSummary()
        do throws(StreamParseError) {
            summary.add(contentsOf: try decoder.decode(Array(text.utf8)))
        } catch {
            return .failure(error)
        }
        summary.add(contentsOf: decoder.finish())
        return .success(summary.jsonObject.pretty)
    }
}
