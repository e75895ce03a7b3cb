#!/usr/bin/env bash
# Fuzzes the parsers of untrusted input with libFuzzer + AddressSanitizer (the Fuzz/ package).
# Usage: scripts/fuzz.sh [SECONDS_PER_TARGET]     (default 10: six targets in about a minute)
# Env:   AIRFIT_FUZZ_TARGETS="sse decoders"       run only these targets
#        AIRFIT_FUZZ_SKIP_BUILD=1                 reuse .build-fuzz/debug/AirFitFuzz as it is
# Exits non-zero when a target crashes (or an invariant fails); the crashing input is kept in a temporary
# folder whose path is printed with a hex dump of its start and the command that reproduces it.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SECONDS_PER_TARGET="${1:-10}"
[[ "$SECONDS_PER_TARGET" =~ ^[0-9]+$ ]] && [ "$SECONDS_PER_TARGET" -gt 0 ] || {
  echo "usage: scripts/fuzz.sh [SECONDS_PER_TARGET]" >&2
  exit 64
}
TARGETS=(${AIRFIT_FUZZ_TARGETS:-sse ndjson decoders archive onboarding webauthn})
SCRATCH="$ROOT/.build-fuzz"
BIN="$SCRATCH/debug/AirFitFuzz"
CONFORMANCE="$ROOT/../shared/conformance"
WORK="$(mktemp -d /tmp/airfit-fuzz.XXXXXX)"
KEEP_WORK=0
cleanup() { [ "$KEEP_WORK" = 1 ] || rm -rf "$WORK"; }
trap cleanup EXIT

log() { printf '\n==> %s\n' "$*"; }

# --- Build ----------------------------------------------------------------------------------------
if [ "${AIRFIT_FUZZ_SKIP_BUILD:-0}" != 1 ] || [ ! -x "$BIN" ]; then
  log "Building the fuzz harness (debug, -sanitize=fuzzer,address)"
  # Same dependency versions as the app, and no resolution over the network when the root has resolved.
  if [ -f "$ROOT/Package.resolved" ] && [ ! -f "$ROOT/Fuzz/Package.resolved" ]; then
    cp "$ROOT/Package.resolved" "$ROOT/Fuzz/Package.resolved"
  fi
  started=$SECONDS
  set +e
  nice -n 10 swift build --package-path "$ROOT/Fuzz" -c debug --scratch-path "$SCRATCH" \
    -Xswiftc -sanitize=fuzzer,address > "$WORK/build.log" 2>&1
  rc=$?
  set -e
  if [ "$rc" != 0 ]; then
    grep -Ev '^\[[0-9]+/[0-9]+\]|Cannot export local symbol' "$WORK/build.log" | grep -E 'error|Error' -A3 | head -n 60
    echo "Fuzz build failed (exit $rc)"
    exit "$rc"
  fi
  echo "built in $((SECONDS - started)) s"
fi

