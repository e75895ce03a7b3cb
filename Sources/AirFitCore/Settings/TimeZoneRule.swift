public import Foundation

/// Which time zone names AirFit accepts from outside (a browser's `Intl` zone, a preference form).
public enum TimeZoneRule {
    /// `text` when it names a time zone this system knows (an IANA name like `Europe/Berlin`), else `nil`.
    public static func identifier(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty, text.count <= 64,
            text.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "/_+-".unicodeScalars.contains($0)) }
            ),
            let zone = TimeZone(identifier: text)
        else { return nil }
        return zone.identifier
    }

    /// Every time zone this system knows, by IANA name, sorted (the preferences page lists them).
    public static let knownIdentifiers: [String] = TimeZone.knownTimeZoneIdentifiers.sorted()
}
