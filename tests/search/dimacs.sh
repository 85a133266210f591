#!/usr/bin/env bash
# Unsat answers confirmed by an independent SAT solver: the search exports
# small encodings as DIMACS and Debian's cadical decides them (exit 20:
# unsat, 10: sat). Counts the search answers unsat must be unsat for cadical
# too, and the next count sat, so the CNF is not trivially unsatisfiable.
#
# usage: tests/search/dimacs.sh SCHEDCHECK
set -u
checker=$1
if ! command -v cadical >/dev/null; then
  echo "dimacs: cadical is not installed (bash .ci/deps installs it)"
  exit 1
fi
dir=$(mktemp -d)
passed=0
failed=0
# collective | topology | model | steps | expected cadical exit | encoding flag
while IFS='|' read -r collective topology model steps expect flag; do
  [ -n "$collective" ] || continue
  "$checker" search "$collective" --topology "$topology" --model "$model" --steps "$steps" $flag \
    --dimacs "$dir/x.cnf" >/dev/null
  timeout 120 cadical -q "$dir/x.cnf" >/dev/null
  got=$?
  if [ "$got" = "$expect" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL $collective $topology $model steps=$steps $flag: cadical exit $got, expected $expect"
  fi
done <<'CASES'
broadcast|torus:3x3|wormhole,all-port,dimension-order|1|20|--plain
broadcast|torus:3x3|wormhole,all-port,dimension-order|2|10|--plain
broadcast|torus:3x3|wormhole,all-port,dimension-order|1|20|
broadcast|ring:8|wormhole,one-port|2|20|--plain
broadcast|ring:8|wormhole,one-port|3|10|--plain
broadcast|torus:4x4|store-and-forward,all-port|3|20|--plain
broadcast|torus:4x4|store-and-forward,all-port|4|10|--plain
gossip|torus:3x3|store-and-forward,all-port|1|20|--plain
gossip|torus:3x3|store-and-forward,all-port|2|10|--plain
gossip|torus:4x4|store-and-forward,all-port|3|20|--plain
gossip|torus:3x4|store-and-forward,all-port|2|20|--time-independent
gossip|torus:3x4|store-and-forward,all-port|3|10|--time-independent
gossip|torus:4x4|store-and-forward,all-port|3|20|
broadcast|torus:3x8|wormhole,all-port,dimension-order-shorter|2|20|--plain
broadcast|torus:3x8|wormhole,all-port,dimension-order-shorter|2|20|
broadcast|torus:4x6|wormhole,all-port,dimension-order|2|20|
broadcast|torus:4x6|wormhole,all-port,dimension-order|3|10|
CASES
rm -rf "$dir"
echo "dimacs: $passed passed, $failed failed"
[ "$failed" = 0 ]
