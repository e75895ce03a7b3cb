import AirFitCore
import Foundation

/// How this binary was built, for About.
enum AirFitBuild {
    /// "release" or "debug", and the platform.
    static var description: String {
        #if DEBUG
            let configuration = "debug"
        #else
            let configuration = "release"
        #endif
        #if os(Linux)
            let platform = "Linux"
        #elseif os(macOS)
            let platform = "macOS"
        #else
            let platform = "other"
        #endif
        return "\(configuration), \(platform)"
    }
}

/// The privacy policy, terms and support pages under About: what this installation does with data, in plain words.
enum AboutDocument: String, CaseIterable, Sendable {
    case privacy, terms, support

    var title: String {
        switch self {
        case .privacy: return "Privacy policy"
        case .terms: return "Terms of use"
        case .support: return "Contact support"
        }
    }

    /// The document's paragraphs; `supportEmail` is `AIRFIT_SUPPORT_EMAIL` when the server sets one.
    func paragraphs(supportEmail: String?) -> [String] {
        switch self {
        case .privacy:
            return [
                "AirFit runs on the server you are using now. Everything you enter — your onboarding answers, persona, "
                    + "workouts, meals, check-ins and conversations with your coach — is stored in that server's database and nowhere else.",
                "When you chat, preview your persona or describe your goal, the message, your recent history and your coach's "
                    + "instructions are sent to the AI provider you chose in Settings → AI provider, with your own key. That provider's "
                    + "own privacy policy applies to what it receives. Weather questions send rounded coordinates (about 1 km) to Open-Meteo, "
                    + "and a place search in Settings → Location & weather sends the name you type to Open-Meteo's geocoding.",
                "API keys are stored encrypted (AES-256-GCM) and are never shown again, logged or exported. Passwords are stored as "
                    + "bcrypt hashes; sessions as hashes of their cookie.",
                "Analytics are off unless you turn them on in Settings → Privacy. You can export all your data as JSON or CSV, "
                    + "and delete all of it, at any time in Settings → Data management.",
            ]
        case .terms:
            return [
                "AirFit is a coaching tool, not a medical service. Its suggestions do not replace advice from a doctor, "
                    + "physiotherapist or dietitian: stop and seek professional help if you feel pain, dizziness or unwell.",
                "Replies are written by the AI model you chose and can be wrong. Check anything important, especially about "
                    + "injuries, medication, pregnancy or health conditions.",
                "You are responsible for the API keys you add and for the costs your AI provider charges for their use.",
            ]
        case .support:
            var lines = [
                "Most answers are in Settings: the AI provider page checks your key and shows what is wrong, and the About "
                    + "page shows the version to mention when you ask for help."
            ]
            if let supportEmail {
                lines.append("Write to \(supportEmail) — never include an API key or password in your message.")
            } else {
                lines.append(
                    "This installation has no support address set up: ask the person who runs this AirFit server "
                        + "(they can set AIRFIT_SUPPORT_EMAIL to show one here). Never send anyone an API key or password.")
            }
            return lines
        }
    }
}
