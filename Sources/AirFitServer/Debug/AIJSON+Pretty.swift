import AirFitAI

extension AIJSON {
    /// The value as indented JSON text (two spaces), member order kept; for people reading it on a page.
    var pretty: String {
        var lines = ""
        write(into: &lines, indent: "")
        return lines
    }

    private func write(into text: inout String, indent: String) {
        let inner = indent + "  "
        switch self {
        case .array(let elements) where !elements.isEmpty:
            text += "[\n"
            for (offset, element) in elements.enumerated() {
                text += inner
                element.write(into: &text, indent: inner)
                text += offset == elements.count - 1 ? "\n" : ",\n"
            }
            text += indent + "]"
        case .object(let members) where !members.isEmpty:
            text += "{\n"
            for (offset, member) in members.enumerated() {
                text += inner + AIJSON.string(member.key).encoded + ": "
                member.value.write(into: &text, indent: inner)
                text += offset == members.count - 1 ? "\n" : ",\n"
            }
            text += indent + "}"
        default:
            text += encoded
        }
    }
}
