import Foundation
import Hummingbird
import Logging

/// `AirFitBench upstream --port P [--tokens 50]`: a fake OpenAI-compatible provider for the relay benchmark. Every
/// `POST …/chat/completions` streams `tokens` content chunks (each its own write, as a real provider sends them), a
/// finish chunk, a usage chunk and `[DONE]`; `GET …/models` lists one model. Prints `listening PORT` when ready.
enum RelayUpstream {
    static func run(_ arguments: [String]) async throws {
        let port = Int(BenchArguments.value("--port", in: arguments) ?? "0") ?? 0
        let tokens = max(1, min(Int(BenchArguments.value("--tokens", in: arguments) ?? "50") ?? 50, 10_000))
        let chunks = frames(tokens: tokens)
        let router = Router()
        router.get("**") { _, _ -> Response in
            Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: .init(
                    byteBuffer: ByteBuffer(string: #"{"object":"list","data":[{"id":"bench","object":"model","owned_by":"bench"}]}"#)))
        }
        router.post("**") { request, _ -> Response in
            _ = try await request.body.collect(upTo: 1 << 20)
            return Response(
                status: .ok, headers: [.contentType: "text/event-stream"],
                body: ResponseBody { writer in
                    for chunk in chunks { try await writer.write(chunk) }
                    try await writer.finish(nil)
                })
        }
        var logger = Logger(label: "bench-upstream")
        logger.logLevel = .critical
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "BenchUpstream"),
            onServerRunning: { channel in
                print("listening \(channel.localAddress?.port ?? 0)")
                fflush(nil)
            }, logger: logger)
        try await app.runService()
    }

    /// The response's frames, made once.
    static func frames(tokens: Int) -> [ByteBuffer] {
        let head = #"data: {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1,"model":"bench","choices":["#
        var frames = [ByteBuffer(string: head + #"{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]}"# + "\n\n")]
        for index in 0..<tokens {
            frames.append(ByteBuffer(string: head + #"{"index":0,"delta":{"content":"tok\#(index) "},"finish_reason":null}]}"# + "\n\n"))
        }
        frames.append(ByteBuffer(string: head + #"{"index":0,"delta":{},"finish_reason":"stop"}]}"# + "\n\n"))
        frames.append(
            ByteBuffer(
                string: head + #"],"usage":{"prompt_tokens":12,"completion_tokens":\#(tokens),"total_tokens":\#(tokens + 12)}}"# + "\n\n"
                    + "data: [DONE]\n\n"))
        return frames
    }
}

/// `--name value` arguments.
enum BenchArguments {
    static func value(_ name: String, in arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }
}
