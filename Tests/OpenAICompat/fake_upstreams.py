"""Fake upstream providers on 127.0.0.1, one per wire format AirFit relays to: OpenAI, OpenRouter and a custom
OpenAI-compatible server (SSE chat completions), Anthropic (SSE Messages events), Gemini (SSE
`streamGenerateContent?alt=sse`) and Ollama (NDJSON `/api/chat`).

Each fake is a threaded `http.server` that records every request (method, path, query, headers, JSON body), accepts
only its own key in its own header, answers its model list, and answers a chat request by the conversation:

- tool results (read in the provider's own wire format) → text quoting them: "Logged <result> and <result>.";
- a last user message containing "use the tool" → a `logWorkout` call whose arguments arrive in pieces
  (OpenAI and Anthropic fragment them; Gemini and Ollama send calls whole, as the real ones do);
- "use two tools" → the text "Logging both." then two calls, `logWorkout` and `logMeal` (Anthropic: a text
  block at index 0, tool blocks at 1 and 2);
- "break midway" → a few words, then the connection closes before the stream's end;
- "fail midway" → a few words, then the provider's own error event ("Overloaded");
- "drip slowly" → a word every 0.1 s for 15 s; `hung_up` is set if AirFit closes the connection first;
- anything else → "You said: <message>" word by word, a stop reason and token usage.

`fail_next(status)` makes the next chat request fail with the provider's own error body for that status.
"""
import json
import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

KINDS = ("openai", "anthropic", "gemini", "ollama", "openrouter", "custom")

# Keys in each provider's own format (AirFit checks the format before anything is sent). Ollama needs none.
KEYS = {
    "openai": "sk-fake-openai-" + "o" * 24,
    "anthropic": "sk-ant-fake-" + "a" * 24,
    "gemini": "AIzaFakeGemini" + "g" * 25,
    "ollama": None,
    "openrouter": "sk-or-fake-" + "r" * 24,
    "custom": "custom-fake-key-" + "c" * 16,
}
# The model each member saves (and /v1/models lists).
MODELS = {
    "openai": "gpt-4o-mini",
    "anthropic": "claude-haiku-4-5",
    "gemini": "gemini-2.5-flash",
    "ollama": "llama3.2",
    "openrouter": "openai/gpt-4o-mini",
    "custom": "house-model-7b",
}
# The path under the fake's root that the member saves as the base URL (OpenRouter's and the custom server's are
# not OpenAI's, so a relay that assumed `/v1` would miss them).
BASE_PATHS = {"openai": "/v1", "anthropic": "/v1", "gemini": "", "ollama": "", "openrouter": "/api/v1", "custom": "/custom/v1"}
USAGE = {"input": 31, "output": 7}
WORKOUT = {"type": "run", "durationMinutes": 30, "notes": "easy pace, felt good"}
MEAL = {"name": "porridge with berries", "calories": 420}


class Recorded:
    """One request the fake received."""

    def __init__(self, method, target, headers, body):
        parts = urlsplit(target)
        self.method, self.path, self.query = method, parts.path, parse_qs(parts.query)
        self.headers = {name.lower(): value for name, value in headers.items()}
        self.body = body

    def __repr__(self):
        return f"<{self.method} {self.path}>"


