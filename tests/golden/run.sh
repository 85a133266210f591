#!/usr/bin/env bash
# Golden CLI output: runs each cases/NAME.cmd (the arguments of one schedcheck
# call, run from the repository root) and compares stdout, stderr and the exit
# code with cases/NAME.out. With --update it rewrites the .out files instead.
#
# usage: tests/golden/run.sh SCHEDCHECK GOLDEN_DIR [--update]
set -u
checker=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
golden=$(cd "$2" && pwd)
update=${3:-}
cd "$golden/../.."
passed=0
failed=0
for cmd in "$golden"/cases/*.cmd; do
  name=$(basename "$cmd" .cmd)
  args=$(grep -v '^#' "$cmd")
  actual=$(eval "\"$checker\" $args" 2>&1; echo "exit=$?")
  expected_file="$golden/cases/$name.out"
  if [ "$update" = "--update" ]; then
    printf '%s\n' "$actual" > "$expected_file"
    continue
  fi
  if [ -f "$expected_file" ] && [ "$actual" = "$(cat "$expected_file")" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL $name: schedcheck $args"
    diff <(cat "$expected_file" 2>/dev/null) <(printf '%s\n' "$actual") | sed 's/^/     /'
  fi
done
[ "$update" = "--update" ] && { echo "golden outputs rewritten"; exit 0; }
echo "golden: $passed passed, $failed failed"
[ "$failed" = 0 ] && [ "$passed" -gt 0 ]
