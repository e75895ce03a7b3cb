import AirFitCoach
import AirFitCore
import Foundation
import Hummingbird

/// "Generate new preview" on the AI coach persona page: a short message in the persona's voice, streamed.
extension WebApp {
    func registerPersonaPreview(on router: Router<AirFitRequestContext>) {
        router.get("/events.js") { _, _ -> Response in
            WebResponses.asset(EventStreamScript.source, type: "text/javascript; charset=utf-8")
        }
        router.get("/persona-preview.js") { _, _ -> Response in
            WebResponses.asset(PersonaPreviewScript.source, type: "text/javascript; charset=utf-8")
        }
        router.post("/settings/persona/preview") { request, _ -> Response in
            try await requireForm(request) { signed, _ in
                let frames: AsyncStream<String>
                do {
                    guard let profile = try await dependencies.repository.onboardingProfile(userID: signed.user.id) else {
                        throw CoachError.invalidMessage("Set up your coach first: the preview speaks in your persona's voice.")
                    }
                    let selection = try await CoachModelSelection.resolve(user: signed.user, vault: dependencies.vault)
                    let pieces = try await PersonaPreviewer(streamer: dependencies.aiClient, log: dependencies.repository).preview(
                        persona: try profile.persona(), user: signed.user, selection: selection)
                    frames = Self.previewFrames(pieces)
                } catch {
                    frames = AsyncStream {
                        $0.yield(ChatStreamFrame.error(Self.message(for: error))); $0.finish()
                    }
                }
                return Self.eventStream(
                    ResponseBody { writer in
                        for await frame in frames { try await writer.write(ByteBuffer(string: frame)) }
                        try await writer.finish(nil)
                    })
            }
        }
    }

    /// Text pieces as `delta` frames, then `done` (or `error` with the reason).
    private static func previewFrames(_ pieces: AsyncThrowingStream<String, any Error>) -> AsyncStream<String> {
        let (frames, continuation) = AsyncStream.makeStream(of: String.self)
        let pump = Task {
            do {
                for try await piece in pieces { continuation.yield(ChatStreamFrame.frame(.textDelta(piece))) }
                continuation.yield("event: done\ndata: {}\n\n")
            } catch {
                continuation.yield(ChatStreamFrame.error(CoachEngine.reason(for: error)))
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in pump.cancel() }
        return frames
    }
}

/// Streams the persona preview into `#persona-preview` when `[data-testid="persona.preview.generate"]` is pressed.
enum PersonaPreviewScript {
    static let source = #"""
        (() => {
          const button = document.querySelector('[data-testid="persona.preview.generate"]');
          const output = document.getElementById('persona-preview');
          if (!button || !output || !window.fetch || !window.AirFitEvents) return;
          const csrf = document.querySelector('[name=_csrf]').value;
          button.addEventListener('click', async event => {
            event.preventDefault();
            button.disabled = true;
            output.textContent = '';
            output.classList.remove('alert');
            output.setAttribute('aria-busy', 'true');
            try {
              const response = await fetch('/settings/persona/preview', {method: 'POST', body: new URLSearchParams({_csrf: csrf})});
              await window.AirFitEvents.read(response, (event, data) => {
                if (event === 'delta') output.textContent += data.text;
                if (event === 'error') { output.textContent = data.message; output.classList.add('alert'); }
              });
            } catch (error) {
              output.textContent = 'The preview could not be generated. Try again.';
              output.classList.add('alert');
            } finally {
              output.removeAttribute('aria-busy');
              button.disabled = false;
            }
          });
        })();
        """#
}