class FakeUpstream:
    """A fake provider of one wire format; `base_url` is what the member saves with the key."""

    def __init__(self, kind):
        assert kind in KINDS, kind
        self.kind, self.key, self.model = kind, KEYS[kind], MODELS[kind]
        self.requests = []
        self.failures = []
        self.hung_up = threading.Event()  # set when AirFit closed a dripping stream before its end
        self.lock = threading.Lock()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self):
                fake.record(self, None)
                if not fake.authorized(self.headers, self.path):
                    return fake.send_error_body(self, 401)
                fake.send_json(self, 200, fake.model_list(self.path))

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                assert 0 <= length <= 4 * 1024 * 1024, length
                body = json.loads(self.rfile.read(length) or b"null")
                fake.record(self, body)
                if not fake.authorized(self.headers, self.path):
                    return fake.send_error_body(self, 401)
                with fake.lock:
                    status = fake.failures.pop(0) if fake.failures else None
                if status:
                    return fake.send_error_body(self, status)
                fake.answer(self, body)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.root = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.base_url = self.root + BASE_PATHS[kind]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    # --- what tests use -------------------------------------------------------------------------------------

    def fail_next(self, status):
        """The next chat request gets `status` with this provider's error body."""
        with self.lock:
            self.failures.append(status)

    def chats(self):
        """The chat requests received so far, oldest first."""
        return [r for r in self.requests if r.method == "POST"]

    def clear(self):
        self.hung_up.clear()
        with self.lock:
            self.requests.clear()
            self.failures.clear()

    def chat_path(self):
        """Where AirFit must send a chat request for this provider, under the saved base URL."""
        base = BASE_PATHS[self.kind]
        if self.kind == "anthropic":
            return base + "/messages"
        if self.kind == "gemini":
            return f"/v1beta/models/{self.model}:streamGenerateContent"
        if self.kind == "ollama":
            return "/api/chat"
        return base + "/chat/completions"

    def key_sent(self, request):
        """The key a request carried, read from this provider's own header (None when it carried none)."""
        if self.kind == "anthropic":
            return request.headers.get("x-api-key")
        if self.kind == "gemini":
            return request.headers.get("x-goog-api-key") or (request.query.get("key") or [None])[0]
        auth = request.headers.get("authorization", "")
        return auth[len("Bearer "):] if auth.startswith("Bearer ") else None

    def stop(self):
        self.server.shutdown()
        self.server.server_close()

    # --- the server side ------------------------------------------------------------------------------------

    def record(self, handler, body):
        with self.lock:
            self.requests.append(Recorded(handler.command, handler.path, handler.headers, body))

    def authorized(self, headers, path):
        if self.key is None:
            return True
        recorded = Recorded("GET", path, headers, None)
        return self.key_sent(recorded) == self.key

    def model_list(self, path):
        if self.kind == "gemini":
            return {"models": [{"name": f"models/{self.model}", "displayName": self.model}]}
        if self.kind == "ollama":
            return {"models": [{"name": self.model, "model": self.model}]}
        if self.kind == "anthropic":
            return {"data": [{"id": self.model, "type": "model"}], "has_more": False}
        if self.kind == "openrouter" and path.endswith("/key"):
            return {"data": {"label": "fake", "limit": None}}
        return {"object": "list", "data": [{"id": self.model, "object": "model", "owned_by": "fake"}]}

    @staticmethod
    def send_json(handler, status, body, extra=()):
        data = json.dumps(body).encode()
        handler.send_response(status)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(data)))
        for name, value in extra:
            handler.send_header(name, value)
        handler.end_headers()
        handler.wfile.write(data)

    def send_error_body(self, handler, status):
        """`status` with the body this provider really sends for it."""
        message = {401: "Invalid API key", 429: "Rate limit reached, slow down", 500: "Internal error"}.get(status, "Error")
        if self.kind == "anthropic":
            kind = {401: "authentication_error", 429: "rate_limit_error"}.get(status, "api_error")
            body = {"type": "error", "error": {"type": kind, "message": message}}
        elif self.kind == "gemini":
            name = {401: "UNAUTHENTICATED", 429: "RESOURCE_EXHAUSTED"}.get(status, "INTERNAL")
            body = {"error": {"code": status, "message": message, "status": name}}
        elif self.kind == "ollama":
            body = {"error": message}
        else:
            code = {401: "invalid_api_key", 429: "rate_limit_exceeded"}.get(status, "server_error")
            body = {"error": {"message": message, "type": "invalid_request_error", "code": code}}
        extra = [("Retry-After", "45")] if status == 429 else []
        self.send_json(handler, status, body, extra)

    def answer(self, handler, body):
        results = tool_results(self.kind, body)
        text = last_user_text(self.kind, body)
        writer = WIRE[self.kind](self.model)
        if results:
            parts = writer.text(f"Logged {' and '.join(results)}.")
        elif "use two tools" in text:
            parts = writer.tool_calls("Logging both.", [("call_fake_1", "logWorkout", json.dumps(WORKOUT)),
                                                        ("call_fake_2", "logMeal", json.dumps(MEAL))])
        elif "use the tool" in text:
            parts = writer.tool_calls("", [("call_fake_1", "logWorkout", json.dumps(WORKOUT))])
        elif "drip slowly" in text:
            return self.drip(handler, writer)
        elif "fail midway" in text:
            parts = writer.text("Once upon a time there was a runner who")[:writer.preamble + 2] + [writer.error("Overloaded")]
        elif "break midway" in text:
            parts = writer.text("Once upon a time there was a runner who")[:writer.preamble + 2]
            handler.send_response(200)
            handler.send_header("Content-Type", writer.content_type)
            handler.send_header("Connection", "close")
            handler.end_headers()
            handler.wfile.write(b"".join(parts))
            handler.wfile.flush()
            handler.close_connection = True
            return
        else:
            parts = writer.text(f"You said: {text}")
        payload = b"".join(parts)
        handler.send_response(200)
        handler.send_header("Content-Type", writer.content_type)
        handler.send_header("Content-Length", str(len(payload)))
        handler.end_headers()
        handler.wfile.write(payload)

    def drip(self, handler, writer):
        """Words every 0.1 s for 15 s; notes when the reader goes away first."""
        parts = writer.text("".join(drip_words()))
        handler.send_response(200)
        handler.send_header("Content-Type", writer.content_type)
        handler.send_header("Connection", "close")
        handler.end_headers()
        handler.close_connection = True
        try:
            for part in parts:
                handler.wfile.write(part)
                handler.wfile.flush()
                time.sleep(0.1)
        except OSError:
            self.hung_up.set()


