#!/usr/bin/env bash
# check --json on a schedule of a million steps keeps one small record per
# step and writes the per_step array entry by entry: it must succeed within
# 600 MB of address space (as JSON values the array alone took 780 MB, and
# at ten million steps the check died of it). Skipped where a build cannot
# run under such a limit at all (the sanitizers reserve terabytes of address
# space).
#
# usage: tests/check/many_steps.sh SCHEDCHECK
set -u
checker=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf 'schedcheck 1\ntopology path 2\nmodel wormhole all-port\ncollective broadcast source 0\nstep 1\n  0 +1\n' >"$dir/one.sched"
if ! (ulimit -v 600000; "$checker" check "$dir/one.sched") >/dev/null 2>&1; then
  echo "many-steps: skipped (this build does not run within 600 MB of address space)"
  exit 0
fi
# Step 1 informs node 1; the other steps move the message back and forth.
awk 'BEGIN {
  print "schedcheck 1\ntopology path 2\nmodel wormhole all-port\ncollective broadcast source 0"
  for (s = 1; s <= 1000000; ++s) printf "step %d\n  %d %s1\n", s, (s + 1) % 2, s % 2 ? "+" : "-"
}' >"$dir/many.sched"
(ulimit -v 600000; "$checker" check --json "$dir/many.sched") >"$dir/out" 2>"$dir/err"
got=$?
if [ "$got" = 0 ] && [ "$(wc -l <"$dir/out")" = 1 ] && grep -q '"verdict":"VERIFIED"' "$dir/out" &&
   grep -q '{"channels":1,"step":1000000,"transfers":1}\]' "$dir/out" && python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$dir/out"; then
  echo "many-steps: passed"
else
  echo "FAIL many-steps: exit $got"
  head -c 600 "$dir/err"
  exit 1
fi
