#!/usr/bin/env bash
# Page benchmark against the reference pages, in one run on this machine (ratios, not absolute figures):
#   1. ../shared/bench/reference-page/run.sh: a bare Hummingbird + swift-mustache page (/bare) and the same page after
#      two primary-key reads from SQLite through GRDB (/grdb), server on CPU 1, wrk -t1 on CPU 0;
#   2. a release `airfit serve` measured the same way, signed in, on /settings, /chat, / and /settings/provider
#      (scripts/bench_pages.py);
#   0. the release binary copied alone to another folder must serve every page (scripts/check_copied_binary.py);
#   3. the ratios the reshape issue asks for: /settings req/s ≥ 0.6 × /grdb, /settings p99 ≤ 1.5 × /grdb p99.
# Usage: scripts/bench-pages.sh [CONNECTIONS=50] [DURATION=8s]
# Env:   BENCH_SKIP_BUILD=1 (use .build-release/release/airfit)   AIRFIT_SHARED=… (default ../shared)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
C="${1:-50}"; D="${2:-8s}"
SHARED="${AIRFIT_SHARED:-$ROOT/../shared}"
BIN="$ROOT/.build-release/release/airfit"
command -v wrk >/dev/null || { echo "needs wrk (apt-get install wrk)"; exit 1; }
command -v taskset >/dev/null || { echo "needs taskset (util-linux)"; exit 1; }
if [ "${BENCH_SKIP_BUILD:-0}" != 1 ]; then
  echo "==> Building release (swift build -c release --product airfit --scratch-path .build-release)"
  swift build -c release --product airfit --scratch-path .build-release 2>&1 | grep -Ev '^\[[0-9]+/[0-9]+\]' || true
fi
[ -x "$BIN" ] || { echo "No release binary at $BIN"; exit 1; }
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "==> The release binary, copied alone to another folder, serves every page"
python3 "$ROOT/scripts/check_copied_binary.py" "$BIN"

echo "==> Reference pages (${C} connections, ${D})"
REF="$(bash "$SHARED/bench/reference-page/run.sh" "$C" "$D")"
echo "$REF"
echo "==> AirFit (release, signed in, ${C} connections, ${D})"
OURS="$(python3 "$ROOT/scripts/bench_pages.py" --bin "$BIN" --connections "$C" --duration "$D")"
echo "$OURS"

echo "==> Ratios"
python3 - "$REF" "$OURS" <<'PY'
import re, sys
def parse(text):
    rows = {}
    for line in text.splitlines():
        m = re.match(r"^(\S+)\s+([\d.]+) req/s\s+p99 ([\d.]+)(us|ms|s)\b", line)
        if m:
            scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}[m.group(4)]
            rows[m.group(1)] = (float(m.group(2)), float(m.group(3)) * scale)
    return rows
ref, ours = parse(sys.argv[1]), parse(sys.argv[2])
if "/grdb" not in ref or "/settings" not in ours:
    sys.exit("missing figures: reference %s, AirFit %s" % (sorted(ref), sorted(ours)))
grdb_rps, grdb_p99 = ref["/grdb"]
for path, (rps, p99) in ours.items():
    print(f"{path:<20} {rps / grdb_rps:.2f} × /grdb req/s   p99 {p99 / grdb_p99:.2f} × /grdb p99")
rps, p99 = ours["/settings"]
ok = rps >= 0.6 * grdb_rps and p99 <= 1.5 * grdb_p99
print("goal (/settings ≥ 0.6 × req/s, ≤ 1.5 × p99):", "met" if ok else "NOT met")
sys.exit(0 if ok else 1)
PY
