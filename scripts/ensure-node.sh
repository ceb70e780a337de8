#!/usr/bin/env bash
# Floorfill runs and is tested on the Node.js version in `.node-version` (the
# current LTS line, the same as the container image). Source this file to put a
# matching `node` first on PATH:
#
#   source scripts/ensure-node.sh
#
# When the `node` already on PATH is of that major version or newer, nothing
# changes. Otherwise the official Linux build of that exact version is taken
# from the npm registry (package node-linux-<arch>, the same binary nodejs.org
# ships) into ~/.cache/floorfill and put first on PATH for this shell, so that
# `npm ci` and the tests run on the Node they declare. `npm` itself is the
# machine's; it runs on whichever `node` comes first on PATH.
floorfill_ensure_node() {
  local root want want_major have have_major arch cache dir tmp
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  want="$(tr -d '[:space:]' <"$root/.node-version")"
  want_major="${want%%.*}"
  # `node --version` (v20.20.2) answers without starting a JavaScript context.
  have="$(node --version 2>/dev/null || echo v0)"
  have_major="${have#v}"
  have_major="${have_major%%.*}"
  if [ "$have_major" -ge "$want_major" ]; then
    return 0
  fi
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *)
      echo "ensure-node: no Node $want build for $(uname -m); install Node $want_major+ yourself" >&2
      return 1
      ;;
  esac
  cache="${XDG_CACHE_HOME:-$HOME/.cache}/floorfill"
  dir="$cache/node-v$want-linux-$arch"
  if [ ! -x "$dir/bin/node" ]; then
    echo "ensure-node: Node $(node -v 2>/dev/null || echo none) is older than $want_major; fetching node-linux-$arch@$want from the npm registry"
    mkdir -p "$cache"
    tmp="$(mktemp -d "$cache/fetch.XXXXXX")"
    (cd "$tmp" && npm pack --silent "node-linux-$arch@$want" >/dev/null) || {
      rm -rf "$tmp"
      return 1
    }
    tar -xzf "$tmp"/node-linux-"$arch"-"$want".tgz -C "$tmp"
    rm -rf "$dir"
    mv "$tmp/package" "$dir"
    rm -rf "$tmp"
  fi
  export PATH="$dir/bin:$PATH"
  echo "ensure-node: using $(node -v) from $dir"
}
floorfill_ensure_node
