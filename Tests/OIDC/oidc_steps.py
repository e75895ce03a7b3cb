"""Steps of the OpenID Connect suite: a person's "browser" made of a requests session that follows the same forms a
browser would (CSRF tokens, cookies, SameSite rules on the way back from the provider), and page helpers."""
import os
import re
import sqlite3
import time
from html import unescape
from urllib.parse import urljoin

import requests

from oidc_mock import free_port  # noqa: F401  (the tests pick ports with it)


def csrf_of(html):
    found = re.search(r'name="_csrf" value="([^"]+)"', html)
    assert found, "the page has no CSRF field"
    return unescape(found.group(1))


def form_of(html, base):
    """The first POST form of a page: (absolute action, {name: value} of its inputs)."""
    form = re.search(r'<form[^>]*method="post"[^>]*action="([^"]+)"[^>]*>(.*?)</form>', html, re.S | re.I)
    assert form, "the page has no form"
    fields = {unescape(n): unescape(v) for n, v in re.findall(r'<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"', form.group(2))}
    return urljoin(base, unescape(form.group(1))), fields


def banner_of(html):
    found = re.search(r'data-testid="error.banner"[^>]*>(.*?)</div>', html, re.S)
    return unescape(re.sub(r"<[^>]+>", " ", found.group(1))).strip() if found else ""


class Person:
    """Someone's browser: a cookie jar on the AirFit site; the provider is visited without AirFit's cookies."""

    def __init__(self, base, leaks):
        self.base, self.leaks = base, leaks
        self.http = requests.Session()

    def get(self, path, **kwargs):
        return self.http.get(self.base + path, timeout=15, **kwargs)

    def post_form(self, path, fields, **kwargs):
        return self.http.post(self.base + path, data=fields, timeout=15, **kwargs)

    def remember_secrets(self):
        for cookie in self.http.cookies:
            self.leaks.add_token(cookie.value, f"the {cookie.name} cookie")

    def start_provider(self, provider_id, path=None, extra=None):
        """Presses "Continue with …" on the sign-in page (or posts to `path`); returns the provider's authorize URL."""
        page = self.get("/signin" if path is None else "/settings/security/linked")
        token = csrf_of(page.text)
        self.leaks.add_token(token, "a CSRF token")
        answer = self.post_form(path or f"/auth/provider/{provider_id}", {"_csrf": token, **(extra or {})}, allow_redirects=False)
        assert answer.status_code in (302, 303), (answer.status_code, answer.text[:300])
        return answer.headers["Location"]

    def at_provider(self, authorize_url, cross_site_post=False):
        """Follows the provider's answer back to AirFit and through the return page; the final response.
        A form_post answer (Apple) is posted the way Apple's page does: cross-site, without AirFit's cookies."""
        answer = requests.get(authorize_url, allow_redirects=False, timeout=15)
        if answer.status_code == 200 and "<form" in answer.text:
            action, fields = form_of(answer.text, authorize_url)
            back = requests.post(action, data=fields, allow_redirects=False, timeout=15)
            assert back.status_code in (302, 303), ("the form_post return only redirects", back.status_code, back.text[:300])
            location = urljoin(action, back.headers["Location"])
        else:
            assert answer.status_code == 302, (answer.status_code, answer.text[:300])
            location = answer.headers["Location"]
            if cross_site_post:
                # As Apple would: POST code and state to the return URL from another site, no cookies, no token.
                from urllib.parse import parse_qsl, urlsplit
                target = urlsplit(location)
                back = requests.post(
                    f"{target.scheme}://{target.netloc}{target.path}", data=dict(parse_qsl(target.query)), allow_redirects=False,
                    headers={"Origin": "https://appleid.apple.com"}, timeout=15)
                assert back.status_code in (302, 303), ("the form_post return only redirects", back.status_code, back.text[:300])
                location = urljoin(location, back.headers["Location"])
        page = self.cross_site_get(location)
        assert page.status_code == 200, (page.status_code, page.text[:300])
        action, fields = form_of(page.text, location)
        assert action.endswith("/finish"), action
        for name in ("code", "state", "_csrf"):
            self.leaks.add_token(fields.get(name), f"the return page's {name}")
        final = self.http.post(action, data=fields, timeout=15)
        self.remember_secrets()
        return final

    def cross_site_get(self, url):
        """A top-level GET that another site started (the provider sending the person back): like a browser, it
        carries SameSite=Lax cookies but not SameSite=Strict ones; what the answer sets replaces them."""
        def same_site(cookie):
            return next((str(v).lower() for k, v in getattr(cookie, "_rest", {}).items() if k.lower() == "samesite"), "")
        strict = [c for c in self.http.cookies if same_site(c) == "strict"]
        for cookie in strict:
            self.http.cookies.clear(cookie.domain, cookie.path, cookie.name)
        try:
            return self.http.get(url, timeout=15)
        finally:
            for cookie in strict:
                if not any(c.name == cookie.name for c in self.http.cookies):
                    self.http.cookies.set_cookie(cookie)

    def signed_in(self):
        answer = self.get("/settings/security", allow_redirects=False)
        return answer.status_code == 200


def age_last_seen(data_dir, minutes):
    """Every session last used `minutes` earlier (the app lock's idle clock); waits out the 5-second session cache."""
    db = sqlite3.connect(os.path.join(data_dir, "airfit.sqlite"), timeout=10)
    try:
        with db:
            db.execute("UPDATE web_sessions SET last_seen_at = last_seen_at - ?", (minutes * 60,))
    finally:
        db.close()
    time.sleep(5.5)
