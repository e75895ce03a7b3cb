/// Vocabulary and helpers for the synthetic streams.
enum SyntheticText {
    static let words = [
        " the", " you", " workout", " recovery", " protein", " sleep", " today", " heart", " rate", " zone",
        " squat", " deadlift", " progress", " goal", " week", " easy", " tempo", " intervals", " and", " to",
        " of", " a", " is", " your", ".", ",", " I", "'m", " great", " 5", "km", " run", " at", " pace",
        "\n\n", "\n- ", " **", "**", " \"", "\"", " café", " naïve", " über", " →", " 💪", " 🏃‍♀️", " 睡眠",
        " Größe", " résumé", " —", "\t", " \\", " ok",
    ]
    static let tools = ["get_weather", "log_workout", "lookup_food", "set_goal", "get_sleep_summary"]
    static let cities = ["Paris", "São Paulo", "Zürich", "Tokyo", "New York", "Kraków"]

    static func token(using random: inout SplitMix64) -> String {
        words[Int.random(in: 0..<words.count, using: &random)]
    }

    static func toolCall(using random: inout SplitMix64) -> (name: String, arguments: String) {
        let name = tools[Int.random(in: 0..<tools.count, using: &random)]
        let city = cities[Int.random(in: 0..<cities.count, using: &random)]
        let minutes = Int.random(in: 10...120, using: &random)
        let arguments =
            "{\"location\": \"\(city)\", \"minutes\": \(minutes), \"intensity\": \"moderate\", "
            + "\"notes\": \"felt \\\"strong\\\" today\", \"tags\": [\"run\", \"outdoor\"]}"
        return (name, arguments)
    }

    /// Splits `text` into fragments of 1–12 characters, as models stream tool arguments.
    static func fragments(of text: String, using random: inout SplitMix64) -> [String] {
        var result: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            let length = Int.random(in: 1...12, using: &random)
            result.append(String(rest.prefix(length)))
            rest = rest.dropFirst(length)
        }
        return result
    }

    /// `text` as the body of a JSON string (without quotes).
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
