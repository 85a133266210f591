#!/usr/bin/env bash
# table search-broadcast as jobs: --emit-jobs writes one command line per
# (torus, routing, step count), GNU parallel runs them, --merge assembles the
# table with every witness re-checked by the core. The merged optima agree
# with `search broadcast --min`; a corrupted witness exits 1 naming it, a
# missing result leaves its entry open (exit 3), a malformed one exits 2
# naming the file.
#
# usage: tests/search/jobs.sh SCHEDCHECK
set -u
checker=$1
if ! command -v parallel >/dev/null; then
  echo "jobs: GNU parallel is not installed (bash .ci/deps installs it)"
  exit 1
fi
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
# 4x4, 5x5 and 2x2x2 have one count below the construction, under each routing.
"$checker" table search-broadcast --emit-jobs "$out" --sizes 2x2..3x4,4x4,5x5,2x2x2 --timeout 30 \
  >"$tmp/jobs" 2>"$tmp/emit.err"
if [ $? = 0 ]; then ok; else fail "emit-jobs: not exit 0" "$tmp/emit.err"; fi
if [ "$(wc -l <"$tmp/jobs")" = 12 ]; then ok; else fail "emit-jobs: not 12 job lines" "$tmp/jobs"; fi
if grep -Ev -- '^[^ ]*schedcheck search broadcast --topology torus:[0-9x]+ --model wormhole,all-port,(dimension-order|dimension-order-shorter|free) --steps [0-9]+ --timeout 30 --one-routing --json -o .* >.* 2>.*$' \
  "$tmp/jobs" >"$tmp/other-lines"; then
  fail "emit-jobs: lines that are not job commands" "$tmp/other-lines"
else
  ok
fi
for routing in dimension-order dimension-order-shorter free; do
  has "emit-5x5-$routing" "--topology torus:5x5 --model wormhole,all-port,$routing --steps 2 " "$tmp/jobs"
done
if grep -q -- 'torus:3x4 ' "$tmp/jobs"; then fail "emit-jobs: a job for 3x4, which Lemma 1 and the construction settle" "$tmp/jobs"; else ok; fi

# (b) GNU parallel runs them, two at a time; each leaves a result and a witness or an answer.
parallel --will-cite -j2 <"$tmp/jobs" >"$tmp/parallel.out" 2>&1
if [ $? = 0 ]; then ok; else fail "parallel: some job failed" "$tmp/parallel.out"; fi
if [ "$(ls "$out"/*.json | wc -l)" = 12 ]; then ok; else fail "parallel: not 12 result files"; fi

# (c) The merge decides every entry, and agrees with search --min.
merge merged 0 "$out"
merge merged-json 0 "$out" --json
has merged-5x5-order '^\| torus 5x5 \| dimension-order \| 2 \| 3 \| 3 \| step 1 impossible by broadcast-all-port \(Wang-Tseng, Lemma 1\); 2: unsat in [0-9.]+ s under dimension-order; 3: the Wang-Tseng construction \(broadcast-span\) \| lemma-1-not-reached \|$' "$tmp/merged.out"
has merged-5x5-shorter '^\| torus 5x5 \| dimension-order-shorter \| 2 \| 3 \| ' "$tmp/merged.out"
has merged-5x5-free '^\| torus 5x5 \| free \| 2 \| 2 \| 3 \| .*; 2: sat in [0-9.]+ s under ' "$tmp/merged.out"
has merged-3x4 '^\| torus 3x4 \| free \| 2 \| 2 \| 2 \| step 1 impossible .*; 2: the Wang-Tseng construction \(broadcast-span\) \| \|$' "$tmp/merged.out"
for case in "5x5 dimension-order" "5x5 free" "4x4 dimension-order-shorter" "2x2x2 dimension-order" "2x2 free"; do
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
rm "$tmp/missing/torus-5x5-dimension-order-steps-2.json"
merge missing 3 "$tmp/missing"
has missing-open '^\| torus 5x5 \| dimension-order \| 2 \| <= 3 \| 3 \| .*; 2: no result file \(unsat under dimension-order-shorter only\); 3: the Wang-Tseng construction \(broadcast-span\) \| open \|$' "$tmp/missing.out"
has missing-shorter '^\| torus 5x5 \| dimension-order-shorter \| 2 \| 3 \| ' "$tmp/missing.out"

# (f) A malformed result file: exit 2, the file and what is wrong named.
cp -r "$out" "$tmp/malformed"
printf '{"verdict": "SAT"' >"$tmp/malformed/torus-4x4-free-steps-2.json"
merge malformed 2 "$tmp/malformed"
has malformed-named "^schedcheck: error: $tmp/malformed/torus-4x4-free-steps-2.json: not a JSON object" "$tmp/malformed.err"

# (g) Usage errors: exit 2 with a message.
usage() {
  local name=$1
  shift
  "$checker" table "$@" >/dev/null 2>"$tmp/$name.err"
  local got=$?
  if [ "$got" = 2 ] && grep -q '^schedcheck: error: ' "$tmp/$name.err"; then ok; else fail "usage $name: exit $got" "$tmp/$name.err"; fi
}
usage bad-sizes search-broadcast --emit-jobs "$tmp/x" --sizes 3x4..2x5
usage bad-timeout search-broadcast --emit-jobs "$tmp/x" --timeout soon
usage other-table search-gossip --emit-jobs "$tmp/x"
usage both search-broadcast --emit-jobs "$tmp/x" --merge "$out"
usage no-dir search-broadcast --merge "$tmp/nowhere"
mkdir "$tmp/no-manifest"
usage no-manifest search-broadcast --merge "$tmp/no-manifest"

echo "search-jobs: $passed passed, $failed failed"
[ "$failed" = 0 ]