# --- Seeds ----------------------------------------------------------------------------------------
# Each input starts with control bytes (see Fuzz/README.md): stream targets take one chunking byte first,
# the decoders take a provider byte and then a chunking byte. Seeds get a large-chunks byte (0x00: up to 4 KiB) and a
# byte for chunks of up to 16 bytes, every other one a non-contiguous collection (0x44).
prefixed() { # prefixed OUT HEXBYTES... < FILE
  local out="$1"; shift
  { for byte in "$@"; do printf "\\x$byte"; done; cat; } > "$out"
}
provider_byte() { # index in AIProviderID.allCases
  case "$1" in
    openrouter*) echo 03 ;; ollama_openai_compat*|custom*) echo 05 ;; openai*) echo 00 ;;
    anthropic*) echo 01 ;; gemini*) echo 02 ;; ollama*) echo 04 ;; *) echo 00 ;;
  esac
}
seed() { # seed TARGET
  local target="$1" dir="$WORK/corpus/$1" file name
  mkdir -p "$dir"
  if [ -d "$ROOT/Fuzz/corpus/$target" ]; then cp "$ROOT/Fuzz/corpus/$target"/* "$dir"/ 2>/dev/null || true; fi
  [ -d "$CONFORMANCE" ] || return 0
  case "$target" in
    sse|ndjson)
      for file in "$CONFORMANCE"/sse/*.sse "$CONFORMANCE"/providers/*.sse "$CONFORMANCE"/providers/*.ndjson; do
        [ -f "$file" ] || continue
        name="$(basename "$file")"
        prefixed "$dir/conf-00-$name" 00 < "$file"
        prefixed "$dir/conf-44-$name" 44 < "$file"
      done ;;
    decoders)
      for file in "$CONFORMANCE"/providers/*.sse "$CONFORMANCE"/providers/*.ndjson; do
        [ -f "$file" ] || continue
        name="$(basename "$file")"
        prefixed "$dir/conf-00-$name" "$(provider_byte "$name")" 00 < "$file"
        prefixed "$dir/conf-44-$name" "$(provider_byte "$name")" 44 < "$file"
      done ;;
  esac
}

max_len() {
  case "$1" in
    archive) echo 16384 ;; onboarding) echo 4096 ;; *) echo 12288 ;;
  esac
}

# --- Run ------------------------------------------------------------------------------------------
log "Fuzzing ${TARGETS[*]} for ${SECONDS_PER_TARGET} s each ($WORK)"
failed=()
summary=()
for target in "${TARGETS[@]}"; do
  seed "$target"
  mkdir -p "$WORK/artifacts/$target" "$WORK/run/$target"
  logfile="$WORK/$target.log"
  set +e
  # Swift's own crash backtracer would race AddressSanitizer's report; libFuzzer reports the crash instead.
  (cd "$WORK/run/$target" && AIRFIT_FUZZ_TARGET="$target" ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}" \
    SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}" \
    "$BIN" -max_total_time="$SECONDS_PER_TARGET" -rss_limit_mb=2048 -max_len="$(max_len "$target")" -timeout=25 \
    -print_final_stats=1 -artifact_prefix="$WORK/artifacts/$target/" "$WORK/corpus/$target") > "$logfile" 2>&1
  rc=$?
  set -e
  runs="$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$logfile" | grep -Eo '[0-9]+$' | tail -n1 || true)"
  [ -n "$runs" ] || runs="$(grep -Eo '^#[0-9]+' "$logfile" | tail -n1 | tr -d '#' || true)"
  corpus="$(find "$WORK/corpus/$target" -type f | wc -l | tr -d ' ')"
  artifacts=("$WORK/artifacts/$target"/*)
  if [ "$rc" = 0 ] && [ ! -e "${artifacts[0]}" ]; then
    line="$(printf '%-11s %10s executions  corpus %5s  crashes 0' "$target" "${runs:-?}" "$corpus")"
    summary+=("$line")
    echo "$line"
    continue
  fi
  failed+=("$target")
  KEEP_WORK=1
  line="$(printf '%-11s %10s executions  corpus %5s  CRASHED (exit %s)' "$target" "${runs:-?}" "$corpus" "$rc")"
  summary+=("$line")
  echo "$line"
  grep -E 'AirFitFuzz invariant|ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|SUMMARY:|Fatal error|==[0-9]+==|^ +#[0-9]+ ' \
    "$logfile" | head -n 30 | sed 's/^/    /'
  for artifact in "${artifacts[@]}"; do
    [ -e "$artifact" ] || continue
    echo "    input kept: $artifact ($(wc -c < "$artifact" | tr -d ' ') bytes)"
    od -A x -t x1z -v "$artifact" | head -n 8 | sed 's/^/      /'
    echo "    reproduce:  SWIFT_BACKTRACE=enable=no AIRFIT_FUZZ_TARGET=$target $BIN $artifact"
  done
  echo "    full log:   $logfile"
done

log "Fuzzing summary (${SECONDS_PER_TARGET} s per target)"
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  echo "Fuzzing found crashes in: ${failed[*]} (inputs and logs kept in $WORK)"
  exit 1
fi
echo "${#TARGETS[@]} passed, 0 failed"
