#!/usr/bin/env python3
"""Proves the server binary carries everything it serves: copied alone into an empty folder and started from
there, it must serve every page and every asset those pages link.

    check_copied_binary.py BINARY

Copies BINARY into a new temporary folder, starts `airfit serve` with that folder as its working directory (fresh
data directory), creates the owner over HTTP (scripts/load_chat.py's `create_owner`), then GETs every page — signed
out and signed in — and each `/assets/…` URL the pages link. Fails on any non-200, on a page with an unrendered
`{{tag}}`, or on an asset that does not answer. Standard library only.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import load_chat  # noqa: E402

SIGNED_OUT = ["/signin", "/openapi.json", "/api/docs"]
SIGNED_IN = [
    "/", "/chat", "/settings", "/settings/units", "/settings/appearance", "/settings/notifications", "/settings/privacy",
    "/settings/privacy/requests", "/settings/data", "/settings/about", "/settings/about/privacy", "/settings/about/terms",
    "/settings/about/support", "/settings/persona", "/settings/communication", "/settings/provider",
    "/settings/provider/keys/openai",
]


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    work = tempfile.mkdtemp(prefix="airfit-copied.")
    folder = os.path.join(work, "elsewhere")
    os.makedirs(folder)
    binary = os.path.join(folder, "airfit")
    shutil.copy2(sys.argv[1], binary)
    server = load_chat.Server(binary, work, load_chat.free_port())
    cwd = os.getcwd()
    os.chdir(folder)  # the server's working directory: nothing but the binary
    try:
        server.start("copied")
        os.chdir(cwd)
        visitor = load_chat.Client(server.port)
        status, _, page = visitor.request("GET", "/setup")
        problems = check(visitor, "/setup", status, page)
        owner = load_chat.create_owner(server.port, "http://127.0.0.1:9")
        for path in SIGNED_OUT:
            status, _, page = load_chat.Client(server.port).request("GET", path)
            problems += check(visitor, path, status, page)
        for path in SIGNED_IN:
            status, _, page = owner.request("GET", path)
            problems += check(owner, path, status, page)
        if problems:
            sys.exit("the copied binary failed:\n  " + "\n  ".join(problems))
        print(f"copied binary served {2 + len(SIGNED_OUT) + len(SIGNED_IN) - 1} pages and their assets from {folder}")
    finally:
        os.chdir(cwd)
        server.stop()
        shutil.rmtree(work, ignore_errors=True)


checked_assets = set()


def check(client, path, status, page):
    problems = []
    if status != 200:
        return [f"GET {path} answered {status}"]
    if "{{" in page:
        problems.append(f"GET {path} has an unrendered tag")
    for asset in set(re.findall(r'(?:src|href)="(/assets/[^"]+)"', page)) - checked_assets:
        checked_assets.add(asset)
        code, _, _ = client.request("GET", asset)
        if code != 200:
            problems.append(f"GET {asset} (linked from {path}) answered {code}")
    if path == "/setup" and not checked_assets:
        problems.append("the setup page links no versioned asset")
    return problems


if __name__ == "__main__":
    main()
