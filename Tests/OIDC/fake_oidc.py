"""A small OpenID Connect provider for the PKCE and Apple/Google-shaped ES256 tests, on 127.0.0.1 (http.server).

It serves discovery and a JWKS (an ES256 key made with joserfc), records what each authorization request carried,
and answers it with a code: a redirect (`response_mode=query`) or, like Apple (`response_mode=form_post`), an HTML
form that posts `code` and `state` to the redirect URI. Its token endpoint REFUSES a code unless
base64url(SHA256(code_verifier)) equals the recorded `code_challenge`, the redirect URI and client match, and the
client authenticated (HTTP Basic / client_secret_post, or Apple's ES256 client-secret JWT checked with the team's
public key). The ID token is ES256, signed with joserfc, with the claims the test chose; switches make it wrong
(nonce, audience) so the tests can show the server refuses it."""
import base64
import hashlib
import html
import json
import secrets
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlencode, urlsplit

from joserfc import jwt
from joserfc.jwk import ECKey


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class FakeOIDC:
    """The provider; `claims` (a dict) is what the next ID tokens say besides iss/aud/iat/exp/nonce."""

    def __init__(self, client_id="airfit-web", client_secret="fake-client-secret", apple_public_pem=None):
        self.client_id, self.client_secret = client_id, client_secret
        # Apple: the client secret is an ES256 JWT signed with the team's key; checked with its public key.
        self.apple_key = ECKey.import_key(apple_public_pem) if apple_public_pem else None
        self.key = ECKey.generate_key("P-256", parameters={"kid": "fake-es256-1", "use": "sig", "alg": "ES256"})
        self.claims = {"sub": "subject-1", "email": "person@example.com", "email_verified": True}
        self.wrong_nonce = False
        self.wrong_audience = False
        self.authorizations = []  # the query of every authorization request
        self.token_requests = []  # (form, outcome) of every token request
        self.issued = []  # ID tokens and codes handed out (secrets the server must not log)
        self._codes = {}
        self._lock = threading.Lock()
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.port = self.httpd.server_address[1]
        self.issuer = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()

    # -- what the endpoints do ----------------------------------------------------------------------------------------

    def discovery(self):
        return {
            "issuer": self.issuer, "authorization_endpoint": self.issuer + "/authorize", "token_endpoint": self.issuer + "/token",
            "jwks_uri": self.issuer + "/jwks", "response_types_supported": ["code"],
            "response_modes_supported": ["query", "form_post"], "code_challenge_methods_supported": ["S256"],
            "id_token_signing_alg_values_supported": ["ES256"], "subject_types_supported": ["public"],
            "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post"],
        }

    def jwks(self):
        return {"keys": [self.key.as_dict(private=False)]}

    def authorize(self, query):
        """(status, headers, body) answering an authorization request."""
        with self._lock:
            self.authorizations.append(query)
        redirect = query.get("redirect_uri", "")
        if query.get("client_id") != self.client_id or not redirect:
            return 400, {}, b"unknown client or no redirect_uri"
        code = secrets.token_urlsafe(24)
        with self._lock:
            self._codes[code] = dict(query)
            self.issued.append(code)
        answer = {"code": code, "state": query.get("state", "")}
        if query.get("response_mode") == "form_post":
            fields = "".join(f'<input type="hidden" name="{k}" value="{html.escape(v)}">' for k, v in answer.items())
            page = (f'<!doctype html><html lang="en"><title>Fake provider</title><body onload="document.forms[0].submit()">'
                    f'<form method="post" action="{html.escape(redirect)}">{fields}<button>Continue</button></form></body></html>')
            return 200, {"Content-Type": "text/html; charset=utf-8"}, page.encode()
        return 302, {"Location": redirect + ("&" if "?" in redirect else "?") + urlencode(answer)}, b""

    def _client_authenticated(self, form, headers):
        auth = headers.get("Authorization", "")
        if auth.startswith("Basic "):
            try:
                user, _, password = base64.b64decode(auth[6:]).decode().partition(":")
            except ValueError:
                return False
            from urllib.parse import unquote_plus
            return unquote_plus(user) == self.client_id and unquote_plus(password) == self.client_secret
        if form.get("client_id") != self.client_id:
            return False
        if self.apple_key is not None:
            try:
                token = jwt.decode(form.get("client_secret", ""), self.apple_key, algorithms=["ES256"])
            except Exception:
                return False
            c = token.claims
            return (c.get("sub") == self.client_id and c.get("aud") == "https://appleid.apple.com"
                    and c.get("iat", 0) <= time.time() + 60 < c.get("exp", 0) + 60)
        return form.get("client_secret") == self.client_secret

    def token(self, form, headers):
        """(status, body) answering a token request."""
        def refuse(error, description):
            with self._lock:
                self.token_requests.append((form, error))
            return 400, {"error": error, "error_description": description}
        if form.get("grant_type") != "authorization_code":
            return refuse("unsupported_grant_type", "only authorization_code")
        if not self._client_authenticated(form, headers):
            return refuse("invalid_client", "client authentication failed")
        with self._lock:
            request = self._codes.pop(form.get("code", ""), None)
        if request is None:
            return refuse("invalid_grant", "unknown or used code")
        if form.get("redirect_uri") != request.get("redirect_uri"):
            return refuse("invalid_grant", "redirect_uri differs")
        verifier = form.get("code_verifier", "")
        if request.get("code_challenge_method") != "S256" or not verifier or \
                b64url(hashlib.sha256(verifier.encode()).digest()) != request.get("code_challenge"):
            return refuse("invalid_grant", "PKCE verification failed")
        now = int(time.time())
        claims = {"iss": self.issuer, "aud": "someone-else" if self.wrong_audience else self.client_id, "iat": now,
                  "exp": now + 600, "nonce": "not-the-nonce-sent" if self.wrong_nonce else request.get("nonce", ""), **self.claims}
        id_token = jwt.encode({"alg": "ES256", "kid": "fake-es256-1", "typ": "JWT"}, claims, self.key)
        with self._lock:
            self.issued.append(id_token)
            self.token_requests.append((form, "ok"))
        return 200, {"access_token": secrets.token_urlsafe(16), "token_type": "Bearer", "expires_in": 600, "id_token": id_token}

    def _handler(self):
        provider = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _send(self, status, headers, body):
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(body)

            def _json(self, status, document):
                self._send(status, {"Content-Type": "application/json"}, json.dumps(document).encode())

            def do_GET(self):
                url = urlsplit(self.path)
                query = {k: v[-1] for k, v in parse_qs(url.query, keep_blank_values=True).items()}
                if url.path == "/.well-known/openid-configuration":
                    self._json(200, provider.discovery())
                elif url.path == "/jwks":
                    self._json(200, provider.jwks())
                elif url.path == "/authorize":
                    self._send(*provider.authorize(query))
                else:
                    self._send(404, {}, b"not found")

            def do_POST(self):
                length = min(int(self.headers.get("Content-Length") or 0), 65536)
                form = {k: v[-1] for k, v in parse_qs(self.rfile.read(length).decode(errors="replace")).items()}
                if urlsplit(self.path).path == "/token":
                    self._json(*provider.token(form, self.headers))
                else:
                    self._send(404, {}, b"not found")

        return Handler
