#!/usr/bin/env bash
# The end-to-end tests drive the system Chromium (Playwright cannot download
# its own browsers on our machines). Install it when missing and we can.
set -euo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$browser" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Chromium for the end-to-end tests (apt-get install chromium)…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium not found at $browser. Install it (Debian/Ubuntu: sudo apt-get install chromium)" >&2
echo "or point CHROMIUM_PATH at a Chromium or Chrome binary." >&2
exit 1
