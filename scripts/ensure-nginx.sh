#!/usr/bin/env bash
# The topology test (server/test/ops/topology.test.ts) runs deploy/nginx.conf
# in a real nginx of its own. Install nginx when missing and we can; without
# it that test is skipped, saying so, and nothing else fails.
set -euo pipefail
if command -v nginx >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing nginx for the topology test (apt-get install nginx)…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
  # The package may start its own service on port 80; the test needs none (it
  # starts nginx on a loopback port with its own prefix), so stop what apt started.
  if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet nginx 2>/dev/null; then
    systemctl stop nginx
    systemctl disable --quiet nginx
  elif [ -s /run/nginx.pid ] && kill -0 "$(cat /run/nginx.pid)" 2>/dev/null; then
    nginx -s quit
  fi
  exit 0
fi
echo "nginx not found: the topology test will be skipped (Debian/Ubuntu: sudo apt-get install nginx)." >&2
exit 0
