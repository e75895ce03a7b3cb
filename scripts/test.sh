#!/usr/bin/env bash
# The test command: installs what the tests need, starts a throwaway PostgreSQL, runs every suite.
# Usage: scripts/test.sh            (from the repository root or anywhere)
# Env:   AIRFIT_SKIP_INSTALL=1      skip apt-get/pip (when everything is already installed)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
WORK="$(mktemp -d /tmp/airfit-test.XXXXXX)"
chmod 755 "$WORK"
PG_PORT="${AIRFIT_TEST_PG_PORT:-55432}"
PG_DATA="$WORK/pgdata"
PG_BIN=""

log() { printf '\n==> %s\n' "$*"; }

cleanup() {
  if [ -n "$PG_BIN" ] && [ -f "$PG_DATA/postmaster.pid" ]; then
    runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$PG_DATA" -m fast stop >/dev/null 2>&1 || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# --- 1. System packages -----------------------------------------------------------------------
if [ "${AIRFIT_SKIP_INSTALL:-0}" != 1 ]; then
  need=()
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
  command -v runuser >/dev/null 2>&1 || need+=(util-linux)
  command -v chromium >/dev/null 2>&1 || need+=(chromium)
  command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)
  if [ ${#need[@]} -gt 0 ]; then
    log "Installing ${need[*]}"
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${need[@]}" >/dev/null
  fi
fi

# --- 2. Python venv for the CLI tests ---------------------------------------------------------
VENV="$ROOT/.venv"
if [ ! -x "$VENV/bin/python" ]; then
  log "Creating Python venv in .venv"
  python3 -m venv "$VENV"
fi
if [ "${AIRFIT_SKIP_INSTALL:-0}" != 1 ]; then
  "$VENV/bin/pip" install -q --disable-pip-version-check -r "$ROOT/Tests/requirements.txt"
fi

# --- 3. Throwaway PostgreSQL on 127.0.0.1 -----------------------------------------------------
PG_BIN="$(dirname "$(ls -d /usr/lib/postgresql/*/bin/initdb | sort -V | tail -n1)")"
log "Starting PostgreSQL ($PG_BIN) on 127.0.0.1:$PG_PORT"
mkdir -p "$PG_DATA" && chown postgres:postgres "$PG_DATA"
runuser -u postgres -- "$PG_BIN/initdb" -D "$PG_DATA" -U postgres --auth=trust -E UTF8 >/dev/null
runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$PG_DATA/server.log" -w \
  -o "-p $PG_PORT -k $PG_DATA -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off" start >/dev/null
runuser -u postgres -- "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_PORT" -U postgres airfit_test
export AIRFIT_TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/airfit_test"
# The mail tests start aiosmtpd (from Tests/requirements.txt) with this Python.
export AIRFIT_TEST_PYTHON="$VENV/bin/python"

# --- 3b. Formatting: swift format's strict lint over every Swift file of the package (seconds) ---------
log "swift format lint --strict"
swift format lint --strict --recursive "$ROOT/Package.swift" "$ROOT/Sources" "$ROOT/Tests" "$ROOT/Plugins" "$ROOT/Fuzz" \
  || { echo "Formatting differs from .swift-format: run swift format format -i -r Sources Tests Plugins Fuzz"; exit 1; }

# --- 4. Swift build and tests -----------------------------------------------------------------
log "Building (debug, with tests)"
set +e
swift build --build-tests 2>&1 | grep -Ev '^\[[0-9]+/[0-9]+\]'
rc=${PIPESTATUS[0]}
set -e
[ "$rc" = 0 ] || { echo "Build failed"; exit "$rc"; }

log "Swift tests (memory, SQLite and PostgreSQL backends)"
set +e
swift test --skip-build > "$WORK/swift-test.log" 2>&1
rc=$?
set -e
grep -Ev '^(Test Case|.*(✔|􁁛|◇) Test ("|case))' "$WORK/swift-test.log" | tail -n 40
if [ "$rc" != 0 ]; then
  echo "Swift tests failed:"; grep -E '(✘|􀢄)|error:|failed' "$WORK/swift-test.log" | head -n 80; exit "$rc"
fi

# --- 4b. Fuzzing: libFuzzer + AddressSanitizer over the parsers of untrusted input (about a minute) ---
log "Fuzzing (libFuzzer, ${AIRFIT_FUZZ_SECONDS:-12} s per target)"
bash "$ROOT/scripts/fuzz.sh" "${AIRFIT_FUZZ_SECONDS:-12}"

# --- 5. Stream-decoding conformance (the shared public cases, when present beside the checkout) ---
CONFORMANCE="$ROOT/../shared/conformance/check.py"
if [ -f "$CONFORMANCE" ]; then
  log "Conformance cases"
  python3 "$CONFORMANCE" --bin "$ROOT/.build/debug/airfit" | tail -n 20
  [ "${PIPESTATUS[0]}" = 0 ] || { echo "Conformance failed"; exit 1; }
fi

# --- 5b. The binary carries its templates and assets: copied alone elsewhere, it serves every page ----------
log "Copied binary serves every page"
python3 "$ROOT/scripts/check_copied_binary.py" "$ROOT/.build/debug/airfit"

# --- 6. End-to-end CLI tests against the built binary -----------------------------------------
log "CLI end-to-end tests"
AIRFIT_BIN="$ROOT/.build/debug/airfit" "$VENV/bin/python" -m pytest -q -p no:cacheprovider "$ROOT/Tests/CLI"

# --- 6a. OpenID Connect: PKCE and Apple/Google-shaped ES256 tokens from a local fake provider (joserfc) ---
log "OpenID Connect tests (PKCE, ES256, form_post)"
AIRFIT_BIN="$ROOT/.build/debug/airfit" "$VENV/bin/python" -m pytest -q -p no:cacheprovider "$ROOT/Tests/OIDC"

# --- 6b. Interop: airfit keys/ask against llm-katan's OpenAI, Anthropic and Gemini APIs (echo backend) ---
log "Interop tests (llm-katan)"
AIRFIT_BIN="$ROOT/.build/debug/airfit" "$VENV/bin/python" -m pytest -q -p no:cacheprovider "$ROOT/Tests/Interop"

# --- 6c. The OpenAI-compatible endpoint through the official openai SDK, against a fake upstream per wire format ---
log "OpenAI-compatible endpoint (openai SDK)"
AIRFIT_BIN="$ROOT/.build/debug/airfit" "$VENV/bin/python" -m pytest -q -p no:cacheprovider "$ROOT/Tests/OpenAICompat"

# --- 6d. The JSON API against its OpenAPI document: schemathesis with a token of every scope ---------------
log "API schema (schemathesis)"
AIRFIT_BIN="$ROOT/.build/debug/airfit" "$VENV/bin/python" -m pytest -q -p no:cacheprovider "$ROOT/Tests/API"

# --- 7. Browser tests in real headless Chromium (390×844), with axe-core checks -----------------
log "Browser tests (Chromium)"
AIRFIT_BIN="$ROOT/.build/debug/airfit" "$VENV/bin/python" -m pytest -q -p no:cacheprovider "$ROOT/Tests/Browser"
