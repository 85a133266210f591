#!/usr/bin/env bash
# search broadcast --min through the command line: the verdict names the
# counts Lemma 1 refutes, the routing whose run settled each count, and an
# unknown count is never taken for a refuted one; the witness written is
# verified by `check` under the routing asked. The same for store-and-forward
# scatter and gather.
#
# usage: tests/search/climb.sh SCHEDCHECK
set -u
checker=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
passed=0
failed=0

# expect NAME WANT_EXIT PATTERN... -- ARGS...: runs `search broadcast ARGS`,
# stderr dropped, and wants the exit code and each pattern (grep -E) in stdout.
expect() {
  local name=$1 want=$2
  shift 2
  local patterns=()
  while [ "$1" != "--" ]; do
    patterns+=("$1")
    shift
  done
  shift
  "$checker" search "$@" >"$dir/out" 2>/dev/null
  local got=$? ok=1
  [ "$got" = "$want" ] || ok=0
  for p in "${patterns[@]}"; do grep -Eq -- "$p" "$dir/out" || ok=0; done
  if [ "$ok" = 1 ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL $name: exit $got (want $want); stdout:"
    sed 's/^/     /' "$dir/out"
  fi
}

# (a) 6x6: Lemma 1 refutes 1 and 2 steps; the symmetric run under the
# shorter way settles 3 under dimension order.
expect lemma-1 0 '^OPTIMAL steps=3 lower-bound=3 ' \
  'steps 1\.\.2 impossible by broadcast-all-port \(Wang-Tseng, Lemma 1\); 3: sat in [0-9.]+ s under symmetric dimension-order-shorter$' \
  -- broadcast --topology torus:6x6 --model wormhole,all-port,dimension-order --timeout 120 -o "$dir/6x6.sched"
if "$checker" check "$dir/6x6.sched" | grep -q '^VERIFIED .*wormhole all-port dimension-order non-combining: steps=3 ' &&
  grep -q '^# a symmetric schedule: ' "$dir/6x6.sched" &&
  grep -q '^# its paths are dimension-order-shorter paths$' "$dir/6x6.sched"; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
  echo "FAIL lemma-1: the written witness is not verified under dimension order"
fi
expect lemma-1-json 0 '"optimal":true' '"impossible_below":3' '"witness_routing":"symmetric dimension-order-shorter"' \
  -- broadcast --topology torus:6x6 --model wormhole,all-port,dimension-order --timeout 120 --json
# Without the symmetric try the shorter way's run settles it.
expect no-symmetric 0 '3: sat in [0-9.]+ s under dimension-order-shorter$' \
  -- broadcast --topology torus:6x6 --model wormhole,all-port,dimension-order --timeout 120 --no-symmetric-first

# (b) Every count cut short at 1 ms: each is reported unknown, the climb goes
# on, and nothing beyond Lemma 1 is claimed (exit 3). The whole has 3 s: the
# encodings are built outside the count's limit, and under the sanitizers
# two of them took more than 0.3 s.
expect unknown-climbed 3 '^GAVE-UP |^FOUND ' \
  ': step 1 impossible by broadcast-all-port \(Wang-Tseng, Lemma 1\); 2: unknown after [0-9.]+ s( \(unsat under [a-z -]+ only\))?; 3: ' \
  -- broadcast --topology torus:3x8 --model wormhole,all-port,dimension-order-shorter --timeout 3 --count-timeout 0.001
expect unknown-json 3 '"optimal":false' '"impossible_below":2' '"unknown_steps":\[2,3,' \
  -- broadcast --topology torus:3x8 --model wormhole,all-port,dimension-order-shorter --timeout 3 --count-timeout 0.001 --json

# (c) The routing order and the routing alone agree: 5x5 under dimension
# order (3 steps, the shorter way's witness), under free routing (2 steps,
# although the shorter way's 2 steps are unsat).
for routing in dimension-order free; do
  "$checker" search broadcast --topology torus:5x5 --model wormhole,all-port,$routing --json 2>/dev/null \
    | grep -o '"steps":[0-9]*,"topology"' >"$dir/ordered"
  "$checker" search broadcast --topology torus:5x5 --model wormhole,all-port,$routing --json --one-routing \
    2>/dev/null | grep -o '"steps":[0-9]*,"topology"' >"$dir/alone"
  if [ -s "$dir/ordered" ] && cmp -s "$dir/ordered" "$dir/alone"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL order-$routing: $(cat "$dir/ordered") with the routing order, $(cat "$dir/alone") alone"
  fi
done
expect free-not-refuted 0 '^OPTIMAL steps=2 .*; 2: sat in [0-9.]+ s under minimal paths$' \
  -- broadcast --topology torus:5x5 --model wormhole,all-port,free --no-symmetric-first -o "$dir/free.sched"
# The witness names the run that found it once: minimal paths, not "minimal paths paths".
if "$checker" check "$dir/free.sched" | grep -q '^VERIFIED .*wormhole all-port free non-combining: steps=2 ' &&
  grep -q '^# its paths are minimal paths$' "$dir/free.sched"; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
  echo "FAIL free-witness: not verified, or its comment is not '# its paths are minimal paths'"
  grep '^#' "$dir/free.sched"
fi
# With the structured tries the maximum flows settle it first (no solver),
# and the witness says which class it is of; under dimension order the
# perfect-code try settles 3 steps, the layer count having refuted 2.
expect free-max-flow 0 '^OPTIMAL steps=2 .*; 2: sat in [0-9.]+ s under max-flow paths$' \
  -- broadcast --topology torus:5x5 --model wormhole,all-port,free -o "$dir/flow.sched"
expect order-perfect-code 0 '^OPTIMAL steps=3 .*; 3: sat in [0-9.]+ s under perfect-code dimension-order$' \
  -- broadcast --topology torus:5x5 --model wormhole,all-port,dimension-order -o "$dir/code.sched"
if "$checker" check "$dir/flow.sched" | grep -q '^VERIFIED .*wormhole all-port free non-combining: steps=2 ' &&
  grep -q '^# a max-flow schedule: every step.s paths are a maximum flow' "$dir/flow.sched" &&
  ! grep -q '^# its paths are' "$dir/flow.sched" &&
  "$checker" check "$dir/code.sched" | grep -q '^VERIFIED .*wormhole all-port dimension-order non-combining: steps=3 ' &&
  grep -q '^# a perfect-code schedule: its last step informs every neighbour of the perfect Lee code' \
    "$dir/code.sched" && grep -q '^# its paths are dimension-order paths$' "$dir/code.sched"; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
  echo "FAIL structured-witnesses: not verified, or their comments do not name their class and paths"
  grep '^#' "$dir/flow.sched" "$dir/code.sched"
fi

# (d) The search's free routes are the minimal paths, and the format's free
# routing allows any path: their unsat refutes no count, and only Lemma 1
# refutes counts under free routing.
expect free-minimal-unsat 3 '^FOUND steps=3 ' \
  '2: unknown after [0-9.]+ s \(unsat under dimension-order-shorter, minimal paths only\); 3: sat in [0-9.]+ s under dimension-order-shorter$' \
  -- broadcast --topology path:9 --model wormhole,all-port,free
expect free-steps-open 3 '^UNKNOWN steps=2 .*no schedule on minimal paths in 2 steps' \
  -- broadcast --topology path:9 --model wormhole,all-port,free --steps 2
expect free-below-lemma 0 '^UNSAT steps=1 .*below the lower bound 2 of broadcast-all-port' -- broadcast --topology torus:4x4 --model wormhole,all-port,free --steps 1
expect one-routing 0 '^OPTIMAL steps=3 .*; 2: unsat in [0-9.]+ s; 3: sat in [0-9.]+ s$' \
  -- broadcast --topology torus:3x8 --model wormhole,all-port,dimension-order-shorter --one-routing --no-symmetric-first
# The symmetric tries under the routing asked: the whole group's unsat of 2
# steps on 4x5 refutes nothing, and the point reflection's class holds the
# witness, which the core checks; the witness file says which class.
expect symmetric-unsat 0 '^OPTIMAL steps=2 .*; 2: sat in [0-9.]+ s under point-symmetric dimension-order$' \
  -- broadcast --topology torus:4x5 --model wormhole,all-port,dimension-order --one-routing -o "$dir/point.sched"
if grep -q "^# a point-symmetric schedule: " "$dir/point.sched" && "$checker" check "$dir/point.sched" | grep -q '^VERIFIED'; then
  passed=$((passed + 1))
else
  failed=$((failed + 1)); echo "FAIL point-symmetric-witness: no comment, or not verified"
fi
"$checker" search gossip --topology torus:3x3 --model store-and-forward,all-port --no-symmetric-first >/dev/null 2>&1
if [ $? = 2 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL gossip-no-symmetric: not a usage error"; fi

# Store-and-forward scatter and gather: the model sends them to the step
# search (the flit search stays the default), and its verdict and witness
# are those of the climb above.
# verified NAME FILE PATTERN: `check FILE` prints a VERIFIED line matching PATTERN.
verified() {
  if "$checker" check "$2" | grep -Eq "^VERIFIED .*$3"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL $1: $2 is not verified as '$3'"
  fi
}

expect scatter-4x4 0 '^OPTIMAL steps=4 lower-bound=4 \(scatter torus 4x4 root \(0,0\), store-and-forward all-port free non-combining\): steps 1\.\.3 impossible by store-and-forward-distance' '4: sat in [0-9.]+ s under farthest-first shortest paths$' \
  -- scatter --topology torus:4x4 --model store-and-forward,all-port -o "$dir/scatter.sched"
# The witness's paths are named in it. 7x7x7: the list schedule meets the
# bound; the solver alone (--plain) finds every count too large to encode
# and gives up at once instead of running out of memory.
grep -q '^# its paths are farthest-first shortest paths' "$dir/scatter.sched" && passed=$((passed + 1)) ||
  { failed=$((failed + 1)); echo "FAIL scatter-4x4-paths: the witness does not name its paths"; }
expect list-7x7x7 0 '^OPTIMAL steps=57 lower-bound=57 .*57: sat in [0-9.]+ s under farthest-first shortest paths$' \
  -- scatter --topology torus:7x7x7 --model store-and-forward,all-port
expect too-large 3 '^GAVE-UP .*57: unknown after 0.00 s' \
  -- scatter --topology torus:7x7x7 --model store-and-forward,all-port --plain --timeout 5
# Trees and graphs: the same search, hops written as '> v'; a node the root
# does not reach, or a root that is not a node, is refused.
expect tree 0 '^OPTIMAL steps=4 lower-bound=4 \(scatter tree parents - 0 0 1 3 4 2 root 0, store-and-forward all-port' \
  -- scatter --topology tree:-,0,0,1,3,4,2 --model store-and-forward,all-port -o "$dir/tree.sched"
verified tree-witness "$dir/tree.sched" 'scatter on tree parents - 0 0 1 3 4 2, store-and-forward all-port free non-combining: steps=4 '
expect graph-gather 0 '^OPTIMAL steps=5 .*gather graph 6 edges 0-1 1-2 2-3 3-4 4-5 5-0 0-3 root 0, store-and-forward one-port' \
  -- gather --topology graph:6:0-1,1-2,2-3,3-4,4-5,5-0,0-3 --model store-and-forward,one-port
expect graph-unreached 2 -- scatter --topology graph:4:0-1,2-3 --model store-and-forward,all-port
expect graph-bad-root 2 -- scatter --topology tree:-,0,0 --root 5 --model store-and-forward,all-port
expect solver-alone 0 '^OPTIMAL steps=4 .*4: sat in [0-9.]+ s$' \
  -- scatter --topology torus:4x4 --model store-and-forward,all-port --plain
verified scatter-4x4-witness "$dir/scatter.sched" 'scatter on torus 4x4, store-and-forward all-port free non-combining: steps=4 '
expect gather-mesh-root 0 '^OPTIMAL steps=2 .*gather mesh 3x3 root \(1,1\)' \
  -- gather --topology mesh:3x3 --root 1,1 --model store-and-forward,all-port -o "$dir/gather.sched"
verified gather-mesh-witness "$dir/gather.sched" 'gather on mesh 3x3, store-and-forward all-port free non-combining: steps=2 '
expect one-port 0 '^OPTIMAL steps=5 .*store-and-forward one-port' \
  -- scatter --topology ring:6 --model store-and-forward,one-port
expect json 0 '"optimal":true' '"impossible_below":3' '"collective_line":"gather root 0"' \
  -- gather --topology ring:6 --model store-and-forward,all-port --json
# One count: below the bound the lemma refutes it, with no solver run.
expect steps-unsat 0 '^UNSAT steps=2 lower-bound=3 ' -- scatter --topology ring:6 --model store-and-forward,all-port --steps 2
expect steps-sat 0 '^SAT steps=3 ' -- scatter --topology ring:6 --model store-and-forward,all-port --steps 3
# Every count cut short: unknown, never success.
expect unknown 3 '^(GAVE-UP|FOUND) ' '6: unknown after ' \
  -- scatter --topology torus:5x5 --model store-and-forward,all-port --plain --timeout 0.5 --count-timeout 0.000001
# The flit search is still the default, and other switching is refused by it.
expect flit-default 0 '^OPTIMUM scatter on path 4 root 0, flit one-port' -- scatter --topology path:4
expect wormhole-refused 2 -- scatter --topology path:4 --model wormhole,all-port
expect lengths-refused 2 -- scatter --topology path:4 --model store-and-forward,all-port --lengths 0,1,1,1
expect bad-root 2 -- gather --topology torus:3x3 --model store-and-forward,all-port --root 3,0

# (f) One count split into cubes by the source's path out of its first
# ports. The 4x4 mesh from a corner: every cube of 2 steps is refuted (the
# count's unsat), 3 steps has a schedule in some cube, verified by check; one
# cube alone answers for itself (CUBE-UNSAT), never for the count.
expect cubes-unsat 0 '^UNSAT steps=2 .*all 13 cubes by the source.s paths out of ports 1..1 refuted' \
  -- broadcast --topology mesh:4x4 --model wormhole,all-port,dimension-order --steps 2 --split 1
expect cubes-sat 0 '^SAT steps=3 .*a schedule exists in cube [0-9]+ of 13 cubes' \
  -- broadcast --topology mesh:4x4 --model wormhole,all-port,dimension-order --steps 3 --split 1 -o "$dir/cube.sched"
verified cube-witness "$dir/cube.sched" 'broadcast on mesh 4x4, wormhole all-port dimension-order non-combining: steps=3 '
expect one-cube 0 '^CUBE-UNSAT steps=2 .*in cube 12 of 13 ' -- broadcast --topology mesh:4x4 \
  --model wormhole,all-port,dimension-order --steps 2 --split 1 --cube 12
expect cube-json 0 '"verdict":"CUBE-UNSAT"' '"cube":12' '"cubes":13' -- broadcast --topology mesh:4x4 \
  --model wormhole,all-port,dimension-order --steps 2 --split 1 --cube 12 --json
expect cube-range 2 -- broadcast --topology mesh:4x4 --steps 2 --split 1 --cube 13
expect cube-alone 2 -- broadcast --topology mesh:4x4 --steps 2 --cube 0
expect split-no-steps 2 -- broadcast --topology mesh:4x4 --split 1
# A split count is the --steps one: a --claim-steps beside it would be searched instead.
expect split-claim 2 -- broadcast --topology mesh:4x4 --steps 2 --claim-steps 3 --split 1
expect split-ports 2 -- broadcast --topology mesh:4x4 --steps 2 --split 5
expect split-dimacs 2 -- broadcast --topology mesh:4x4 --steps 2 --split 1 --dimacs "$dir/x.cnf"
expect split-gossip 2 -- gossip --topology torus:3x3 --model store-and-forward,all-port --steps 2 --split 1

# (g) The time limit holds while an encoding is built, not only in the
# solver. Given 3 s, each count below ends unknown within seconds; the
# bound leaves room for a slow or sanitized build. Broadcast on 32x32 under
# the shorter way at Lemma 1's 5 steps: the constraints take minutes and
# gigabytes to build (2 steps took 79 s when only the solver had the
# limit; a count below the bound now takes no solver at all). Gossip on
# 12x12 in 36 steps: the full encoding took 140 s and 7 GB, built before
# the invariant schedules were tried.
# within NAME MILLISECONDS ARGS...: `expect NAME 3 '^UNKNOWN[ :]'`, in at most MILLISECONDS.
within() {
  local name=$1 bound=$2 started
  started=$(date +%s%N)
  shift 2
  expect "$name" 3 '^UNKNOWN[ :]' -- "$@"
  local took=$((($(date +%s%N) - started) / 1000000))
  if [ "$took" -le "$bound" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL $name: $took ms, more than $bound"
  fi
}
within build-within-time 30000 broadcast --topology torus:32x32 --model wormhole,all-port,dimension-order-shorter \
  --steps 5 --timeout 3 --no-symmetric-first
within gossip-build-within-time 30000 gossip --topology torus:12x12 --model store-and-forward,all-port --steps 36 \
  --timeout 3
# The Hamiltonian cycles' constraints on 4096 nodes take seconds to build:
# the time limit covers them (0.25 s with a limit of 0.2 s; 2.3 s past a
# limit of 3 s before it did). The bound leaves room for a machine busy
# with other tests, below the 5 s the build takes unlimited.
within hamiltonian-build-within-time 3000 hamiltonian --topology torus:16x16x16 --model store-and-forward,all-port \
  --timeout 0.2
# A count of a hundred thousand steps: the invariant schedules' encoding
# alone grew to 14 GB before its building read the clock.
within gossip-many-steps 30000 gossip --topology torus:3x3 --model store-and-forward,all-port --steps 100000 \
  --timeout 3

# (h) Z3's memory is limited (by default to three quarters of the
# machine's, or of the process's limit): past --memory the search gives up with exit 3 and says why,
# instead of taking what the machine does not have.
"$checker" search broadcast --topology torus:16x16 --model wormhole,all-port,dimension-order-shorter --steps 4 \
  --no-symmetric-first --memory 64 >"$dir/out" 2>"$dir/err"
got=$?
if [ "$got" = 3 ] && [ ! -s "$dir/out" ] && grep -q 'search gave up: Z3 needed more than the 64 MiB it may take (--memory)' "$dir/err"; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
  echo "FAIL memory-limit: exit $got; stderr:"
  sed 's/^/     /' "$dir/err"
fi
expect memory-zero 2 -- broadcast --topology torus:5x5 --memory 0
# Below 64 MiB Z3 could not even start (a context alone takes about 17).
expect memory-too-small 2 -- broadcast --topology torus:5x5 --memory 63

# The flit search on a network with cycles fixes routes to a breadth-first
# tree: its least time there is not called optimal where other routes do
# better. On the 2x2 torus, 2 flits each: 4 on the tree, 3 over three of the
# root's four channels (the core's bound).
expect flit-tree-routes 3 '^FOUND scatter on torus 2x2 .*time=4 lower-bound=3 \(flit-message-distance\); the least on the tree.s routes \(time 3: unsat in [0-9.]+ s\), other routes not searched' \
  -- scatter --topology torus:2x2 --model flit,all-port --length 2
# Where the least time on the tree meets the core's bound, it is optimal.
expect flit-tree-at-bound 0 '^OPTIMUM gather on torus 3x3 .*time=9 lower-bound=9 \(flit-root-stream\)' \
  -- gather --topology torus:3x3 --lengths 0,1,2,0,1,2,0,1,2

# Usage errors.
expect bad-count-timeout 2 -- broadcast --topology torus:3x3 --count-timeout soon
expect cube-out-of-range 2 -- broadcast --topology mesh:4x4 --steps 2 --split 1 --cube 99999999999
"$checker" search broadcast --topology mesh:4x4 --steps 2 --split 1 --cube 99999999999 2>&1 >/dev/null |
  grep -q -- '--cube 99999999999 is out of range' && passed=$((passed + 1)) ||
  { failed=$((failed + 1)); echo "FAIL cube-out-of-range: not named out of range"; }
"$checker" search gossip --topology torus:3x3 --model store-and-forward,all-port --count-timeout 1 >/dev/null 2>&1
if [ $? = 2 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL gossip-count-timeout: not a usage error"; fi

echo "climb: $passed passed, $failed failed"
[ "$failed" = 0 ]
