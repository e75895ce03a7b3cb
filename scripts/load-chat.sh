#!/usr/bin/env bash
# Load test of the coach chat on a release build: LOAD_STREAMS people (200 by default) each post a message to
# /chat/stream at the same moment and read the streamed reply to its end, against a fake Ollama provider that
# streams ~50 tokens over ~1.5 s. Everything runs on 127.0.0.1 in a temporary directory.
#
# Reports errors, time to first byte / first token / end (p50, p99), the server's VmRSS and VmHWM before,
# during (max) and after the streams, and checks in SQLite that every reply is stored complete with the text
# the provider sent. Exits non-zero on any failed stream, incomplete or wrong stored reply, or when RSS a few
# seconds after the streams exceeds the RSS before them + 64 MiB (LOAD_RSS_LIMIT_MIB sets a fixed cap).
#
# NOTE: only the owner is created through the web (/setup, onboarding, provider settings): there is no sign-up
# for other people yet. The other LOAD_STREAMS-1 people are SEEDED DIRECTLY INTO THE SQLITE DATABASE while the
# server is stopped — copies of the owner's users, accounts and onboarding_profiles rows with new ids, and a
# web_sessions row each holding the SHA-256 of a random cookie token (as the server's SessionStore stores it).
# See scripts/load_chat.py for the details.
#
# Usage: scripts/load-chat.sh
# Env:   LOAD_STREAMS=200          people streaming at once
#        BENCH_SKIP_BUILD=1        use the existing .build-release/release/airfit
#        LOAD_TIME_LIMIT=900       seconds for the whole run after the build (then it stops itself, exit 3)
#        LOAD_TOKENS=50 LOAD_TOKEN_DELAY=0.03   the fake provider's reply length and pace
#        LOAD_READ_TIMEOUT=180     socket timeout of each request, seconds
#        LOAD_SETTLE=5             seconds after the streams before RSS "after" is read
#        LOAD_RSS_LIMIT_MIB=…      a fixed cap for RSS after, instead of the relative bound
#        LOAD_SERVER_LOG_LEVEL=warning   AIRFIT_LOG_LEVEL of the server
#        LOAD_KEEP_WORK=1          keep the temporary directory (server logs, database)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
BIN="$ROOT/.build-release/release/airfit"
STREAMS="${LOAD_STREAMS:-200}"
TIME_LIMIT="${LOAD_TIME_LIMIT:-900}"
HELPER_PID=""

log() { printf '\n==> %s\n' "$*"; }

cleanup() {
  # The helper stops airfit serve and the fake provider itself; this covers an interrupted shell.
  if [ -n "$HELPER_PID" ] && kill -0 "$HELPER_PID" 2>/dev/null; then
    kill -TERM "$HELPER_PID" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$HELPER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$HELPER_PID" 2>/dev/null || true
  fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

case "$STREAMS" in ''|*[!0-9]*) echo "LOAD_STREAMS must be a positive number"; exit 2 ;; esac
[ "$STREAMS" -ge 1 ] || { echo "LOAD_STREAMS must be at least 1"; exit 2; }

# --- 1. Build --------------------------------------------------------------------------------------------------
if [ "${BENCH_SKIP_BUILD:-0}" != 1 ]; then
  log "Building release (nice -n 10 swift build -c release --product airfit --scratch-path .build-release)"
  set +e
  nice -n 10 swift build -c release --product airfit --scratch-path .build-release 2>&1 | grep -Ev '^\[[0-9]+/[0-9]+\]'
  rc=${PIPESTATUS[0]}
  set -e
  [ "$rc" = 0 ] || { echo "Build failed"; exit "$rc"; }
fi
[ -x "$BIN" ] || { echo "No release binary at $BIN"; exit 1; }

PYTHON=python3
[ -x "$ROOT/.venv/bin/python" ] && PYTHON="$ROOT/.venv/bin/python"
"$PYTHON" -c 'import sqlite3' 2>/dev/null || { echo "$PYTHON has no sqlite3 module"; exit 2; }

# 200 client threads, 200 server connections and the provider's threads need file descriptors.
ulimit -n 4096 2>/dev/null || ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), open files $(ulimit -n)"

# --- 2. The load -----------------------------------------------------------------------------------------------
log "Coach chat: $STREAMS streams at once (time limit ${TIME_LIMIT} s)"
# `timeout` is the outer bound: the helper has its own time limit, and this one leaves it 60 s to clean up.
timeout --kill-after=20 "$(( ${TIME_LIMIT%.*} + 60 ))" \
  "$PYTHON" "$ROOT/scripts/load_chat.py" run --bin "$BIN" --streams "$STREAMS" --time-limit "$TIME_LIMIT" &
HELPER_PID=$!
set +e
wait "$HELPER_PID"
rc=$?
set -e
HELPER_PID=""
[ "$rc" = 124 ] && echo "load-chat: stopped by the outer time limit"
exit "$rc"
