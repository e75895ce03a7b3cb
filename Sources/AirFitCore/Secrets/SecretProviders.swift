import Foundation

/// The providers whose secrets the vault may hold.
public enum SecretProviders {
    /// LLM providers (keys optional for ollama and custom).
    public static let ai = ["openai", "anthropic", "gemini", "openrouter", "ollama", "custom"]
    /// Weather providers that need a key (Open-Meteo needs none).
    public static let weather = ["openweathermap", "weatherapi"]
    /// Every provider id the vault accepts.
    public static var all: [String] { ai + weather }
}
