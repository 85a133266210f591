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
broadcast|torus:5x5|wormhole,all-port,free|2|10|--plain --code-anchored
broadcast|torus:5x5|wormhole,all-port,dimension-order|2|20|--plain --code-anchored
broadcast|torus:4x5|wormhole,all-port,dimension-order-shorter|2|10|--plain
broadcast|torus:4x5|wormhole,all-port,dimension-order-shorter|2|20|--plain --code-anchored
broadcast|torus:2x4x5|wormhole,all-port,dimension-order-shorter|2|20|--last-hops 1
broadcast|torus:2x4x5|wormhole,all-port,dimension-order-shorter|2|20|--plain --last-hops 1
broadcast|torus:4x5|wormhole,all-port,dimension-order-shorter|2|10|
broadcast|torus:4x5|wormhole,all-port,dimension-order-shorter|2|20|--symmetric-class all
broadcast|torus:4x5|wormhole,all-port,dimension-order-shorter|2|10|--symmetric-class point
broadcast|torus:2x4x5|wormhole,all-port,dimension-order-shorter|2|10|--last-hops 2
CASES

# A satisfiable count's witness read back from cadical's model through the
# CNF's variable names, and checked by the core; a model that is no schedule
# of the encoding, or of another CNF, is refused with exit 2.
expect_exit() {  # NAME EXPECTED COMMAND...
  local name=$1 expected=$2
  shift 2
  "$@" >"$dir/out" 2>&1
  local got=$?
  if [ "$got" = "$expected" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL $name: exit $got, expected $expected"
    cat "$dir/out"
  fi
}
expect_output() {  # NAME TEXT: the last command's output holds TEXT
  if grep -qF -- "$2" "$dir/out"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL $1: no '$2' in its output"
    cat "$dir/out"
  fi
}
pass() { passed=$((passed + 1)); }
fail() {  # WHAT
  failed=$((failed + 1))
  echo "FAIL $1"
}
bcast=(search broadcast --topology torus:4x6 --model wormhole,all-port,dimension-order --one-routing)
"$checker" "${bcast[@]}" --steps 3 --dimacs "$dir/m.cnf" >/dev/null
timeout 120 cadical -q "$dir/m.cnf" >"$dir/m.model"
expect_exit "model read back" 0 "$checker" "${bcast[@]}" --steps 3 --cnf "$dir/m.cnf" --sat-model "$dir/m.model" \
  --json -o "$dir/m.sched"
if grep -q '"verdict":"SAT"' "$dir/out" && grep -q '"witness_from":"sat-model"' "$dir/out"; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
  echo "FAIL model read back: not a SAT verdict from the model"
  cat "$dir/out"
fi
expect_exit "the model's witness checked again" 0 "$checker" check "$dir/m.sched"
# Every variable false: no schedule informs anyone.
{ echo "s SATISFIABLE"; grep '^p cnf' "$dir/m.cnf" | awk '{ for (v = 1; v <= $3; ++v) printf "v -%d\n", v; print "v 0" }'; } \
  >"$dir/false.model"
expect_exit "a model that is no schedule" 2 "$checker" "${bcast[@]}" --steps 3 --cnf "$dir/m.cnf" \
  --sat-model "$dir/false.model"
"$checker" search broadcast --topology torus:3x3 --model wormhole,all-port,dimension-order --steps 2 \
  --dimacs "$dir/small.cnf" >/dev/null
expect_exit "a model of another CNF" 2 "$checker" "${bcast[@]}" --steps 3 --cnf "$dir/small.cnf" \
  --sat-model "$dir/m.model"
printf 's UNSATISFIABLE\n' >"$dir/unsat.model"
expect_exit "an unsat answer as the model" 2 "$checker" "${bcast[@]}" --steps 3 --cnf "$dir/m.cnf" \
  --sat-model "$dir/unsat.model"

# The time-independent gossip the same way: cadical's model is a witness
# the core verifies and classes time-independent; a model of another CNF,
# and gossip without --time-independent, are refused.
ti=(search gossip --topology torus:3x4 --model store-and-forward,all-port --time-independent)
"$checker" "${ti[@]}" --steps 3 --dimacs "$dir/g.cnf" >/dev/null
timeout 120 cadical -q "$dir/g.cnf" >"$dir/g.model"
expect_exit "a time-independent gossip model read back" 0 "$checker" "${ti[@]}" --steps 3 --cnf "$dir/g.cnf" \
  --sat-model "$dir/g.model" -o "$dir/g.sched"
expect_exit "the gossip model's witness checked again" 0 "$checker" check "$dir/g.sched"
expect_output "the gossip model's witness" 'forwarding=time-independent'
# Every variable false: no PU injects, so the model is no gossip, and it is
# refused; so the model's values are what the witness is built from.
{ echo "s SATISFIABLE"; grep '^p cnf' "$dir/g.cnf" | awk '{ for (v = 1; v <= $3; ++v) printf "v -%d\n", v; print "v 0" }'; } \
  >"$dir/g-false.model"
expect_exit "a gossip model that is no schedule" 2 "$checker" "${ti[@]}" --steps 3 --cnf "$dir/g.cnf" \
  --sat-model "$dir/g-false.model"
expect_exit "a gossip model of the broadcast's CNF" 2 "$checker" "${ti[@]}" --steps 3 --cnf "$dir/m.cnf" \
  --sat-model "$dir/m.model"
expect_exit "--sat-model for gossip with free forwarding" 2 "$checker" search gossip --topology torus:3x4 \
  --model store-and-forward,all-port --steps 3 --cnf "$dir/g.cnf" --sat-model "$dir/g.model"

# The periodic class of time-independent gossip: cadical's model of its CNF
# read back is a witness the core verifies and classes time-independent; the
# class alone is never a verdict on the count, and its periods must divide
# the sides.
periodic=("${ti[@]}" --steps 3 --periods 3x2)
"$checker" "${periodic[@]}" --dimacs "$dir/p.cnf" >"$dir/out"
expect_output "the periodic class's CNF" 'maps repeating with periods 3x2 (its unsat refutes the class only)'
timeout 120 cadical -q "$dir/p.cnf" >"$dir/p.model"
expect_exit "a periodic-class model read back" 0 "$checker" "${periodic[@]}" --cnf "$dir/p.cnf" \
  --sat-model "$dir/p.model" -o "$dir/p.sched"
expect_exit "the periodic-class witness checked again" 0 "$checker" check "$dir/p.sched"
expect_output "the periodic-class witness" 'forwarding=time-independent'
expect_exit "--periods without a CNF" 2 "$checker" "${periodic[@]}"
expect_output "--periods without a CNF" "--periods: time-independent gossip, with --dimacs or --sat-model"
expect_exit "--periods that do not divide the sides" 2 "$checker" "${ti[@]}" --steps 3 --periods 2x2 \
  --dimacs "$dir/q.cnf"
expect_output "--periods that do not divide the sides" "each dividing its side"
expect_exit "--periods for another number of dimensions" 2 "$checker" "${ti[@]}" --steps 3 --periods 3 \
  --dimacs "$dir/q.cnf"
expect_output "--periods for another number of dimensions" "one period per dimension"
expect_exit "--periods of 0" 2 "$checker" "${ti[@]}" --steps 3 --periods 0x2 --dimacs "$dir/q.cnf"
expect_output "--periods of 0" "one period per dimension"
expect_exit "--periods for broadcast" 2 "$checker" search broadcast --topology torus:3x4 --steps 2 --periods 1x1 \
  --dimacs "$dir/q.cnf"
expect_output "--periods for broadcast" "--periods: time-independent gossip, with --dimacs or --sat-model"

# A class of translations (--translations): on 4x4 the diagonal 1x1 keeps
# one PU of each orbit, (0,0) to (3,0), with map variables of its own; the
# model read back is a witness the core verifies, and it sends in step 2
# from (1,1) as from (0,0), moved.
diagonal=(search gossip --topology torus:4x4 --model store-and-forward,all-port --time-independent --steps 4
  --translations 1x1)
"$checker" "${diagonal[@]}" --dimacs "$dir/t.cnf" >"$dir/out"
expect_output "the diagonal class's CNF" 'maps invariant under the translations 1x1 (its unsat refutes the class only)'
maps=$(grep -oE '^c [0-9]+ forward_[0-9]+_' "$dir/t.cnf" | cut -d' ' -f3 | sort -u | tr '\n' ' ')
if [ "$maps" = "forward_0_ forward_1_ forward_2_ forward_3_ " ]; then pass; else fail "the diagonal class's map variables: $maps"; fi
timeout 120 cadical -q "$dir/t.cnf" >"$dir/t.model"
expect_exit "a diagonal-class model read back" 0 "$checker" "${diagonal[@]}" --cnf "$dir/t.cnf" \
  --sat-model "$dir/t.model" -o "$dir/t.sched"
expect_exit "the diagonal-class witness checked again" 0 "$checker" check "$dir/t.sched"
expect_output "the diagonal-class witness" 'forwarding=time-independent'
step2=$(awk '/^step 2/{f=1;next} /^step/{f=0} f' "$dir/t.sched")
from_origin=$(echo "$step2" | awk '$1 == "(0,0)" {print $2}' | sort | tr '\n' ' ')
from_diagonal=$(echo "$step2" | awk '$1 == "(1,1)" {print $2}' | sort | tr '\n' ' ')
if [ -n "$from_origin" ] && [ "$from_origin" = "$from_diagonal" ]; then pass; else
  fail "the diagonal-class witness: step 2 from (0,0) '$from_origin', from (1,1) '$from_diagonal'"; fi
expect_exit "--translations with --periods" 2 "$checker" "${diagonal[@]}" --periods 1x1 --dimacs "$dir/q.cnf"
expect_output "--translations with --periods" "--periods and --translations each name a class: one at a time"
expect_exit "a translation of whole laps" 2 "$checker" "${ti[@]}" --steps 3 --translations 1x1,3x4 \
  --dimacs "$dir/q.cnf"
expect_output "a translation of whole laps" "--translations '1x1,3x4': translations separated by commas, each one shift per dimension of torus 3x4 that moves a PU"
expect_exit "--translations on a tree" 2 "$checker" search scatter --topology tree:-,0,0,1 \
  --model store-and-forward,all-port --steps 3 --translations 1 --dimacs "$dir/q.cnf"
expect_output "--translations on a tree" "--translations: time-independent gossip, with --dimacs or --sat-model"
expect_exit "--translations without a CNF" 2 "$checker" "${diagonal[@]}"
expect_output "--translations without a CNF" "--translations: time-independent gossip, with --dimacs or --sat-model"

# The code-anchored class: its model read back is a witness the core
# verifies, and the class alone is never a verdict on the count.
anchored=(search broadcast --topology torus:4x4 --model wormhole,all-port,dimension-order --code-anchored)
"$checker" "${anchored[@]}" --steps 2 --dimacs "$dir/a.cnf" >/dev/null
timeout 120 cadical -q "$dir/a.cnf" >"$dir/a.model"
expect_exit "a code-anchored model read back" 0 "$checker" "${anchored[@]}" --steps 2 --cnf "$dir/a.cnf" \
  --sat-model "$dir/a.model" -o "$dir/a.sched"
expect_exit "the code-anchored witness checked again" 0 "$checker" check "$dir/a.sched"
# Refused for the option itself, not for some other reason.
anchored_refusal="--code-anchored: broadcast on a torus, with --dimacs or --sat-model"
expect_exit "--code-anchored without a CNF" 2 "$checker" "${anchored[@]}" --steps 2
expect_output "--code-anchored without a CNF" "$anchored_refusal"
expect_exit "--code-anchored on a mesh" 2 "$checker" search broadcast --topology mesh:4x4 --steps 2 --code-anchored \
  --dimacs "$dir/b.cnf"
expect_output "--code-anchored on a mesh" "$anchored_refusal"

# The last-hops class (above: 2x4x5 has a 2-step schedule whose last step's
# paths have at most 2 hops, and none with single hops): its model read back
# is a witness the core verifies, with no longer path in its last step.
short=(search broadcast --topology torus:2x4x5 --model wormhole,all-port,dimension-order-shorter --last-hops 2)
"$checker" "${short[@]}" --steps 2 --dimacs "$dir/h.cnf" >"$dir/out"
expect_output "the last-hops class's CNF" 'last step of paths of at most 2 hops (its unsat refutes the class only)'
timeout 120 cadical -q "$dir/h.cnf" >"$dir/h.model"
expect_exit "a last-hops model read back" 0 "$checker" "${short[@]}" --steps 2 --cnf "$dir/h.cnf" \
  --sat-model "$dir/h.model" -o "$dir/h.sched"
expect_exit "the last-hops witness checked again" 0 "$checker" check "$dir/h.sched"
# The hops of each path of step 2: a move +d or -d is one, +d*n is n.
longest=$(awk '/^step/ { last = ($2 == 2) } last && /^ / {
  hops = 0; for (i = 2; i <= NF; ++i) { n = split($i, a, "*"); hops += (n == 2 ? a[2] : 1) }
  if (hops > most) most = hops } END { print most + 0 }' "$dir/h.sched")
if [ "$longest" -ge 1 ] && [ "$longest" -le 2 ]; then pass; else fail "the last-hops witness: a last-step path of $longest hops"; fi
# A model of the whole count's CNF has a longer path in its last step (the
# class with H = 1 is unsat above): read back in the class, it is refused.
whole=(search broadcast --topology torus:2x4x5 --model wormhole,all-port,dimension-order-shorter --steps 2)
"$checker" "${whole[@]}" --dimacs "$dir/w.cnf" >/dev/null
timeout 120 cadical -q "$dir/w.cnf" >"$dir/w.model"
expect_exit "a model outside the last-hops class" 2 "$checker" "${whole[@]}" --last-hops 1 --cnf "$dir/w.cnf" \
  --sat-model "$dir/w.model"
last_hops_refusal="--last-hops H: wormhole broadcast, H >= 1, with --dimacs or --sat-model and without --code-anchored"
expect_exit "--last-hops without a CNF" 2 "$checker" "${short[@]}" --steps 2
expect_output "--last-hops without a CNF" "$last_hops_refusal"
expect_exit "--last-hops 0" 2 "$checker" "${whole[@]}" --last-hops 0 --dimacs "$dir/z.cnf"
expect_output "--last-hops 0" "$last_hops_refusal"
expect_exit "--last-hops with --code-anchored" 2 "$checker" "${whole[@]}" --last-hops 3 --code-anchored \
  --dimacs "$dir/z.cnf"
expect_output "--last-hops with --code-anchored" "$last_hops_refusal"
expect_exit "--last-hops under store-and-forward" 2 "$checker" search broadcast --topology torus:3x3 \
  --model store-and-forward,all-port --steps 2 --last-hops 1 --dimacs "$dir/z.cnf"
expect_output "--last-hops under store-and-forward" "$last_hops_refusal"
expect_exit "--last-hops for gossip" 2 "$checker" search gossip --topology torus:3x3 \
  --model store-and-forward,all-port --steps 2 --last-hops 1 --dimacs "$dir/z.cnf"
expect_output "--last-hops for gossip" "$last_hops_refusal"

# The symmetric classes (above: 4x5 under the shorter way has 2-step
# schedules, point-symmetric ones among them, and none that every
# automorphism fixing the source maps to itself): the point class's model
# read back is a witness the core verifies; a model of the whole count,
# read back in the class of every automorphism, is refused.
sym=(search broadcast --topology torus:4x5 --model wormhole,all-port,dimension-order-shorter --steps 2)
"$checker" "${sym[@]}" --symmetric-class point --dimacs "$dir/s.cnf" >"$dir/out"
expect_output "the point class's CNF" 'mapped to itself by the point reflection (its unsat refutes the class only)'
timeout 120 cadical -q "$dir/s.cnf" >"$dir/s.model"
expect_exit "a point-symmetric model read back" 0 "$checker" "${sym[@]}" --symmetric-class point --cnf "$dir/s.cnf" \
  --sat-model "$dir/s.model" -o "$dir/s.sched"
expect_exit "the point-symmetric witness checked again" 0 "$checker" check "$dir/s.sched"
"$checker" "${sym[@]}" --dimacs "$dir/sw.cnf" >/dev/null
timeout 120 cadical -q "$dir/sw.cnf" >"$dir/sw.model"
expect_exit "a model outside the symmetric class" 2 "$checker" "${sym[@]}" --symmetric-class all --cnf "$dir/sw.cnf" \
  --sat-model "$dir/sw.model"
symmetric_refusal="--symmetric-class 'mirror': all or point, for broadcast with --dimacs or --sat-model"
expect_exit "--symmetric-class mirror" 2 "$checker" "${sym[@]}" --symmetric-class mirror --dimacs "$dir/z.cnf"
expect_output "--symmetric-class mirror" "$symmetric_refusal"

rm -rf "$dir"
echo "dimacs: $passed passed, $failed failed"
[ "$failed" = 0 ]
