#!/usr/bin/env bash
# table search-broadcast as jobs: --emit-jobs writes one command line per
# (torus, routing, step count), GNU parallel runs them, --merge assembles the
# table with every witness re-checked by the core. The merged optima agree
# with `search broadcast --min`; a corrupted witness exits 1 naming it, a
# missing result leaves its entry open (exit 3), a malformed one exits 2
# naming the file. A job whose search answers unsat has cadical decide the
# same count's CNF: the 3x8 optimum of 3 under the shorter way, one above
# the lower bounds, is confirmed by it; a .cadical file corrupted, missing or written
# without cadical leaves that optimum z3-only (exit 3, 0 with --accept-z3),
# one of another job is an error (exit 2), and one that disagrees exits 1.
#
# usage: tests/search/jobs.sh SCHEDCHECK
set -u
checker=$1
for tool in parallel cadical; do
  if ! command -v $tool >/dev/null; then
    echo "jobs: $tool is not installed (bash .ci/deps installs it)"
    exit 1
  fi
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# A space and a quote in the path: the job lines must quote them for the shell.
out="$tmp/sweep's results"
passed=0
failed=0

ok() { passed=$((passed + 1)); }
fail() {
  failed=$((failed + 1))
  echo "FAIL $1"
  [ -n "${2:-}" ] && sed 's/^/     /' "$2"
}

# merge NAME WANT_EXIT DIR [ARGS...]: runs --merge DIR, stdout to $tmp/NAME.out,
# stderr to $tmp/NAME.err, and wants the exit code.
merge() {
  local name=$1 want=$2 dir=$3
  shift 3
  "$checker" table search-broadcast --merge "$dir" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
  local got=$?
  if [ "$got" = "$want" ]; then ok; else fail "$name: merge exit $got (want $want)" "$tmp/$name.err"; fi
}

# has NAME PATTERN FILE: FILE holds a line matching PATTERN (grep -E).
has() {
  if grep -Eq -- "$2" "$3"; then ok; else fail "$1: no line matching '$2' in" "$3"; fi
}

# (a) The jobs: 2x3 ... 3x4 need none (Lemma 1 meets the construction); 2x2,
# 4x4, 3x8 and 2x2x2 have one count below the construction, under each routing.
"$checker" table search-broadcast --emit-jobs "$out" --sizes 2x2..3x4,4x4,3x8,2x2x2 --timeout 30 \
  >"$tmp/jobs" 2>"$tmp/emit.err"
if [ $? = 0 ]; then ok; else fail "emit-jobs: not exit 0" "$tmp/emit.err"; fi
if [ "$(wc -l <"$tmp/jobs")" = 12 ]; then ok; else fail "emit-jobs: not 12 job lines" "$tmp/jobs"; fi
search='[^ ]*schedcheck search broadcast --topology torus:[0-9x]+ --model wormhole,all-port,(dimension-order|dimension-order-shorter|free) --steps [0-9]+ --one-routing'
skip="if grep -qs '\"verdict\":\"SAT\"' .*-dimension-order-shorter-steps-[0-9]+\\.json'?; then echo 'skipped: the shorter way'.*'s witness .* answers this count' >.*\\.log'?; else "
if grep -Ev -- "^($skip)?$search --timeout 30 --json -o .* >.* 2>[^;]*(; status=\\\$\\?; if \\[ \\\$status = 0 -o \\\$status = 3 \\] && grep -q -e '\"verdict\":\"UNSAT\"' -e '\"verdict\":\"UNKNOWN\"' .*; then if command -v cadical >/dev/null; then \\{ $search --dimacs .* && \\{ cadical -t 30 .*; echo \"cadical exit \\\$\\?\"; } \\|\\| echo .*; } >.*\\.cadical' 2>>.*; if grep -qx 'cadical exit 10' .*\\.cadical' \\&\\& grep -q '\"verdict\":\"UNKNOWN\"' .*\\.json'; then $search --timeout 60 --cnf .*\\.cnf' --sat-model .*\\.cadical' --json -o .*\\.sched' >.*\\.model 2>>.* \\&\\& mv .* \\&\\& status=0; rm -f .*\\.model; fi; rm -f .*\\.cnf'; else echo 'cadical: not installed where the job ran' >.*\\.cadical'; fi; fi; \\(exit \\\$status\\))?(; fi)?\$" \
  "$tmp/jobs" >"$tmp/other-lines"; then
  fail "emit-jobs: lines that are not job commands" "$tmp/other-lines"
else
  ok
fi
for routing in dimension-order dimension-order-shorter free; do
  has "emit-3x8-$routing" "--topology torus:3x8 --model wormhole,all-port,$routing --steps 2 " "$tmp/jobs"
done
if grep -q -- 'torus:3x4 ' "$tmp/jobs"; then fail "emit-jobs: a job for 3x4, which Lemma 1 and the construction settle" "$tmp/jobs"; else ok; fi

