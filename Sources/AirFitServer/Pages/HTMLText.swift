/// Text put into HTML built in Swift (an SVG chart, an email's HTML part); templates escape on their own.
enum HTMLText {
    /// `text` safe inside an element or a quoted attribute.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
