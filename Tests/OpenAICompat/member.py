"""A member set up over HTTP the way a person does it in a browser: the setup form, Settings → AI provider (key page,
then the configuration form), then Settings → API tokens. A `requests` session keeps the cookies; every form
carries the page's CSRF token."""
import re
from html import unescape

import requests

EMAIL = "owner@example.com"
PASSWORD = "correct horse battery"


def csrf_of(html):
    found = re.search(r'name="_csrf" value="([^"]+)"', html)
    assert found, "the page has no CSRF field"
    return unescape(found.group(1))


def banner_of(html):
    found = re.search(r'data-testid="error.banner"[^>]*>(.*?)</div>', html, re.S)
    return unescape(re.sub(r"<[^>]+>", " ", found.group(1))).strip() if found else ""


class Member:
    """The owner account of a fresh server, signed in through a `requests` session."""

    def __init__(self, base, leaks=None):
        self.base, self.leaks = base, leaks
        self.http = requests.Session()

    def get(self, path, **kwargs):
        return self.http.get(self.base + path, timeout=15, **kwargs)

    def post_form(self, path, fields, page=None):
        """Posts `fields` to `path` with the CSRF token of `page` (a path; `path` itself when not given)."""
        token = csrf_of(self.get(page or path).text)
        if self.leaks is not None:
            self.leaks.add_token(token, "a CSRF token")
        return self.http.post(self.base + path, data={"_csrf": token, **fields}, timeout=30, allow_redirects=False)

    def set_up(self):
        """Creates the owner account through the setup page (the session that results is signed in)."""
        answer = self.post_form("/setup", {"email": EMAIL, "password": PASSWORD})
        assert answer.status_code in (302, 303), (answer.status_code, banner_of(answer.text) or answer.text[:300])
        return self

    def use_provider(self, kind, key, base_url, model):
        """Settings → AI provider: saves `key` for `base_url` (AirFit tests it against the provider's model list; when
        the provider can't be asked, ticks "Save without testing" as a person would), then saves the configuration with
        `model`. Ollama takes no key: only the configuration is saved."""
        if key is not None:
            answer = self.post_form(f"/settings/provider/keys/{kind}", {"key": key, "base_url": base_url})
            if answer.status_code == 422 and 'data-testid="apikey.skipTest"' in answer.text:
                # A provider without a model list can't test the key: the page offers "Save without testing".
                answer = self.post_form(f"/settings/provider/keys/{kind}", {"key": key, "base_url": base_url, "skip_test": "on"})
            assert answer.status_code in (302, 303), (answer.status_code, banner_of(answer.text) or answer.text[:500])
        fields = {"action": "save", "provider": kind, "shown": kind, "model": model, "base_url": base_url}
        answer = self.post_form("/settings/provider", fields, page=f"/settings/provider?provider={kind}")
        assert answer.status_code in (302, 303), (answer.status_code, banner_of(answer.text) or answer.text[:500])
        assert "saved=1" in answer.headers["Location"], answer.headers["Location"]

    def create_token(self, name, scopes=("openai",), lifetime="7"):
        """Settings → API tokens: a new token; returns its value, shown once on the 201 page."""
        fields = {"name": name, "lifetime": lifetime, **{f"scope_{scope}": "1" for scope in scopes}}
        answer = self.post_form("/settings/tokens", fields)
        assert answer.status_code == 201, (answer.status_code, banner_of(answer.text) or answer.text[:500])
        found = re.search(r'<input[^>]*data-testid="tokens.value"[^>]*>', answer.text)
        assert found, "the created page shows no token value"
        value = unescape(re.search(r'value="([^"]+)"', found.group(0)).group(1))
        assert value.startswith("afp_"), "a personal access token starts with afp_"
        if self.leaks is not None:
            self.leaks.add_token(value, f"the personal access token {name!r}")
        return value

    def remember_cookies(self):
        if self.leaks is not None:
            for cookie in self.http.cookies:
                self.leaks.add_token(cookie.value, f"the {cookie.name} cookie")
