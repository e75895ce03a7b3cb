"""A fake OpenAI-compatible provider on 127.0.0.1 for browser tests: real HTTP, OpenAI's streaming wire format.

It plays a tiny coach: a message mentioning a run gets a `logWorkout` tool call; the tool result gets a short
answer streamed word by word; a message asking for a story drips words slowly until the client goes away.
"""
import datetime
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

KEY = "sk-browser-" + "k" * 32


def chunk(delta, finish=None, usage=None):
    body = {"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o-mini",
            "choices": [] if usage else [{"index": 0, "delta": delta, "finish_reason": finish}]}
    if usage:
        body["usage"] = usage
    return f"data: {json.dumps(body)}\n\n".encode()


class FakeProvider:
    def __init__(self):
        self.requests = []
        provider = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def send_json(self, status, body):
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def authorized(self):
                if self.headers.get("Authorization") == f"Bearer {KEY}":
                    return True
                self.send_json(401, {"error": {"message": "Incorrect API key provided", "code": "invalid_api_key"}})
                return False

            def do_GET(self):
                provider.requests.append(("GET", self.path, None))
                if self.authorized():
                    self.send_json(200, {"object": "list", "data": [{"id": "gpt-4o-mini"}, {"id": "gpt-4o"}]})

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                provider.requests.append(("POST", self.path, body))
                if not self.authorized():
                    return
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Connection", "close")
                self.end_headers()
                last = body["messages"][-1]
                try:
                    if last["role"] == "tool":
                        self.words("Logged it. Nice steady pace, keep the easy days easy!", delay=0.05)
                    elif "story" in last["content"].lower():
                        self.words(("Once upon a time there was a runner " * 200), delay=0.2)
                    elif "ran" in last["content"].lower():
                        # Started now, so the home page's "today" holds it even in the half hour after midnight.
                        arguments = json.dumps({"type": "run", "durationMinutes": 30,
                                                "startedAt": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")})
                        self.wfile.write(chunk({"role": "assistant", "tool_calls": [{"index": 0, "id": "call_1", "type": "function",
                                                                                     "function": {"name": "logWorkout", "arguments": ""}}]}))
                        self.wfile.write(chunk({"tool_calls": [{"index": 0, "function": {"arguments": arguments}}]}))
                        self.wfile.write(chunk({}, finish="tool_calls"))
                        self.wfile.write(b"data: [DONE]\n\n")
                    else:
                        self.words("Hello! I'm your coach. What did you do today?", delay=0.02)
                    self.wfile.flush()
                except (BrokenPipeError, ConnectionResetError):
                    pass
                self.close_connection = True

            def words(self, text, delay):
                for word in text.split(" "):
                    self.wfile.write(chunk({"content": word + " "}))
                    self.wfile.flush()
                    time.sleep(delay)
                self.wfile.write(chunk({}, finish="stop"))
                self.wfile.write(chunk({}, usage={"prompt_tokens": 40, "completion_tokens": 12, "total_tokens": 52}))
                self.wfile.write(b"data: [DONE]\n\n")

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.base_url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def close(self):
        self.server.shutdown()