# (b) GNU parallel runs them, two at a time; each leaves a result and a witness or an answer.
parallel --will-cite -j2 <"$tmp/jobs" >"$tmp/parallel.out" 2>&1
if [ $? = 0 ]; then ok; else fail "parallel: some job failed" "$tmp/parallel.out"; fi
# A job that the shorter way's witness of its count answered leaves no result
# file, only its log saying so; two jobs at a time, whether it ran first is
# a race, so the two together are counted.
if [ $(($(ls "$out"/*.json | wc -l) + $(grep -l '^skipped: ' "$out"/*.log | wc -l))) = 12 ]; then
  ok
else
  fail "parallel: not 12 result files and skipped jobs together" <(ls "$out"; grep -l "^skipped: " "$out"/*.log)
fi
# The one unsat job (3x8, 2 steps, the shorter way) ran cadical on its CNF,
# which is gone after; the others did not.
if [ "$(ls "$out"/*.cadical | wc -l)" = 1 ] && ! ls "$out"/*.cnf >/dev/null 2>&1; then
  ok
else
  fail "parallel: not one .cadical file, or a .cnf left" <(ls "$out")
fi
shorter_cadical=torus-3x8-dimension-order-shorter-steps-2.cadical
has cadical-export "^DIMACS steps=2 \(broadcast torus 3x8, wormhole all-port dimension-order-shorter non-combining\) written to .*: [1-9][0-9]* variables, [0-9]+ clauses$" "$out/$shorter_cadical"
has cadical-unsat '^s UNSATISFIABLE$' "$out/$shorter_cadical"
has cadical-exit '^cadical exit 20$' "$out/$shorter_cadical"
# The CNF the job exports, one step more, is satisfiable: the export is not
# unsatisfiable for a reason of its own.
"$checker" search broadcast --topology torus:3x8 --model wormhole,all-port,dimension-order-shorter --steps 3 --one-routing \
  --dimacs "$tmp/3.cnf" >/dev/null
cadical -q -n "$tmp/3.cnf" >/dev/null
if [ $? = 10 ]; then ok; else fail "cadical: the 3-step CNF is not satisfiable"; fi
# The export line the merge reads back: under free routing it says that the
# routes are the minimal paths, and it ends with the CNF's size.
"$checker" search broadcast --topology torus:3x8 --model wormhole,all-port,free --steps 2 --one-routing \
  --dimacs "$tmp/free.cnf" >"$tmp/free-export.out"
has free-export '^DIMACS steps=2 \(broadcast torus 3x8, wormhole all-port free non-combining, routes: minimal paths only\) written to .*: [1-9][0-9]* variables, [0-9]+ clauses$' "$tmp/free-export.out"
rm -f "$tmp/free.cnf"
# A free witness names the class it was found in (the maximum flows, tried
# first under free routing), once.
has free-witness-comment '^# a max-flow schedule: every step.s paths are a maximum flow' "$out/torus-3x8-free-steps-2.sched"

# (c) The merge decides every entry, and agrees with search --min.
merge merged 0 "$out"
merge merged-json 0 "$out" --json
has merged-3x8-shorter '^\| torus 3x8 \| dimension-order-shorter \| 2 \| 3 \| 3 \| step 1 impossible by broadcast-all-port \(Wang-Tseng, Lemma 1\); 2: unsat in [0-9.]+ s under dimension-order-shorter, confirmed by cadical in [0-9.]+ s; 3: the Wang-Tseng construction \(broadcast-span\) \| lemma-1-not-reached \|$' "$tmp/merged.out"
has merged-3x8-order '^\| torus 3x8 \| dimension-order \| 2 \| 2 \| 3 \| .*; 2: sat in [0-9.]+ s under dimension-order \| ' "$tmp/merged.out"
has merged-3x8-free '^\| torus 3x8 \| free \| 2 \| 2 \| 3 \| .*; 2: sat in [0-9.]+ s under ' "$tmp/merged.out"
has merged-3x4 '^\| torus 3x4 \| free \| 2 \| 2 \| 2 \| step 1 impossible .*; 2: the Wang-Tseng construction \(broadcast-span\) \| \|$' "$tmp/merged.out"
for case in "3x8 dimension-order-shorter" "3x8 dimension-order" "3x8 free" "4x4 dimension-order-shorter" "2x2x2 dimension-order" "2x2 free"; do
  set -- $case
  merged=$(python3 -c 'import json, sys
rows = json.load(open(sys.argv[1]))
print(*[r["steps"] for r in rows if r["torus"] == "torus " + sys.argv[2] and r["routing"] == sys.argv[3] and r["decided"]])' \
    "$tmp/merged-json.out" "$1" "$2")
  searched=$("$checker" search broadcast --topology "torus:$1" --model "wormhole,all-port,$2" --min --timeout 60 --json \
    2>/dev/null | python3 -c 'import json, sys; r = json.load(sys.stdin); print(r["steps"] if r["optimal"] else "none")')
  if [ -n "$merged" ] && [ "$merged" = "$searched" ]; then
    ok
  else
    fail "merge-vs-search $1 $2: merged '$merged', search --min '$searched'"
  fi
done

# proof NAME TORUS ROUTING WANT JSON: the merged JSON's "proof" of that entry.
proof() {
  local got
  got=$(python3 -c 'import json, sys
rows = json.load(open(sys.argv[1]))
print(*[r["proof"] + ("" if r["confirmed"] else " unconfirmed") for r in rows
        if r["torus"] == "torus " + sys.argv[2] and r["routing"] == sys.argv[3]])' "$5" "$2" "$3")
  if [ "$got" = "$4" ]; then ok; else fail "$1: proof '$got' (want '$4')"; fi
}
proof proof-3x8-shorter "3x8" dimension-order-shorter cadical "$tmp/merged-json.out"
proof proof-3x8-order "3x8" dimension-order lemma-1 "$tmp/merged-json.out"
proof proof-3x8-free "3x8" free lemma-1 "$tmp/merged-json.out"

# (c') cadical's answers corrupted, missing or never given. Dimension order
# keeps its own witness; the shorter way's optimum rests on Z3's unsat alone.
z3_only() {
  local name=$1
  merge "$name" 3 "$tmp/$name"
  has "$name-row" "^\| torus 3x8 \| dimension-order-shorter \| 2 \| 3 \| 3 \| .*; 2: unsat in [0-9.]+ s under dimension-order-shorter, z3 only \($2\); 3: .* \| z3-only lemma-1-not-reached \|$" "$tmp/$name.out"
  has "$name-order" '^\| torus 3x8 \| dimension-order \| 2 \| 2 \| .*2: sat in .* \| construction-not-optimal \|$' "$tmp/$name.out"
  has "$name-summary" '^table search-broadcast: 24 of 24 entries decided \(1 on one solver.s unsat alone, not counted as proven without --accept-z3\)' "$tmp/$name.err"
  merge "$name-accepted" 0 "$tmp/$name" --accept-z3
  merge "$name-json" 3 "$tmp/$name" --json
  proof "$name-proof" "3x8" dimension-order-shorter "z3-only unconfirmed" "$tmp/$name-json.out"
}
# Cut short: cadical's last lines gone, as if it were killed.
cp -r "$out" "$tmp/cadical-cut"
sed -i '/^s UNSATISFIABLE$/,$d' "$tmp/cadical-cut/$shorter_cadical"
z3_only cadical-cut 'cadical has not finished \(or was killed\)'
cp -r "$out" "$tmp/cadical-missing"
rm "$tmp/cadical-missing/$shorter_cadical"
z3_only cadical-missing 'no \.cadical file: the job has not reached cadical, or did not run it'
# Run where cadical is not installed: the job line says so in the file.
cp -r "$out" "$tmp/no-cadical"
mkdir "$tmp/bin"
ln -s "$(command -v grep)" "$tmp/bin/grep"
ln -s "$(command -v rm)" "$tmp/bin/rm"
"$checker" table search-broadcast --emit-jobs "$tmp/no-cadical" --sizes 2x2..3x4,4x4,3x8,2x2x2 --timeout 30 2>/dev/null |
  grep -F -- "--topology torus:3x8 --model wormhole,all-port,dimension-order-shorter --steps 2 " >"$tmp/no-cadical.job"
PATH="$tmp/bin" "$BASH" "$tmp/no-cadical.job"
if [ $? = 0 ]; then ok; else fail "no-cadical: the job did not exit 0"; fi
has no-cadical-file '^cadical: not installed where the job ran$' "$tmp/no-cadical/$shorter_cadical"
z3_only no-cadical 'cadical: not installed where the job ran'
# Another job's file (its export line names another torus): an error naming
# it (exit 2), the unsat unconfirmed.
cp -r "$out" "$tmp/cadical-foreign"
sed -i '1s/torus 3x8/torus 4x6/' "$tmp/cadical-foreign/$shorter_cadical"
merge cadical-foreign 2 "$tmp/cadical-foreign"
has cadical-foreign-named "^schedcheck: error: $tmp/cadical-foreign/$shorter_cadical: its first line is not the export of torus-3x8-dimension-order-shorter-steps-2's CNF" "$tmp/cadical-foreign.err"
has cadical-foreign-row '^\| torus 3x8 \| dimension-order-shorter \| .*z3 only \(malformed \.cadical file\).* z3-only ' "$tmp/cadical-foreign.out"
# cadical's answer turned into satisfiable: the two solvers disagree; exit 1,
# the file named, and the entries the unsat refuted are contradicted.
cp -r "$out" "$tmp/cadical-sat"
sed -i 's/^s UNSATISFIABLE$/s SATISFIABLE/; s/^cadical exit 20$/cadical exit 10/' "$tmp/cadical-sat/$shorter_cadical"
merge cadical-sat 1 "$tmp/cadical-sat" --accept-z3
has cadical-sat-named "^schedcheck: error: CADICAL-CONTRADICTED $tmp/cadical-sat/$shorter_cadical: cadical finds the CNF of torus-3x8-dimension-order-shorter-steps-2 satisfiable" "$tmp/cadical-sat.err"
has cadical-sat-row '^\| torus 3x8 \| dimension-order-shorter \| 2 \| contradicted \| 3 \| .*2: unsat in [0-9.]+ s under dimension-order-shorter, CONTRADICTED by cadical \(its CNF is satisfiable\); .* \| CADICAL-CONTRADICTED \|$' "$tmp/cadical-sat.out"
has cadical-sat-order '^\| torus 3x8 \| dimension-order \| 2 \| 2 \| ' "$tmp/cadical-sat.out"
# Its answer contradicting its own exit code: an error naming the file.
cp -r "$out" "$tmp/cadical-inconsistent"
sed -i 's/^s UNSATISFIABLE$/s SATISFIABLE/' "$tmp/cadical-inconsistent/$shorter_cadical"
merge cadical-inconsistent 2 "$tmp/cadical-inconsistent"
has cadical-inconsistent-named "^schedcheck: error: $tmp/cadical-inconsistent/$shorter_cadical: cadical's answer 's SATISFIABLE' does not go with its exit code 20" "$tmp/cadical-inconsistent.err"

# (d) A corrupted witness: its last path gone, the core rejects it; exit 1, the file named.
cp -r "$out" "$tmp/corrupted"
witness="$tmp/corrupted/torus-4x4-dimension-order-shorter-steps-2.sched"
sed -i '$d' "$witness"
merge corrupted 1 "$tmp/corrupted"
has corrupted-named "^schedcheck: error: WITNESS-REJECTED $witness: the core rejects the witness" "$tmp/corrupted.err"
has corrupted-row '^\| torus 4x4 \| dimension-order-shorter \| .* WITNESS-REJECTED' "$tmp/corrupted.out"

# (e) A missing result: that count is open, the entry too (exit 3); the
# shorter way still has its own unsat.
cp -r "$out" "$tmp/missing"
rm "$tmp/missing/torus-3x8-dimension-order-steps-2.json"
merge missing 3 "$tmp/missing"
has missing-open '^\| torus 3x8 \| dimension-order \| 2 \| <= 3 \| 3 \| .*; 2: no result file \(unsat under dimension-order-shorter only\); 3: the Wang-Tseng construction \(broadcast-span\) \| open \|$' "$tmp/missing.out"
has missing-shorter '^\| torus 3x8 \| dimension-order-shorter \| 2 \| 3 \| ' "$tmp/missing.out"

# (f) A malformed result file: exit 2, the file and what is wrong named.
cp -r "$out" "$tmp/malformed"
printf '{"verdict": "SAT"' >"$tmp/malformed/torus-4x4-free-steps-2.json"
merge malformed 2 "$tmp/malformed"
has malformed-named "^schedcheck: error: $tmp/malformed/torus-4x4-free-steps-2.json: not a JSON object" "$tmp/malformed.err"

# (f2) The result of a count no job of the sweep decides (here the largest a
# count can be) is left aside with a note; the merge ends as without it.
cp -r "$out" "$tmp/outside"
far=torus-3x8-dimension-order-shorter-steps-4294967295.json
sed 's/"steps":2/"steps":4294967295/g' "$out/torus-3x8-dimension-order-shorter-steps-2.json" >"$tmp/outside/$far"
merge outside 0 "$tmp/outside"
has outside-noted "$far: no job of the sweep" "$tmp/outside.err"

# (g) Usage errors: exit 2 with a message.
# One job at a time in job order: on 4x4 the shorter way's witness of 2
# steps answers dimension order and free routing, whose jobs are skipped, and
# the merge decides all three entries from it.
"$checker" table search-broadcast --emit-jobs "$tmp/skip" --sizes 4x4 --timeout 30 >"$tmp/skip-jobs" 2>/dev/null
has skip-order-first '^[^ ]*schedcheck search broadcast --topology torus:4x4 --model wormhole,all-port,dimension-order-shorter ' \
  <(head -1 "$tmp/skip-jobs")
parallel --will-cite -j1 <"$tmp/skip-jobs" >"$tmp/skip-parallel.out" 2>&1
if [ $? = 0 ]; then ok; else fail "skip: some job failed" "$tmp/skip-parallel.out"; fi
if [ "$(ls "$tmp/skip"/*.json | wc -l)" = 1 ]; then ok; else fail "skip: not one result file" <(ls "$tmp/skip"); fi
for routing in dimension-order free; do
  has "skip-$routing" "^skipped: the shorter way's witness .*torus-4x4-dimension-order-shorter-steps-2.sched answers this count$" \
    "$tmp/skip/torus-4x4-$routing-steps-2.log"
done
merge skip-merged 0 "$tmp/skip"
for routing in dimension-order dimension-order-shorter free; do
  has "skip-merged-$routing" "^\\| torus 4x4 \\| $routing \\| 2 \\| 2 \\| 3 \\| .*2: sat in [0-9.]+ s under dimension-order-shorter \\|" \
    "$tmp/skip-merged.out"
done

# (h) The time-independent gossip table as jobs: one per (torus, count) from
# the core's bound, the counts above a witness skipped. 2x3 and 3x4 meet
# their bounds of 2 and 3 (the maps leaving out what a neighbour holds). The
# merge agrees with search --time-independent --min. The enumeration of
# translation-invariant schedules, which settles both without a job, is off
# (--enumeration 0; the merge reads that from sweep.txt); (h2) has it on.
gossip_out="$tmp/gossip jobs"
"$checker" table search-gossip --emit-jobs "$gossip_out" --sizes 2x3,3x4 --timeout 30 --enumeration 0 >"$tmp/gossip-jobs" 2>"$tmp/gossip-emit.err"
if [ $? = 0 ]; then ok; else fail "gossip emit-jobs: not exit 0" "$tmp/gossip-emit.err"; fi
# 2x3 from its bound 2 to 5; 3x4 from 3 to 4, below the 5 steps of its
# time-independent construction (gossip-hamiltonian-pair).
if [ "$(wc -l <"$tmp/gossip-jobs")" = 6 ]; then ok; else fail "gossip emit-jobs: not 6 job lines" "$tmp/gossip-jobs"; fi
has gossip-job-line '; else [^ ]*schedcheck search gossip --topology torus:3x4 --model store-and-forward,all-port --time-independent --steps 4 --timeout 30 --json ' "$tmp/gossip-jobs"
parallel --will-cite -j1 <"$tmp/gossip-jobs" >"$tmp/gossip-parallel.out" 2>&1
if [ $? = 0 ]; then ok; else fail "gossip parallel: some job failed" "$tmp/gossip-parallel.out"; fi
if [ "$(ls "$gossip_out"/*.json | wc -l)" = 2 ] && [ "$(grep -l '^skipped: a witness of fewer steps' "$gossip_out"/*.log | wc -l)" = 4 ]; then
  ok
else
  fail "gossip parallel: not 2 result files and 4 skipped jobs" <(ls "$gossip_out")
fi
"$checker" search gossip --topology torus:3x4 --model store-and-forward,all-port --time-independent --steps 3 \
  --dimacs "$tmp/gossip.cnf" >"$tmp/gossip-export.out"
has gossip-export '^DIMACS steps=3 \(gossip torus 3x4, store-and-forward all-port free non-combining, time-independent forwarding\) written to .*: [1-9][0-9]* variables, [0-9]+ clauses$' "$tmp/gossip-export.out"
rm -f "$tmp/gossip.cnf"
"$checker" table search-gossip --merge "$gossip_out" >"$tmp/gossip-merged.out" 2>"$tmp/gossip-merged.err"
if [ $? = 0 ]; then ok; else fail "gossip merge: not exit 0" "$tmp/gossip-merged.err"; fi
has gossip-merged-2x3 '^\| torus 2x3 \| 2 \| 2 \| step 1 impossible by .*; 2: sat in [0-9.]+ s \| \|$' "$tmp/gossip-merged.out"
has gossip-merged-3x4 '^\| torus 3x4 \| 3 \| 3 \| steps 1..2 impossible by store-and-forward-distance \(distance bound\); 3: sat in [0-9.]+ s \| construction-not-optimal \|$' "$tmp/gossip-merged.out"
"$checker" table search-gossip --merge "$gossip_out" --json >"$tmp/gossip-merged-json.out" 2>/dev/null
for torus in 2x3 3x4; do
  merged=$(python3 -c 'import json, sys
print(*[r["steps"] for r in json.load(open(sys.argv[1])) if r["torus"] == "torus " + sys.argv[2] and r["decided"]])' \
    "$tmp/gossip-merged-json.out" "$torus")
  searched=$("$checker" search gossip --topology "torus:$torus" --model store-and-forward,all-port --time-independent \
    --min --timeout 60 --json 2>/dev/null | python3 -c 'import json, sys; r = json.load(sys.stdin); print(r["steps"] if r["optimal"] else "none")')
  if [ -n "$merged" ] && [ "$merged" = "$searched" ]; then
    ok
  else
    fail "gossip merge-vs-search $torus: merged '$merged', search --min '$searched'"
  fi
done
# A witness whose forwarding is not fixed: a fourth step resends a PU's own
# packet, the claim of time independence taken out; the core verifies the
# schedule, and the merge rejects it as time-dependent.
mkdir "$tmp/gossip-dependent"
cp "$gossip_out/sweep.txt" "$tmp/gossip-dependent/"
dependent="$tmp/gossip-dependent/torus-3x4-gossip-time-independent-steps-4"
sed 's/^claim .*$/claim steps=4/' "$gossip_out/torus-3x4-gossip-time-independent-steps-3.sched" >"$dependent.sched"
printf 'step 4\n  (0,0) +1 : (0,0)\n' >>"$dependent.sched"
"$checker" check "$dependent.sched" >/dev/null 2>&1
if [ $? = 0 ]; then ok; else fail "gossip-dependent: the core does not verify the changed witness"; fi
sed 's/"steps":3/"steps":4/g' "$gossip_out/torus-3x4-gossip-time-independent-steps-3.json" >"$dependent.json"
"$checker" table search-gossip --merge "$tmp/gossip-dependent" --sizes 3x4 >"$tmp/gossip-dependent.out" 2>"$tmp/gossip-dependent.err"
if [ $? = 1 ]; then ok; else fail "gossip-dependent: merge not exit 1" "$tmp/gossip-dependent.err"; fi
has gossip-dependent-named "^schedcheck: error: WITNESS-REJECTED .*torus-3x4-gossip-time-independent-steps-4.sched: the witness is time-dependent, not time-independent$" "$tmp/gossip-dependent.err"

# (h2) With the enumeration (the default): 2x3 meets its bound of 2 with a
# translation-invariant schedule and has no job; 3x7's take 6 steps, so its
# one job is its bound, 5 (unsat, cadical confirming).
enum_out="$tmp/gossip enumerated"
"$checker" table search-gossip --emit-jobs "$enum_out" --sizes 2x3,3x7 --timeout 30 >"$tmp/enum-jobs" 2>"$tmp/enum-emit.err"
if [ $? = 0 ] && [ "$(wc -l <"$tmp/enum-jobs")" = 1 ]; then ok; else fail "enumerated emit-jobs: not exit 0 with 1 job line" "$tmp/enum-jobs"; fi
has enum-job-line 'schedcheck search gossip --topology torus:3x7 --model store-and-forward,all-port --time-independent --steps 5 ' "$tmp/enum-jobs"
has enum-manifest '^enumeration 268435456$' "$enum_out/sweep.txt"
parallel --will-cite -j1 <"$tmp/enum-jobs" >"$tmp/enum-parallel.out" 2>&1
"$checker" table search-gossip --merge "$enum_out" >"$tmp/enum-merged.out" 2>"$tmp/enum-merged.err"
if [ $? = 0 ]; then ok; else fail "enumerated merge: not exit 0" "$tmp/enum-merged.err"; fi
has enum-merged-2x3 '^\| torus 2x3 \| 2 \| 2 \| step 1 impossible by .*; 2: a translation-invariant schedule of the enumeration \(time-independent by the core\) \| \|$' "$tmp/enum-merged.out"
has enum-merged-3x7 '^\| torus 3x7 \| 5 \| 6 \| steps 1..4 impossible by .*; 5: unsat in [0-9.]+ s, confirmed by cadical in [0-9.]+ s; 6: a translation-invariant schedule of the enumeration \(time-independent by the core\) \| bound-not-reached \|$' "$tmp/enum-merged.out"
"$checker" table search-gossip --merge "$enum_out" --json >"$tmp/enum-merged.json" 2>/dev/null
has enum-merged-json '"construction_enumerated":true' "$tmp/enum-merged.json"
"$checker" table search-broadcast --emit-jobs "$tmp/b" --enumeration 5 >/dev/null 2>"$tmp/enum-broadcast.err"
if [ $? = 2 ]; then ok; else fail "--enumeration with search-broadcast: not exit 2"; fi
has enum-broadcast '^schedcheck: error: --enumeration is for table search-gossip$' "$tmp/enum-broadcast.err"
"$checker" table search-gossip --emit-jobs "$tmp/g" --enumeration 1e6 >/dev/null 2>"$tmp/enum-number.err"
if [ $? = 2 ]; then ok; else fail "--enumeration 1e6: not exit 2"; fi
has enum-number "^schedcheck: error: --enumeration takes a number of choices \(0: none\), not '1e6'$" "$tmp/enum-number.err"
"$checker" table search-gossip --merge "$enum_out" --enumeration 5 >/dev/null 2>"$tmp/enum-merge.err"
if [ $? = 2 ]; then ok; else fail "--merge --enumeration: not exit 2"; fi
has enum-merge '^schedcheck: error: --enumeration is for --emit-jobs \(--merge reads it from DIR/sweep.txt\)$' "$tmp/enum-merge.err"

# (i) Z3 out of time at 3x8's count 2 under the shorter way (0.01 s): the
# job has cadical decide the CNF all the same (0.3 s here), and the merge
# takes its unsat alone as one solver's word: the construction's 3 is the
# optimum, cadical-only and unconfirmed (exit 3; free routing's jobs, not
# run here, leave its entry open too).
# one_job NAME DIR SIZES TIMEOUT PATTERN WANT LOG: emits the jobs of SIZES
# into DIR, runs the one whose line holds PATTERN, and wants its exit WANT.
one_job() {
  "$checker" table search-broadcast --emit-jobs "$2" --sizes "$3" --timeout "$4" 2>/dev/null |
    grep -F -- "$5" >"$tmp/$1-job"
  "$BASH" "$tmp/$1-job"
  local got=$?
  if [ "$got" = "$6" ]; then ok; else fail "$1: the job exit $got (want $6)" "$7"; fi
}
alone="$tmp/cadical-alone"
one_job cadical-alone "$alone" 3x8 0.01 "--model wormhole,all-port,dimension-order-shorter --steps 2 " 3 \
  "$alone/torus-3x8-dimension-order-shorter-steps-2.log"
has cadical-alone-unknown '"verdict":"UNKNOWN"' "$alone/torus-3x8-dimension-order-shorter-steps-2.json"
has cadical-alone-unsat '^s UNSATISFIABLE$' "$alone/torus-3x8-dimension-order-shorter-steps-2.cadical"
"$checker" table search-broadcast --merge "$alone" >"$tmp/alone.out" 2>"$tmp/alone.err"
if [ $? = 3 ]; then ok; else fail "cadical-alone: merge not exit 3" "$tmp/alone.err"; fi
has cadical-alone-row '^\| torus 3x8 \| dimension-order-shorter \| 2 \| 3 \| 3 \| .*; 2: unsat by cadical alone in [0-9.]+ s under dimension-order-shorter \(Z3: unknown after [0-9.]+ s\); 3: the Wang-Tseng construction \(broadcast-span\) \| cadical-only lemma-1-not-reached \|$' "$tmp/alone.out"
"$checker" table search-broadcast --merge "$alone" --json >"$tmp/alone-json.out" 2>/dev/null
proof cadical-alone-proof "3x8" dimension-order-shorter "cadical-only unconfirmed" "$tmp/alone-json.out"

# (j) Z3 out of time (0.01 s) at 6x6's count 3 under the shorter way, which
# has a schedule: cadical finds the CNF satisfiable, and the job reads its
# model back as the witness, verified by the core. The merge takes it as the
# entry's witness and says whose it is.
model="$tmp/cadical-model"
stem="$model/torus-6x6-dimension-order-shorter-steps-3"
one_job cadical-model "$model" 6x6 0.01 "--model wormhole,all-port,dimension-order-shorter --steps 3 " 0 "$stem.log"
has cadical-model-sat '"verdict":"SAT"' "$stem.json"
has cadical-model-from '"witness_from":"sat-model"' "$stem.json"
has cadical-model-answer '^s SATISFIABLE$' "$stem.cadical"
"$checker" check "$stem.sched" >"$tmp/model-check.out" 2>&1
if [ $? = 0 ]; then ok; else fail "cadical-model: the witness is not verified" "$tmp/model-check.out"; fi
"$checker" table search-broadcast --merge "$model" >"$tmp/model.out" 2>"$tmp/model.err"
has cadical-model-row '^\| torus 6x6 \| dimension-order-shorter \| 3 \| 3 \| .*3: sat by cadical in [0-9.]+ s under dimension-order-shorter \(its model read back as the witness\)' "$tmp/model.out"

# (k) The same for the time-independent gossip. Its job line reads
# cadical's model back where Z3 gave no answer; 3x4 is too small for Z3 to
# miss at any time limit, so the job's two commands are run here as the
# line has them, and the merge takes the model's witness, which the core
# verifies as time-independent, as the entry's optimum.
ti_model="$tmp/cadical-ti-model"
stem="$ti_model/torus-3x4-gossip-time-independent-steps-3"
"$checker" table search-gossip --emit-jobs "$ti_model" --sizes 3x4 --timeout 30 --enumeration 0 2>/dev/null |
  grep -F -- "--time-independent --steps 3 " >"$tmp/ti-model-job"
has cadical-ti-model-line "cadical -t 30 .*; if grep -qx 'cadical exit 10' .* --time-independent --steps 3 --timeout 60 --cnf .*\\.cnf --sat-model .*\\.cadical --json " "$tmp/ti-model-job"
ti=(search gossip --topology torus:3x4 --model store-and-forward,all-port --time-independent --steps 3)
{ "$checker" "${ti[@]}" --dimacs "$stem.cnf" && { cadical -t 30 "$stem.cnf"; echo "cadical exit $?"; }; } >"$stem.cadical"
"$checker" "${ti[@]}" --timeout 60 --cnf "$stem.cnf" --sat-model "$stem.cadical" --json -o "$stem.sched" >"$stem.json"
if [ $? = 0 ]; then ok; else fail "cadical-ti-model: the model not read back" "$stem.json"; fi
has cadical-ti-model-from '"witness_from":"sat-model"' "$stem.json"
"$checker" check "$stem.sched" >"$tmp/ti-model-check.out" 2>&1
has cadical-ti-model-verified '^VERIFIED .* forwarding=time-independent' "$tmp/ti-model-check.out"
"$checker" table search-gossip --merge "$ti_model" >"$tmp/ti-model.out" 2>"$tmp/ti-model.err"
has cadical-ti-model-row '^\| torus 3x4 \| 3 \| 3 \| .*3: sat by cadical in [0-9.]+ s \(its model read back as the witness\)' "$tmp/ti-model.out"

# (l) The classes of translations (--periodic-classes): at each bound left
# to jobs, one job per class, decided by cadical; 3x4 and 3x7 are cyclic
# groups, whose classes are all periodic (boxes). Only those lines run here:
# 3x4's classes have witnesses at its bound of 3, which decide the entry
# (the core verifies them time-independent); 3x7's are unsat at 5, which
# refutes nothing (its entry stays open, exit 3, the classes listed). A
# class's witness corrupted is rejected (exit 1); a class's result that is
# not SAT is an error (exit 2). On 4x4 the diagonal classes are jobs too.
classes="$tmp/gossip classes"
"$checker" table search-gossip --emit-jobs "$classes" --sizes 3x4,3x7 --timeout 30 --enumeration 0 \
  --periodic-classes >"$tmp/class-jobs" 2>"$tmp/class-emit.err"
if [ $? = 0 ]; then ok; else fail "periodic classes: emit-jobs not exit 0" "$tmp/class-emit.err"; fi
grep -- ' --periods ' "$tmp/class-jobs" >"$tmp/class-lines"
if [ "$(wc -l <"$tmp/class-lines")" = 8 ]; then ok; else fail "periodic classes: not 8 class lines" "$tmp/class-lines"; fi
for c in 3x4:1x1 3x4:1x2 3x4:3x1 3x4:1x4 3x4:3x2 3x7:1x1 3x7:3x1 3x7:1x7; do
  has "class-line-$c" "torus:${c%%:*} .* --periods ${c##*:} --dimacs " "$tmp/class-lines"
done
parallel --will-cite -j2 <"$tmp/class-lines" >"$tmp/class-parallel.out" 2>&1
"$checker" table search-gossip --merge "$classes" >"$tmp/class-merged.out" 2>"$tmp/class-merged.err"
if [ $? = 3 ]; then ok; else fail "periodic classes: merge not exit 3 (3x7 open)" "$tmp/class-merged.err"; fi
has class-merged-3x4 '^\| torus 3x4 \| 3 \| 3 \| .*; 3: sat by cadical in [0-9.]+ s in the periodic class 1x1 \(its model read back as the witness\) \| construction-not-optimal \|$' "$tmp/class-merged.out"
has class-merged-3x7 '^\| torus 3x7 \| 5 \| <= 10 \| .*; 5: no result file \(classes by cadical: periods 1x1 unsat in [0-9.]+ s, periods 1x7 unsat in [0-9.]+ s, periods 3x1 unsat in [0-9.]+ s; each refutes its class only\); 6: ' "$tmp/class-merged.out"
"$checker" check "$classes/torus-3x4-gossip-time-independent-periods-1x1-steps-3.sched" >"$tmp/class-check.out" 2>&1
has class-witness-verified '^VERIFIED .* forwarding=time-independent' "$tmp/class-check.out"
# The fifth class starts once one of the first two has its witness: skipped.
has class-skipped '^skipped: a witness of this count answers the torus$' \
  "$classes/torus-3x4-gossip-time-independent-periods-3x2-steps-3.log"
cp -r "$classes" "$tmp/class-corrupt"
# Its last transfer twice: a channel used twice in one step.
corrupt="$tmp/class-corrupt/torus-3x4-gossip-time-independent-periods-1x1-steps-3.sched"
tail -n 1 "$corrupt" >>"$corrupt"
"$checker" table search-gossip --merge "$tmp/class-corrupt" >"$tmp/class-corrupt.out" 2>"$tmp/class-corrupt.err"
if [ $? = 1 ]; then ok; else fail "periodic classes: a corrupted witness, merge not exit 1" "$tmp/class-corrupt.err"; fi
has class-corrupt-named 'WITNESS-REJECTED .*periods-1x1-steps-3\.sched: the core rejects the witness' "$tmp/class-corrupt.err"
cp -r "$classes" "$tmp/class-unsat"
sed -i 's/"verdict":"SAT"/"verdict":"UNSAT"/' "$tmp/class-unsat/torus-3x4-gossip-time-independent-periods-1x1-steps-3.json"
"$checker" table search-gossip --merge "$tmp/class-unsat" >/dev/null 2>"$tmp/class-unsat.err"
if [ $? = 2 ]; then ok; else fail "periodic classes: a class's UNSAT result, merge not exit 2" "$tmp/class-unsat.err"; fi
has class-unsat-named 'error: .*periods-1x1-steps-3\.json: a class.s result is written for a witness only, and this one says UNSAT$' "$tmp/class-unsat.err"
"$checker" table search-gossip --emit-jobs "$tmp/diagonal" --sizes 4x4 --enumeration 0 --periodic-classes \
  >"$tmp/diagonal-jobs" 2>/dev/null
has class-diagonal-line 'torus:4x4 .* --steps 4 --translations 2x0,1x1 --dimacs [^ ]*/torus-4x4-gossip-time-independent-translations-2x0,1x1-steps-4\.cnf ' "$tmp/diagonal-jobs"
"$checker" table search-broadcast --emit-jobs "$tmp/b" --periodic-classes >/dev/null 2>"$tmp/class-broadcast.err"
if [ $? = 2 ]; then ok; else fail "--periodic-classes with search-broadcast: not exit 2"; fi
has class-broadcast '^schedcheck: error: --periodic-classes is for table search-gossip$' "$tmp/class-broadcast.err"
"$checker" table search-gossip --merge "$classes" --periodic-classes >/dev/null 2>"$tmp/class-merge-flag.err"
if [ $? = 2 ]; then ok; else fail "--merge --periodic-classes: not exit 2"; fi
has class-merge-flag '^schedcheck: error: --periodic-classes is for --emit-jobs' "$tmp/class-merge-flag.err"

usage() {
  local name=$1
  shift
  "$checker" table "$@" >/dev/null 2>"$tmp/$name.err"
  local got=$?
  if [ "$got" = 2 ] && grep -q '^schedcheck: error: ' "$tmp/$name.err"; then ok; else fail "usage $name: exit $got" "$tmp/$name.err"; fi
}
usage bad-sizes search-broadcast --emit-jobs "$tmp/x" --sizes 3x4..2x5
usage bad-timeout search-broadcast --emit-jobs "$tmp/x" --timeout soon
usage infinite-timeout search-broadcast --emit-jobs "$tmp/x" --timeout inf
usage other-table search-scatter --emit-jobs "$tmp/x"
usage other-tables-dir search-gossip --merge "$out"
usage both search-broadcast --emit-jobs "$tmp/x" --merge "$out"
usage accept-on-emit search-broadcast --emit-jobs "$tmp/x" --accept-z3
usage accept-alone search-broadcast --accept-z3
usage no-dir search-broadcast --merge "$tmp/nowhere"
mkdir "$tmp/no-manifest"
usage no-manifest search-broadcast --merge "$tmp/no-manifest"

echo "search-jobs: $passed passed, $failed failed"
[ "$failed" = 0 ]