def drip_words():
    return [f"step{n} " for n in range(150)]


def words(text):
    return re.findall(r"\S+\s*", text)


def pieces(text, count=3):
    """`text` cut into `count` fragments (the way providers stream tool arguments)."""
    size = max(1, len(text) // count)
    return [text[i:i + size] for i in range(0, len(text), size)]


def sse(data, event=None):
    head = f"event: {event}\n" if event else ""
    return f"{head}data: {json.dumps(data)}\n\n".encode()


class OpenAIWire:
    """OpenAI chat completion chunks (OpenAI, OpenRouter and custom servers)."""

    content_type = "text/event-stream"
    preamble = 1  # frames before the first word of a text reply

    def __init__(self, model):
        self.model = model

    def chunk(self, delta, finish=None, usage=None):
        body = {"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": 1, "model": self.model,
                "choices": [] if usage else [{"index": 0, "delta": delta, "finish_reason": finish}]}
        if usage:
            body["usage"] = usage
        return sse(body)

    def error(self, message):
        return sse({"error": {"message": message, "type": "server_error", "code": "overloaded"}})

    def usage(self):
        return self.chunk({}, usage={"prompt_tokens": USAGE["input"], "completion_tokens": USAGE["output"],
                                     "total_tokens": USAGE["input"] + USAGE["output"]})

    def text(self, text):
        parts = [self.chunk({"role": "assistant", "content": ""})] + [self.chunk({"content": w}) for w in words(text)]
        return parts + [self.chunk({}, "stop"), self.usage(), b"data: [DONE]\n\n"]

    def tool_calls(self, text, calls):
        parts = [self.chunk({"role": "assistant", "content": text or None})]
        for index, (call_id, name, arguments) in enumerate(calls):
            first = {"tool_calls": [{"index": index, "id": call_id, "type": "function", "function": {"name": name, "arguments": ""}}]}
            parts += [self.chunk(first)] + [self.chunk({"tool_calls": [{"index": index, "function": {"arguments": p}}]})
                                            for p in pieces(arguments)]
        return parts + [self.chunk({}, "tool_calls"), self.usage(), b"data: [DONE]\n\n"]


class AnthropicWire:
    """Anthropic Messages stream events."""

    content_type = "text/event-stream"
    preamble = 3

    def __init__(self, model):
        self.model = model

    def start(self):
        message = {"id": "msg_fake", "type": "message", "role": "assistant", "model": self.model, "content": [],
                   "stop_reason": None, "usage": {"input_tokens": USAGE["input"], "output_tokens": 1}}
        return sse({"type": "message_start", "message": message}, "message_start")

    def error(self, message):
        return sse({"type": "error", "error": {"type": "overloaded_error", "message": message}}, "error")

    def end(self, reason):
        return [sse({"type": "message_delta", "delta": {"stop_reason": reason, "stop_sequence": None},
                     "usage": {"output_tokens": USAGE["output"]}}, "message_delta"),
                sse({"type": "message_stop"}, "message_stop")]

    def text(self, text):
        parts = [self.start(), sse({"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
                                   "content_block_start"), sse({"type": "ping"}, "ping")]
        parts += [sse({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": w}},
                      "content_block_delta") for w in words(text)]
        return parts + [sse({"type": "content_block_stop", "index": 0}, "content_block_stop")] + self.end("end_turn")

    def tool_calls(self, text, calls):
        parts = [self.start()]
        if text:  # a text block first, so the tool blocks have indexes 1, 2…
            parts += [sse({"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
                          "content_block_start"),
                      sse({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": text}},
                          "content_block_delta"),
                      sse({"type": "content_block_stop", "index": 0}, "content_block_stop")]
        for index, (call_id, name, arguments) in enumerate(calls, start=1 if text else 0):
            parts.append(sse({"type": "content_block_start", "index": index,
                              "content_block": {"type": "tool_use", "id": call_id, "name": name, "input": {}}}, "content_block_start"))
            parts += [sse({"type": "content_block_delta", "index": index, "delta": {"type": "input_json_delta", "partial_json": p}},
                          "content_block_delta") for p in pieces(arguments)]
            parts.append(sse({"type": "content_block_stop", "index": index}, "content_block_stop"))
        return parts + self.end("tool_use")


class GeminiWire:
    """Gemini `streamGenerateContent?alt=sse` chunks; function calls arrive whole."""

    content_type = "text/event-stream"
    preamble = 0

    def __init__(self, model):
        self.model = model

    def chunk(self, parts, finish=None):
        candidate = {"content": {"role": "model", "parts": parts}, "index": 0}
        body = {"candidates": [candidate], "modelVersion": self.model}
        if finish:
            candidate["finishReason"] = finish
            body["usageMetadata"] = {"promptTokenCount": USAGE["input"], "candidatesTokenCount": USAGE["output"],
                                     "totalTokenCount": USAGE["input"] + USAGE["output"]}
        return sse(body)

    def error(self, message):
        return sse({"error": {"code": 503, "message": message, "status": "UNAVAILABLE"}})

    def text(self, text):
        found = words(text)
        return [self.chunk([{"text": w}]) for w in found[:-1]] + [self.chunk([{"text": found[-1]}], "STOP")]

    def tool_calls(self, text, calls):
        parts = [self.chunk([{"text": text}])] if text else []
        found = [{"functionCall": {"name": name, "args": json.loads(arguments)}} for _, name, arguments in calls]
        return parts + [self.chunk(found, "STOP")]


class OllamaWire:
    """Ollama's native `/api/chat` NDJSON lines; tool calls arrive whole."""

    content_type = "application/x-ndjson"
    preamble = 0

    def __init__(self, model):
        self.model = model

    def line(self, message, done=False, reason=None):
        body = {"model": self.model, "created_at": "2026-01-01T00:00:00Z", "message": message, "done": done}
        if done:
            body.update({"done_reason": reason, "prompt_eval_count": USAGE["input"], "eval_count": USAGE["output"]})
        return (json.dumps(body) + "\n").encode()

    def error(self, message):
        return (json.dumps({"error": message}) + "\n").encode()

    def text(self, text):
        parts = [self.line({"role": "assistant", "content": w}) for w in words(text)]
        return parts + [self.line({"role": "assistant", "content": ""}, True, "stop")]

    def tool_calls(self, text, calls):
        found = [{"function": {"name": name, "arguments": json.loads(arguments)}} for _, name, arguments in calls]
        parts = [self.line({"role": "assistant", "content": text})] if text else []
        return parts + [self.line({"role": "assistant", "content": "", "tool_calls": found}),
                        self.line({"role": "assistant", "content": ""}, True, "stop")]


WIRE = {"openai": OpenAIWire, "openrouter": OpenAIWire, "custom": OpenAIWire, "anthropic": AnthropicWire,
        "gemini": GeminiWire, "ollama": OllamaWire}


def conversation(kind, body):
    """The turns of a chat request in the provider's own wire format."""
    return body.get("contents" if kind == "gemini" else "messages") or []


def last_user_text(kind, body):
    """The text of the last user turn ("" when it holds none)."""
    for turn in reversed(conversation(kind, body)):
        if turn.get("role") != "user":
            continue
        if kind == "gemini":
            return "".join(p.get("text", "") for p in turn.get("parts", []))
        content = turn.get("content")
        if isinstance(content, list):
            return "".join(b.get("text", "") for b in content if b.get("type") == "text")
        return content or ""
    return ""


def tool_results(kind, body):
    """The tool results closing the conversation, read the way this provider's API carries them (none: [])."""
    turns = conversation(kind, body)
    if not turns:
        return []
    last = turns[-1]
    if kind == "anthropic":
        blocks = last.get("content") if last.get("role") == "user" and isinstance(last.get("content"), list) else []
        return [b["content"] for b in blocks if b.get("type") == "tool_result"]
    if kind == "gemini":
        found = [p["functionResponse"] for p in last.get("parts", []) if "functionResponse" in p] if last.get("role") == "user" else []
        return [json.dumps(f["response"], sort_keys=True) for f in found]
    found = []
    for turn in reversed(turns):
        if turn.get("role") != "tool":
            break
        found.insert(0, turn.get("content"))
    return found
