#!/usr/bin/env bash
# Renders the app's PNG icons from Sources/AirFitServer/Assets/icon.svg with headless Chromium (run once; the PNGs
# are committed): apple-touch-icon.png (180, full bleed: iOS rounds it), icon-192.png and icon-512.png (as the SVG),
# icon-maskable-512.png (full bleed, the mark inside the central 80% safe zone).
# Usage: scripts/make-icons.sh        Needs: chromium
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ASSETS="$ROOT/Sources/AirFitServer/Assets"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
MARK='<path d="M136 360 256 136l120 224h-64l-56-108-56 108z" fill="#fff"/>'
printf '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" fill="#3157d5"/>%s</svg>' \
  "$MARK" > "$WORK/full.svg"
printf '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" fill="#3157d5"/><g transform="translate(51.2 51.2) scale(0.8)">%s</g></svg>' \
  "$MARK" > "$WORK/maskable.svg"
cp "$ASSETS/icon.svg" "$WORK/rounded.svg"

render() { # SVG SIZE OUTPUT
  printf '<html><head><style>html,body{margin:0;background:transparent;overflow:hidden}img{display:block}</style></head><body><img src="%s" width="%s" height="%s"></body></html>' \
    "$1" "$2" "$2" > "$WORK/page.html"
  chromium --headless=new --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
    --default-background-color=00000000 --window-size="$2,$2" --screenshot="$3" "file://$WORK/page.html" >/dev/null 2>&1
  echo "wrote $3 (${2}×${2})"
}
render full.svg 180 "$ASSETS/apple-touch-icon.png"
render rounded.svg 192 "$ASSETS/icon-192.png"
render rounded.svg 512 "$ASSETS/icon-512.png"
render maskable.svg 512 "$ASSETS/icon-maskable-512.png"
