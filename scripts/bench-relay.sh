#!/usr/bin/env bash
# Relay benchmark: airfit serve's OpenAI-compatible endpoint beside LiteLLM 1.100.0's proxy, on one fake upstream
# streaming 50 tokens, for 1, 10 and 100 concurrent streams (see scripts/bench_relay.py).
# Usage: scripts/bench-relay.sh          Env: BENCH_SECONDS=10  BENCH_SKIP_BUILD=1
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
if [ "${BENCH_SKIP_BUILD:-0}" != 1 ]; then
  swift build -c release --product airfit --scratch-path .build-release 2>&1 | grep -Ev '^\[[0-9]+/[0-9]+\]'
  swift build -c release --product AirFitBench --scratch-path .build-release 2>&1 | grep -Ev '^\[[0-9]+/[0-9]+\]'
fi
VENV="$ROOT/.venv-litellm"
if [ ! -x "$VENV/bin/litellm" ]; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q --disable-pip-version-check "litellm[proxy]==1.100.0"
fi
python3 "$ROOT/scripts/bench_relay.py" "$ROOT/.build-release/release/AirFitBench" "$ROOT/.build-release/release/airfit" \
  "$VENV/bin/litellm" --seconds "${BENCH_SECONDS:-10}"
