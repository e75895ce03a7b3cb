/// Decodes an OpenRouter stream: OpenRouter speaks the OpenAI chat-completions format (plus SSE
/// comments, `reasoning` deltas and mid-stream `error` objects, all handled by the OpenAI decoder).
public typealias OpenRouterStreamDecoder = OpenAIStreamDecoder
