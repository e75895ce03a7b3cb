"""A fake Web Push service for the tests: a browser's push service as RFC 8030 describes it, on 127.0.0.1.

It accepts `POST /push/<subscriber>` only with a valid VAPID token (RFC 8292: ES256 signed by the `k=` key, `aud`
the service's own origin, `exp` in the future and at most 24 hours away, `sub` a mailto: or https: address), and
decrypts the body (RFC 8291 aes128gcm) with the subscriber's private key and auth secret using `http_ece`, so a
message is only counted when it really is readable by that browser.

Control, JSON over HTTP: `POST /subscribers` {"id", "private_key" (base64url, 32 bytes), "auth" (base64url),
"status" (201 by default; 410 makes the subscriber gone)}; `GET /received` lists what was accepted and refused.
The first line on stdout is `PORT <n>`; the service runs until stdin closes.
"""
import base64
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

subscribers = {}
received = []
lock = threading.Lock()


def b64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def check_vapid(header, origin):
    """The token's claims, or raises ValueError naming what is wrong."""
    if not header.startswith("vapid "):
        raise ValueError("Authorization is not vapid")
    parts = dict(part.strip().split("=", 1) for part in header[len("vapid "):].split(","))
    token, key = parts.get("t"), parts.get("k")
    if not token or not key:
        raise ValueError("t= or k= missing")
    head, payload, signature = token.split(".")
    if json.loads(b64url(head)).get("alg") != "ES256":
        raise ValueError("alg is not ES256")
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b64url(key))
    raw = b64url(signature)
    if len(raw) != 64:
        raise ValueError("signature is not 64 bytes")
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    try:
        public.verify(der, f"{head}.{payload}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        raise ValueError("bad signature")
    claims = json.loads(b64url(payload))
    if claims.get("aud") != origin:
        raise ValueError(f"aud {claims.get('aud')!r} is not {origin!r}")
    now = time.time()
    exp = claims.get("exp")
    if not isinstance(exp, int) or exp <= now or exp > now + 24 * 3600:
        raise ValueError("exp is not within 24 hours")
    sub = claims.get("sub", "")
    if not (sub.startswith("mailto:") or sub.startswith("https://")):
        raise ValueError("sub is not mailto: or https:")
    return claims


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def answer(self, status, body=b""):
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path != "/received":
            return self.answer(404)
        with lock:
            body = json.dumps(received).encode()
        self.answer(200, body)

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        if self.path == "/subscribers":
            entry = json.loads(body)
            with lock:
                subscribers[entry["id"]] = entry
            return self.answer(204)
        if not self.path.startswith("/push/"):
            return self.answer(404)
        subscriber = subscribers.get(self.path[len("/push/"):])
        record = {
            "subscriber": self.path[len("/push/"):], "ttl": self.headers.get("TTL"), "urgency": self.headers.get("Urgency"),
            "topic": self.headers.get("Topic"), "encoding": self.headers.get("Content-Encoding"),
        }
        try:
            if subscriber is None:
                raise ValueError("no such subscriber")
            origin = f"http://127.0.0.1:{self.server.server_address[1]}"
            record["sub"] = check_vapid(self.headers.get("Authorization", ""), origin)["sub"]
            if record["encoding"] != "aes128gcm":
                raise ValueError("Content-Encoding is not aes128gcm")
            private = ec.derive_private_key(int.from_bytes(b64url(subscriber["private_key"]), "big"), ec.SECP256R1())
            plaintext = http_ece.decrypt(body, private_key=private, auth_secret=b64url(subscriber["auth"]), version="aes128gcm")
            record["payload"] = json.loads(plaintext)
            status = int(subscriber.get("status", 201))
        except Exception as error:  # noqa: BLE001 - every refusal is recorded for the test to read
            record["error"] = str(error)
            status = 400
        record["status"] = status
        with lock:
            received.append(record)
        self.answer(status)


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"PORT {server.server_address[1]}", flush=True)
    sys.stdin.read()
    server.shutdown()


if __name__ == "__main__":
    main()
