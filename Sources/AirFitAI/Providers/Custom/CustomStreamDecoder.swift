/// Decodes a custom OpenAI-compatible endpoint (vLLM, llama.cpp, LM Studio, Ollama's `/v1`): it uses
/// the OpenAI chat-completions decoder.
public typealias CustomStreamDecoder = OpenAIStreamDecoder
