#!/usr/bin/env bash
# Web benchmarks of a release build: time from `airfit serve` start to the first 200 on /health, then wrk
# against signed-in pages (/settings and the onboarding step page).
# Usage: scripts/bench-web.sh
# Env:   BENCH_RUNS=10  BENCH_DURATION=10s  BENCH_CONNECTIONS=50  BENCH_THREADS=2
#        BENCH_SKIP_BUILD=1 (use the existing .build-release/release/airfit)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
RUNS="${BENCH_RUNS:-10}"
DURATION="${BENCH_DURATION:-10s}"
CONNECTIONS="${BENCH_CONNECTIONS:-50}"
THREADS="${BENCH_THREADS:-2}"
BIN="$ROOT/.build-release/release/airfit"
WORK="$(mktemp -d /tmp/airfit-bench.XXXXXX)"
SERVER_PID=""

log() { printf '\n==> %s\n' "$*"; }

cleanup() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }

# --- 1. Tools and build ---------------------------------------------------------------------------
if ! command -v wrk >/dev/null 2>&1; then
  log "Installing wrk"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq wrk >/dev/null
fi
if [ "${BENCH_SKIP_BUILD:-0}" != 1 ]; then
  log "Building release (swift build -c release --product airfit --scratch-path .build-release)"
  set +e
  swift build -c release --product airfit --scratch-path .build-release 2>&1 | grep -Ev '^\[[0-9]+/[0-9]+\]'
  rc=${PIPESTATUS[0]}
  set -e
  [ "$rc" = 0 ] || { echo "Build failed"; exit "$rc"; }
fi
[ -x "$BIN" ] || { echo "No release binary at $BIN"; exit 1; }
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"

# --- 2. Start-up: process start to the first 200 on /health ----------------------------------------
# Measured in Python: it starts the binary itself and polls every 2 ms, so the clock starts at exec.
startup() {
  local label="$1" fresh="$2"
  python3 - "$BIN" "$WORK" "$RUNS" "$fresh" "$label" <<'PY'
import http.client, os, socket, statistics, subprocess, sys, time
binary, work, runs, fresh, label = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4] == "1", sys.argv[5]

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]

times = []
for run in range(runs):
    data = os.path.join(work, f"startup-{label}-{run}" if fresh else f"startup-{label}")
    port = free_port()
    env = {"PATH": os.environ["PATH"], "HOME": work, "AIRFIT_DATA_DIR": data, "AIRFIT_PORT": str(port),
           "AIRFIT_LOG_LEVEL": "error"}
    started = time.perf_counter()
    proc = subprocess.Popen([binary, "serve"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while True:
            if proc.poll() is not None:
                sys.exit(f"airfit serve exited with {proc.returncode}")
            if time.perf_counter() - started > 60:
                sys.exit("no 200 on /health within 60 s")
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
                conn.request("GET", "/health")
                status = conn.getresponse().status
                conn.close()
                if status == 200:
                    break
            except OSError:
                pass
            time.sleep(0.002)
        times.append((time.perf_counter() - started) * 1000)
    finally:
        proc.terminate()
        proc.wait(timeout=10)
print(f"start-up to first 200 on /health, {label} ({runs} runs): median {statistics.median(times):.1f} ms, "
      f"min {min(times):.1f} ms, max {max(times):.1f} ms")
PY
}
log "Start-up"
startup "new data directory (creates master key, migrates)" 1
startup "existing data directory" 0

# --- 3. A signed-in session ------------------------------------------------------------------------
log "Signing in"
PORT="$(free_port)"
BASE="http://127.0.0.1:$PORT"
mkdir -p "$WORK/home"
HOME="$WORK/home" AIRFIT_DATA_DIR="$WORK/data" AIRFIT_PORT="$PORT" AIRFIT_LOG_LEVEL=error "$BIN" serve >"$WORK/serve.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 300); do
  curl -fsS -o /dev/null "$BASE/health" 2>/dev/null && break
  kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/serve.log"; exit 1; }
  sleep 0.1
done

JAR="$WORK/cookies.txt"
csrf_of() { sed -n 's/.*name="_csrf" value="\([^"]*\)".*/\1/p' | head -n1; }
EMAIL="bench@example.com"
PASSWORD="bench password 123"
CSRF="$(curl -fsS -c "$JAR" -b "$JAR" "$BASE/setup" | csrf_of)"
[ -n "$CSRF" ] || { echo "No CSRF token on /setup"; exit 1; }
curl -fsS -o /dev/null -c "$JAR" -b "$JAR" --data-urlencode "_csrf=$CSRF" --data-urlencode "email=$EMAIL" \
  --data-urlencode "password=$PASSWORD" "$BASE/setup"
# Sign in afresh (a new session), as a returning person would.
rm -f "$JAR"
CSRF="$(curl -fsS -c "$JAR" -b "$JAR" "$BASE/signin" | csrf_of)"
status="$(curl -sS -o /dev/null -w '%{http_code}' -c "$JAR" -b "$JAR" --data-urlencode "_csrf=$CSRF" \
  --data-urlencode "email=$EMAIL" --data-urlencode "password=$PASSWORD" "$BASE/signin")"
[ "$status" = 303 ] || { echo "Sign-in answered $status"; exit 1; }
SESSION="$(awk '$6 == "airfit_session" { print $7 }' "$JAR" | tail -n1)"
[ -n "$SESSION" ] || { echo "No session cookie after sign-in"; exit 1; }
COOKIE="airfit_session=$SESSION"
for path in /settings /onboarding; do
  status="$(curl -sS -o /dev/null -w '%{http_code}' -H "Cookie: $COOKIE" "$BASE$path")"
  [ "$status" = 200 ] || { echo "GET $path answered $status with the session cookie"; exit 1; }
done
echo "signed in as $EMAIL"

# --- 4. Throughput and latency with wrk ------------------------------------------------------------
bench() {
  local path="$1" out
  out="$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -H "Cookie: $COOKIE" "$BASE$path")"
  echo "$out" >"$WORK/wrk-${path//\//_}.txt"
  local p50 p99 rps errors
  p50="$(echo "$out" | awk '$1 == "50%" { print $2 }')"
  p99="$(echo "$out" | awk '$1 == "99%" { print $2 }')"
  rps="$(echo "$out" | awk '$1 == "Requests/sec:" { print $2 }')"
  errors="$(echo "$out" | awk '/Non-2xx or 3xx responses:/ { print $5 } /Socket errors:/ { print "socket errors:", $0 }')"
  printf 'GET %-12s %s connections, %s: p50 %s, p99 %s, %s req/s%s\n' "$path" "$CONNECTIONS" "$DURATION" "$p50" "$p99" "$rps" \
    "${errors:+ (non-2xx: $errors)}"
}
log "wrk (${THREADS} threads, ${CONNECTIONS} connections, ${DURATION}, signed in)"
bench /settings
bench /onboarding
