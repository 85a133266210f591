#!/usr/bin/env bash
# Render tests: every kind of picture of `schedcheck render` is well-formed XML and draws each transfer once.
#
# usage: run.sh SCHEDCHECK SOURCE_DIR
set -u
schedcheck=$1
source_dir=$2
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0

fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# render SCHEDULE STEP EXPECTED_EXIT OUT [ERROR_LINES] [render options...]:
# renders, checks the exit code, the XML and the transfers drawn.
render() {
  local schedule=$1 step=$2 expected=$3 out=$4 errors=${5:-}
  shift 5
  "$schedcheck" render "$schedule" -o "$out" "$@" >"$work/stdout" 2>"$work/stderr"
  local code=$?
  if [ "$code" != "$expected" ]; then
    fail "render $schedule $*: exit $code, expected $expected: $(head -3 "$work/stderr")"
    return
  fi
  if command -v xmllint >/dev/null 2>&1 && ! xmllint --noout "$out" 2>"$work/xmllint"; then
    fail "$out: xmllint: $(head -3 "$work/xmllint")"
    return
  fi
  python3 "$here/check_render.py" "$out" "$schedule" "$step" "$errors" || fail "render $schedule $*"
}

examples=$source_dir/schedules/examples

# A ring, one step at a time, and a 2-D torus.
render "$examples/broadcast-ring8-wormhole.sched" 1 0 "$work/ring1.svg" "" --step 1
render "$examples/broadcast-ring8-wormhole.sched" 2 0 "$work/ring2.svg" "" --step 2
render "$examples/broadcast-torus5x5-wormhole.sched" 2 0 "$work/torus.svg" "" --step 2
# Without --step an .svg gets step 1, an .html page every step.
render "$examples/broadcast-torus5x5-wormhole.sched" 1 0 "$work/torus-default.svg" ""
render "$examples/gossip-torus3x3-store-and-forward.sched" all 0 "$work/gossip.html" ""
render "$examples/gossip-torus3x3-store-and-forward.sched" all 0 "$work/gossip-all.html" "" --step all

# A mesh, a path, a tree and a graph.
cat >"$work/mesh.sched" <<'SCHED'
schedcheck 1
topology mesh 3x3
model wormhole all-port
collective broadcast source (0,0)
step 1
  (0,0) +1*2
  (0,0) +2*2
step 2
  (0,0) +1
  (0,0) +2
  (2,0) +2
  (0,2) +1
step 3
  (1,0) +2
  (2,1) +2
SCHED
render "$work/mesh.sched" all 0 "$work/mesh.html" ""
render "$work/mesh.sched" 2 0 "$work/mesh.svg" "" --step 2
cat >"$work/path.sched" <<'SCHED'
schedcheck 1
topology path 5
model wormhole all-port
collective broadcast source 2
step 1
  2 +1*2
  2 -1*2
step 2
  2 +1
  2 -1
SCHED
render "$work/path.sched" 1 0 "$work/path.svg" ""
cat >"$work/tree.sched" <<'SCHED'
schedcheck 1
topology tree parents - 0 0 1
model store-and-forward one-port
collective scatter root 0 lengths 0 2 3 1
step 1
  0 > 1 : 3
step 2
  1 > 3 : 3
  0 > 2 : 2
step 3
  0 > 1 : 1
SCHED
render "$work/tree.sched" all 0 "$work/tree.html" ""
render "$work/tree.sched" 2 0 "$work/tree.svg" "" --step 2
cat >"$work/graph.sched" <<'SCHED'
schedcheck 1
topology graph 5 edges 0-1 1-2 2-3 3-4 4-0 0-2
model wormhole all-port
collective broadcast source 0
step 1
  0 > 2 > 3
  0 > 1
  0 > 4
SCHED
render "$work/graph.sched" 1 0 "$work/graph.svg" ""

# A 3-D torus as a row of slices.
"$schedcheck" gen broadcast-3d --topology torus:3x3x3 -o "$work/b3d.sched" || fail "gen broadcast-3d"
render "$work/b3d.sched" 1 0 "$work/b3d.svg" "" --step 1
render "$work/b3d.sched" all 0 "$work/b3d.html" ""

# The flit model: a space-time diagram, as SVG and as a page.
"$schedcheck" gen scatter-fdf --topology tree:-,0,0,1,1 --lengths 0,2,3,1,4 -o "$work/fdf.sched" || fail "gen scatter-fdf"
render "$work/fdf.sched" flit 0 "$work/fdf.svg" ""
render "$work/fdf.sched" flit 0 "$work/fdf.html" ""
"$schedcheck" gen gather-shoulder-tap --topology path:4 --lengths 0,2,1,3 -o "$work/tap.sched" || fail "gen gather-shoulder-tap"
render "$work/tap.sched" flit 0 "$work/tap.svg" ""

# --errors: the core's check marks the transfers it names, in red; exit 1.
render "$examples/broken-shared-channel.sched" 1 1 "$work/broken.svg" 10 --errors
render "$examples/broken-causality.sched" all 1 "$work/causality.html" "" --errors
render "$source_dir/tests/corpus/property/flit-link-disjoint-dispatched-early.sched" flit 1 "$work/flit-broken.svg" 9 --errors
grep -q 'VERIFIED\|FAILED' "$work/stdout" || fail "render --errors -o FILE prints the verdict line"
# Without --errors nothing is marked and a schedule that parses draws with exit 0.
render "$examples/broken-shared-channel.sched" 1 0 "$work/broken-plain.svg" ""

# Refusals and usage errors: exit 2 with the reason.
expect_refusal() {
  local why=$1
  shift
  "$schedcheck" render "$@" >"$work/stdout" 2>"$work/stderr"
  local code=$?
  [ "$code" = 2 ] || fail "render $*: exit $code, expected 2"
  grep -q "$why" "$work/stderr" || fail "render $*: stderr lacks '$why': $(cat "$work/stderr")"
}
printf 'schedcheck 1\ntopology torus 65x65\nmodel wormhole all-port\ncollective broadcast source 0\nstep 1\n  0 +1\n' \
  >"$work/big.sched"
expect_refusal "at most 64x64" "$work/big.sched" -o "$work/big.svg"
expect_refusal "has 3 steps" "$work/mesh.sched" --step 4 -o "$work/x.svg"
expect_refusal "name the output .html" "$work/mesh.sched" --step all -o "$work/x.svg"
expect_refusal "no steps" "$work/fdf.sched" --step 1 -o "$work/x.svg"
printf 'schedcheck 1\ntopology ring 8\nmodel wormhole all-port\ncollective broadcast source 0\nstep 1\n  0 +1 +\n' \
  >"$work/syntax.sched"
expect_refusal "syntax" "$work/syntax.sched" -o "$work/x.svg"

if [ "$failures" -gt 0 ]; then
  echo "$failures render test(s) failed" >&2
  exit 1
fi
echo "render tests passed"
