import AirFitAI
import AirFitCoach
import AirFitCore
import Foundation
import Hummingbird

/// The OpenAI-compatible endpoint: `POST /v1/chat/completions` (streaming and not) and `GET /v1/models`, for any
/// OpenAI client holding a member's token with the `openai` scope.
///
/// A request goes to the member's own provider with the member's own key (to the base URL saved with it), translated
/// into that provider's wire format by ``AIClient``; the answer comes back as OpenAI's chunks (``OpenAIChunkWriter``)
/// or one completion (``OpenAICompletionBuilder``). Until the first event arrives nothing is sent, so a provider that
/// fails at once gives the client a real status (429, 502, 504) in OpenAI's error shape; a failure after that ends the
/// stream with an error frame.
struct OpenAIController: Sendable {
    let vault: any SecretVault
    let streamer: any ChatStreaming
    /// The `airfit-coach` model.
    let coach: CoachCompletions
    let now: @Sendable () -> Date

    /// The models a member's token can use: the coach, then the member's own model; none without a provider (neither
    /// could answer).
    private func models(_ user: User) async throws -> [(id: String, ownedBy: String)] {
        guard let selection = try? await CoachModelSelection.resolve(user: user, vault: vault) else { return [] }
        return [(CoachCompletions.model, "airfit"), (selection.resolvedModel, selection.provider.rawValue)]
    }

    private static func json(_ body: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    /// `GET /v1/models/{model}`: one of ``models(_:)``, or 404 in OpenAI's shape.
    private func model(_ wanted: String, user: User) async throws -> Response {
        guard let entry = try await models(user).first(where: { $0.id == wanted }) else {
            throw OpenAIError(
                status: .notFound, message: "The model '\(wanted)' does not exist for this token; GET /v1/models lists them.",
                param: "model", code: "model_not_found")
        }
        return Self.json(OpenAIModelList.json(id: entry.id, ownedBy: entry.ownedBy, created: Int(now().timeIntervalSince1970)))
    }

    /// The largest request body read (long conversations with tool results fit).
    static let bodyLimit = 4 * 1024 * 1024

    func addRoutes(to group: RouterGroup<APIRequestContext>) {
        group.get("/v1/models") { _, context -> Response in
            let body = OpenAIModelList.json(entries: try await models(context.user), created: Int(now().timeIntervalSince1970))
            return Self.json(body)
        }
        // A model id may hold one slash (OpenRouter's `vendor/model`).
        for path in ["/v1/models/:model", "/v1/models/:model/:name"] {
            group.get(RouterPath(path)) { _, context -> Response in
                let wanted = [context.parameters.get("model"), context.parameters.get("name")].compactMap { $0 }.joined(separator: "/")
                return try await model(wanted, user: context.user)
            }
        }
        group.post("/v1/chat/completions") { request, context -> Response in
            let body = try await request.body.collect(upTo: Self.bodyLimit)
            let parsed: OpenAIChatCompletionRequest
            do {
                parsed = try OpenAIChatCompletionRequest.decode(body.readableBytesView)
            } catch let error as OpenAIRelayError {
                throw OpenAIError.invalid(error)
            }
            if parsed.model == CoachCompletions.model { return try await coach.reply(parsed, context: context) }
            let selection: CoachModelSelection
            do {
                selection = try await CoachModelSelection.resolve(user: context.user, vault: vault)
            } catch {
                throw OpenAIError.noProvider(error)
            }
            var chat = parsed.chatRequest
            chat.model = parsed.model
            let provider = AIProviderCatalog.info(selection.provider).displayName
            let routed: RoutedStream
            do {
                routed = try await selection.open(chat, through: streamer, purpose: .openAI, now: now())
            } catch let error as UsageBudgetError {
                throw OpenAIError.budget(error, now: now())
            } catch {
                throw OpenAIError.upstream(error, provider: provider, maxTokensField: parsed.maxTokensField)
            }
            let id = Self.completionID()
            let created = Int(now().timeIntervalSince1970)
            let served: HTTPFields = [Self.servedHeader: routed.served.header]
            if parsed.stream {
                let first: StreamEvent?
                do {
                    first = try await routed.next()
                } catch {
                    throw OpenAIError.upstream(error, provider: provider, maxTokensField: parsed.maxTokensField)
                }
                if case .error(let code, let message)? = first {
                    throw OpenAIError.upstream(ServiceError.providerError(code: code ?? "stream", message: message), provider: provider)
                }
                let chunks = OpenAIChunkWriter(id: id, model: parsed.model, created: created, includeUsage: parsed.includeUsage)
                var response = ReplyStream.eventStream(
                    ResponseBody { output in
                        var writer = chunks
                        var failure: OpenAIError?
                        var event = first
                        while let current = event {
                            if case .error(let code, let message) = current {
                                failure = OpenAIError.upstream(
                                    ServiceError.providerError(code: code ?? "stream", message: message), provider: provider,
                                    maxTokensField: parsed.maxTokensField)
                                break
                            }
                            let frames = writer.frames(for: current)
                            if !frames.isEmpty { try await output.write(ByteBuffer(string: frames.joined())) }
                            do {
                                event = try await routed.next()
                            } catch {
                                failure = OpenAIError.upstream(error, provider: provider, maxTokensField: parsed.maxTokensField)
                                event = nil
                            }
                        }
                        let tail = failure.map { [$0.streamFrame] } ?? writer.end()
                        try await output.write(ByteBuffer(string: tail.joined()))
                        try await output.finish(nil)
                    })
                response.headers.append(contentsOf: served)
                return response
            }
            var builder = OpenAICompletionBuilder(id: id, model: parsed.model, created: created)
            do {
                while let event = try await routed.next() {
                    if case .error(let code, let message) = event {
                        throw ServiceError.providerError(code: code ?? "stream", message: message)
                    }
                    builder.add(event)
                }
            } catch {
                throw OpenAIError.upstream(error, provider: provider, maxTokensField: parsed.maxTokensField)
            }
            var headers = served
            headers[.contentType] = "application/json"
            headers[.cacheControl] = "no-store"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: builder.response())))
        }
    }

    /// Which provider and model answered (`provider/model`), for clients that care about fallbacks.
    static let servedHeader = HTTPFields.Element.Name("x-airfit-provider")!

    /// `chatcmpl-` and 24 random letters and digits.
    static func completionID() -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var generator = SystemRandomNumberGenerator()
        return "chatcmpl-" + String((0..<24).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }
}
