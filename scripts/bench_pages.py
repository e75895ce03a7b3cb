#!/usr/bin/env python3
"""Signed-in page throughput of a release `airfit serve`, measured like ../shared/bench/reference-page/run.sh.

Run through scripts/bench-pages.sh (it builds the binary and runs the reference first). Standard library only.

    bench_pages.py --bin .build-release/release/airfit [--connections 50] [--duration 8s] [--paths / /settings …]

Starts `airfit serve` on a fresh SQLite data directory, creates the owner over HTTP (/setup, the ten onboarding
screens, an Ollama provider: scripts/load_chat.py's `create_owner`), pins every server thread to CPU 1, and runs
`wrk -t1` pinned to CPU 0 with the session cookie against each path. Prints one line per path:

    /settings  5123.45 req/s  p99 12.34ms

Every path must answer 200 with the cookie before it is measured (a redirect to sign-in would measure nothing);
wrk's non-2xx count must be zero.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import load_chat  # noqa: E402  (the server runner and the HTTP owner setup)

DEFAULT_PATHS = ["/settings", "/chat", "/", "/settings/provider"]


def run_wrk(port, path, cookie, connections, duration):
    out = subprocess.run(
        ["taskset", "-c", "0", "wrk", "-t1", f"-c{connections}", f"-d{duration}", "--latency", "-H", f"Cookie: {cookie}",
         f"http://127.0.0.1:{port}{path}"],
        check=True, capture_output=True, text=True).stdout
    rps = re.search(r"^Requests/sec:\s+([\d.]+)", out, re.M)
    p99 = re.search(r"^\s+99%\s+(\S+)", out, re.M)
    bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    errors = re.search(r"Socket errors:.*", out)
    if not rps or not p99:
        sys.exit(f"wrk printed no figures for {path}:\n{out}")
    if bad:
        sys.exit(f"{path}: {bad.group(1)} responses were not 2xx/3xx")
    return rps.group(1), p99.group(1), errors.group(0) if errors else ""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--connections", type=int, default=50)
    parser.add_argument("--duration", default="8s")
    parser.add_argument("--paths", nargs="*", default=DEFAULT_PATHS)
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="airfit-bench-pages.")
    server = load_chat.Server(os.path.abspath(args.bin), work, load_chat.free_port())
    try:
        server.start("bench")
        # No reply is asked for: the provider address only has to be a valid URL.
        owner = load_chat.create_owner(server.port, "http://127.0.0.1:9")
        cookie = "; ".join(f"{k}={v}" for k, v in owner.cookies.items() if k == "airfit_session")
        for path in args.paths:
            status, _, _ = owner.request("GET", path)
            if status != 200:
                sys.exit(f"GET {path} answered {status} for the signed-in owner")
        # Every thread of the server on CPU 1; wrk runs on CPU 0.
        subprocess.run(["taskset", "-a", "-pc", "1", str(server.proc.pid)], check=True, capture_output=True)
        for path in args.paths:
            rps, p99, errors = run_wrk(server.port, path, cookie, args.connections, args.duration)
            print(f"{path:<20} {rps} req/s  p99 {p99}{'  ' + errors if errors else ''}", flush=True)
    finally:
        server.stop()
        subprocess.run(["rm", "-rf", work], check=False)


if __name__ == "__main__":
    main()
