#!/usr/bin/env bash
# Runs one command on the Node.js that `.node-version` declares:
#
#   scripts/with-node.sh node scripts/build-if-stale.ts
#
# `npm start` and `npm test` begin with it, so the README's two commands work
# on a machine whose own `node` is older: ensure-node.sh puts the declared
# release first on PATH (fetching it once into ~/.cache/floorfill) and the
# command replaces this shell. Whatever the command starts, `npm run …`
# included, finds that Node first on PATH too.
set -euo pipefail
here="$(dirname "${BASH_SOURCE[0]}")"
# shellcheck source=./ensure-node.sh
source "$here/ensure-node.sh" || {
  echo "with-node: Node $(cat "$here/../.node-version") is needed and could not be fetched; install it (or newer) and run the command again" >&2
  exit 1
}
# npm told its scripts which node runs npm; tell them the one they now run on.
if [ -n "${npm_node_execpath:-}" ]; then
  npm_node_execpath="$(command -v node)"
  export npm_node_execpath NODE="$npm_node_execpath"
fi
exec "$@"
