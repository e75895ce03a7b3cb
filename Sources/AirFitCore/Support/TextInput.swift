import Foundation

/// The one rule for text people type (forms, chat, the terminal): control characters are removed,
/// line breaks become `\n`, tabs stay. A NUL byte would otherwise cut a stored message short.
public enum TextInput {
    /// `text` without control characters; `\r\n` and `\r` become `\n`, which stays with tabs unless `singleLine`.
    public static func clean(_ text: String, singleLine: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: Self.needsWork) else { return text }
        var result = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\r": result.append(singleLine ? " " : "\n")
            case "\n":
                if !previousWasCR { result.append(singleLine ? " " : "\n") }
            case "\t": result.append(singleLine ? " " : "\t")
            default:
                if !isControl(scalar) { result.append(scalar) }
            }
        }
        return String(result)
    }

    /// Whether `text` holds a control character other than line breaks and tabs.
    public static func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { isControl($0) && $0 != "\n" && $0 != "\r" && $0 != "\t" }
    }

    private static func needsWork(_ scalar: Unicode.Scalar) -> Bool { isControl(scalar) }

    /// C0 and C1 controls, DEL, and the Unicode line/paragraph separators and bidi overrides that hide text.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: return true
        default: return false
        }
    }
}
