#!/usr/bin/env bash
# `npm test`: the whole suite, step by step, each step one of package.json's
# scripts. The steps of one phase run side by side; a phase starts only when
# every step before it has passed. Each step's time is printed as it ends and
# again in a summary; on a failure the failed steps are named and the exit
# code is non-zero.
#
# What may share the machine (two cores in CI): the static checks and the web
# build each keep one core busy and time nothing, so they run together. The
# suites start servers, browsers and clocks of their own, and the fault tests
# kill processes on purpose; each of them has the machine to itself.
set -uo pipefail
cd "$(dirname "$0")/.."

logs="$(mktemp -d "${TMPDIR:-/tmp}/floorfill-test.XXXXXX")"
summary=()
failed=()
running=()

# A step run side by side is a process group of its own, so an interrupted
# run stops all of it, not only the shell that waits for it.
stop_running() {
  local group
  for group in "${running[@]}"; do kill -TERM -- "-$group" 2>/dev/null || true; done
}
trap 'stop_running; rm -rf "$logs"' EXIT
trap 'exit 130' INT TERM

record() { # name, exit code, seconds
  local outcome=ok
  [ "$2" -eq 0 ] || outcome="FAILED (exit $2)"
  summary+=("$(printf '%-10s %5s s  %s' "$1" "$3" "$outcome")")
  echo "== step $1: $3 s, $outcome"
  [ "$2" -eq 0 ] || failed+=("$1")
}

# step NAME COMMAND: one step in the foreground, its output as it comes.
step() {
  local started status=0
  echo "== step $1: $2"
  started=$SECONDS
  bash -c "$2" || status=$?
  record "$1" "$status" $((SECONDS - started))
  return "$status"
}

# side_by_side NAME COMMAND [NAME COMMAND]…: the steps at once, each one's
# output shown whole when it has ended, in the order given.
side_by_side() {
  local names=() name started status=0
  started=$SECONDS
  # Job control gives each background job its own process group; it is
  # switched off again before waiting, which would print a line per job.
  set -m
  while [ $# -gt 0 ]; do
    echo "== step $1: $2 (side by side)"
    (
      begun=$SECONDS
      bash -c "$2" >"$logs/$1.log" 2>&1
      echo "$? $((SECONDS - begun))" >"$logs/$1.status"
    ) &
    running+=("$!")
    names+=("$1")
    shift 2
  done
  set +m
  wait
  running=()
  for name in "${names[@]}"; do
    echo "== output of $name"
    cat "$logs/$name.log"
    read -r code seconds <"$logs/$name.status"
    record "$name" "$code" "$seconds"
    [ "$code" -eq 0 ] || status=1
  done
  echo "== side by side: $((SECONDS - started)) s"
  return "$status"
}

finish() {
  echo "== npm test steps"
  printf '%s\n' "${summary[@]}"
  if [ ${#failed[@]} -gt 0 ]; then
    echo "== npm test FAILED in $SECONDS s: ${failed[*]}"
    exit 1
  fi
  echo "== npm test passed in $SECONDS s"
  exit 0
}

side_by_side \
  typecheck 'npm run typecheck' \
  lint 'npm run lint' \
  web-build 'node scripts/build-if-stale.ts web' || finish
step server 'npm run test:server' || finish
step faults 'npm run test:faults' || finish
step web 'npm run test:web' || finish
step e2e 'npm run test:e2e' || finish
finish
