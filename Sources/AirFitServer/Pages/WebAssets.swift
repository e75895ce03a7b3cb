import Foundation

/// A file embedded at build time (see the EmbedFiles plugin): its name under `Assets/`, content hash and bytes.
struct EmbeddedFile: Sendable {
    let name: String
    let hash: String
    let bytes: [UInt8]

    /// A text file (its final newline was dropped when embedded).
    init(name: String, hash: String, text: String) {
        self.name = name
        self.hash = hash
        bytes = Array(text.utf8)
    }

    /// A binary file, embedded as base64.
    init(name: String, hash: String, base64: String) {
        self.name = name
        self.hash = hash
        // Written by the build plugin from a file's bytes: it always decodes.
        bytes = Array(Data(base64Encoded: base64) ?? Data())
    }
}

/// One stylesheet, script, manifest or icon, served at a content-addressed URL that never changes meaning, so
/// browsers may keep it for a year.
struct WebAsset: Sendable {
    /// The file name, `chat.js`.
    let name: String
    /// `/assets/chat.1f2e3d4c5b6a.js`: changes whenever the content does.
    let path: String
    /// The unversioned address, `/chat.js` (short cache; for links that cannot know the hash, like the manifest's).
    let plainPath: String
    let contentType: String
    let bytes: [UInt8]

    /// The asset as text (scripts, styles, the manifest).
    var text: String { String(decoding: bytes, as: UTF8.self) }

    init(_ file: EmbeddedFile) {
        name = file.name
        let dot = file.name.firstIndex(of: ".") ?? file.name.endIndex
        path = "/assets/\(file.name[..<dot]).\(file.hash.prefix(12))\(file.name[dot...])"
        plainPath = "/\(file.name)"
        bytes = file.bytes
        switch file.name.split(separator: ".").last {
        case "css": contentType = "text/css; charset=utf-8"
        case "js": contentType = "text/javascript; charset=utf-8"
        case "svg": contentType = "image/svg+xml"
        case "webmanifest": contentType = "application/manifest+json"
        case "png": contentType = "image/png"
        case "html": contentType = "text/html; charset=utf-8"
        default: contentType = "application/octet-stream"
        }
    }

    /// The key templates use for this asset's URL: `chat.js` → `chat_js` (`{{asset.chat_js}}`).
    var templateKey: String {
        String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}

/// Every embedded asset, and their URLs by template key.
enum WebAssets {
    static let all: [WebAsset] = EmbeddedFiles.assets.map(WebAsset.init)

    /// `chat_js` → `/assets/chat.1f2e3d4c5b6a.js`, for `{{asset.chat_js}}` in any template.
    static let urls: [String: String] = Dictionary(uniqueKeysWithValues: all.map { ($0.templateKey, $0.path) })
}
