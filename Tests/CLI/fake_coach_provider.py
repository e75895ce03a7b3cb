"""A fake OpenAI-compatible provider for the coach: streams text, tool calls and broken streams in the real SSE format."""
import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from test_ai import GOOD, chunk


def tool_call_chunks(call_id, name, arguments):
    """A streamed tool call: name first, then the arguments in two pieces, then finish_reason tool_calls."""
    first = {"role": "assistant", "content": None,
             "tool_calls": [{"index": 0, "id": call_id, "type": "function", "function": {"name": name, "arguments": ""}}]}
    half = len(arguments) // 2
    pieces = [{"tool_calls": [{"index": 0, "function": {"arguments": part}}]} for part in (arguments[:half], arguments[half:])]
    return [chunk(first)] + [chunk(p) for p in pieces] + [chunk({}, finish="tool_calls"), b"data: [DONE]\n\n"]


def text_chunks(text):
    parts = [chunk({"role": "assistant", "content": ""})]
    parts += [chunk({"content": piece}) for piece in re.findall(r"\S+\s*", text)]
    return parts + [chunk({}, finish="stop"), chunk({}, usage={"prompt_tokens": 40, "completion_tokens": 9, "total_tokens": 49}),
                    b"data: [DONE]\n\n"]


class FakeCoachProvider:
    """Answers by the conversation's last message:

    - after a tool result: a sentence confirming it (or quoting the weather);
    - "I ran …": a logWorkout call (run, 30 minutes); "my goal is now …": an updateGoal call;
      "what is the weather?": a getWeather call;
    - the goal-analysis question: a JSON goal;
    - anything else: "You said: <message>".
    While `drops` is above zero, a reply sends a few words and then closes the connection. A message starting
    with "slow" gets a few words and then waits until `hold` is set.
    """

    def __init__(self):
        self.requests = []
        self.drops = 0
        self.hold = threading.Event()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self):
                body = json.dumps({"object": "list", "data": [{"id": "gpt-4o-mini", "object": "model"}]}).encode()
                ok = self.headers.get("Authorization") == f"Bearer {GOOD}"
                self.send_response(200 if ok else 401)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                fake.requests.append(body)
                if self.headers.get("Authorization") != f"Bearer {GOOD}":
                    payload = b'{"error":{"message":"Incorrect API key provided","code":"invalid_api_key"}}'
                    self.send_response(401)
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                    return
                if fake.drops > 0:
                    fake.drops -= 1
                    # No Content-Length: the body ends when the connection closes, before finish_reason or [DONE].
                    self.send_response(200)
                    self.send_header("Content-Type", "text/event-stream")
                    self.send_header("Connection", "close")
                    self.end_headers()
                    self.wfile.write(b"".join(text_chunks("Once upon a time there was")[:4]))
                    self.wfile.flush()
                    self.close_connection = True
                    return
                if body["messages"][-1].get("content", "").startswith("slow"):
                    # A few words, then nothing until the test lets go (or the client hangs up).
                    self.send_response(200)
                    self.send_header("Content-Type", "text/event-stream")
                    self.send_header("Connection", "close")
                    self.end_headers()
                    parts = text_chunks("Let me think about this for a while")
                    try:
                        self.wfile.write(b"".join(parts[:3]))
                        self.wfile.flush()
                        fake.hold.wait(30)
                        self.wfile.write(b"".join(parts[3:]))
                    except OSError:
                        pass
                    self.close_connection = True
                    return
                parts = fake.answer(body)
                payload = b"".join(parts)
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def answer(self, body):
        messages = body["messages"]
        last = messages[-1]
        system = messages[0]["content"] if messages[0]["role"] == "system" else ""
        if "structured data for their coach" in system:
            goal = {"goalType": "endurance", "primaryMetric": "5k_time", "timeframe": "by June",
                    "specificTarget": "sub-25 minute 5k", "whyImportant": "keep up with my kids"}
            return text_chunks(json.dumps(goal))
        if last["role"] == "tool":
            result = json.loads(last["content"])
            if "error" in result:
                return text_chunks("That did not work.")
            if "now" in result:
                return text_chunks(f"Right now it is {result['now']}.")
            return text_chunks("Nice work, that is in your log.")
        text = last["content"]
        if text.startswith("I ran"):
            return tool_call_chunks("call_1", "logWorkout", json.dumps({"type": "run", "durationMinutes": 30}))
        if text == "what is the weather?":
            return tool_call_chunks("call_3", "getWeather", "{}")
        if text.startswith("my goal is now "):
            return tool_call_chunks("call_2", "updateGoal", json.dumps({"aspiration": text[len("my goal is now "):]}))
        return text_chunks(f"You said: {text}")

    def posts(self):
        return list(self.requests)

    def stop(self):
        self.hold.set()
        self.server.shutdown()
