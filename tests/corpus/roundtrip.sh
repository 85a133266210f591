#!/usr/bin/env bash
# print and convert must not change what a schedule means: for every schedule
# under the given folders that the reader accepts whole, the verdict of the
# schedule as `print` writes it, as `convert` writes it in JSON, and as that
# JSON converts back to text, is the verdict of the original (exit code and
# the verdict line after the file name: steps, bounds, cost, claim, errors).
#
# usage: tests/corpus/roundtrip.sh SCHEDCHECK DIR...
set -u
checker=$1
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# "VERIFIED f: rest" -> "0 VERIFIED rest": what a verdict says, not where its file was.
verdict() {
  local out code
  out=$("$checker" check "$1" 2>/dev/null)
  code=$?
  printf '%s %s %s\n' "$code" "${out%% *}" "${out#*: }"
}

passed=0
failed=0
skipped=0
for dir in "$@"; do
  for file in "$dir"/*.sched "$dir"/*.json; do
    [ -e "$file" ] || continue
    if ! "$checker" print "$file" -o "$work/printed.sched" 2>/dev/null ||
       ! "$checker" convert "$file" --to json -o "$work/converted.json" 2>/dev/null ||
       ! "$checker" convert "$work/converted.json" --to text -o "$work/back.sched" 2>/dev/null; then
      skipped=$((skipped + 1))  # the reader reports errors of its own: nothing whole to carry over
      continue
    fi
    want=$(verdict "$file")
    ok=1
    for copy in printed.sched converted.json back.sched; do
      got=$(verdict "$work/$copy")
      if [ "$got" != "$want" ]; then
        ok=0
        echo "FAIL $file: its $copy form changes the verdict"
        echo "     original: $want"
        echo "     $copy: $got"
      fi
    done
    if [ $ok = 1 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
  done
done
echo "roundtrip: $passed passed, $failed failed, $skipped skipped (the reader reported errors)"
[ "$failed" = 0 ] && [ "$passed" -gt 0 ]
