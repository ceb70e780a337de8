#!/usr/bin/env bash
# `npm test`: the whole suite in steps, most of them one of package.json's
# scripts. Steps grouped together run side by side; a step starts only when
# every step before it has passed. Each step's times are printed as it ends
# and again in a summary; on a failure the failed steps are named and the
# exit code is non-zero.
#
# What may share the machine (two cores in CI): the static checks and the web
# build each keep one core busy and time nothing, so they run together (the
# end-to-end step then finds the web build current and reuses it). The server
# suite keeps both cores busy, and the fault tests kill processes on purpose
# and time their recovery: each has the machine to itself. The end-to-end
# journeys mostly wait on a browser and one server (about two thirds of a
# core over the step), so the web and bridge suites, whose waits are sized for
# a busy machine, run beside them.
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

# run_timed NAME COMMAND: runs the command and writes its exit code, its
# wall-clock seconds and the CPU seconds its processes used (user + system)
# to NAME.status. On a shared machine the wall clock says how long a step
# waited; its CPU time says how much of the machine it needs.
run_timed() {
  local code=0 TIMEFORMAT='%R %U %S'
  { time bash -c "$2" 2>&3 || code=$?; } 3>&2 2>"$logs/$1.time"
  awk -v code="$code" '{ printf "%d %d %d\n", code, $1 + 0.5, $2 + $3 + 0.5 }' \
    "$logs/$1.time" >"$logs/$1.status"
}

# report NAME: prints the step's outcome from its status and notes a failure.
report() {
  local code wall cpu outcome=ok
  read -r code wall cpu <"$logs/$1.status"
  [ "$code" -eq 0 ] || outcome="FAILED (exit $code)"
  summary+=("$(printf '%-10s %5s s  %5s s CPU  %s' "$1" "$wall" "$cpu" "$outcome")")
  echo "== step $1: $wall s, $cpu s CPU, $outcome"
  [ "$code" -eq 0 ] || failed+=("$1")
  return "$code"
}

# step NAME COMMAND: one step in the foreground, its output as it comes.
step() {
  echo "== step $1: $2"
  run_timed "$1" "$2"
  report "$1"
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
    run_timed "$1" "$2" >"$logs/$1.log" 2>&1 &
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
    report "$name" || status=1
  done
  echo "== side by side: $((SECONDS - started)) s"
  return "$status"
}

finish() {
  echo "== npm test steps (wall clock, CPU)"
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
side_by_side \
  e2e 'npm run test:e2e' \
  web 'npm run test:web' \
  bridge 'npm run test:bridge' || finish
finish
