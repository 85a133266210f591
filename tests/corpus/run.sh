#!/usr/bin/env bash
# Runs `schedcheck check` on every schedule under the given folders and compares
# the exit code and the diagnostics (property@line:col) with the file's
# "# expect: exit=N [property@line:col ...]" line. The diagnostics must match
# exactly, as a multiset; "program-error" stands for a "schedcheck: error:" line.
#
# usage: tests/corpus/run.sh SCHEDCHECK DIR... [-- EXTRA CHECK OPTIONS]
set -u
checker=$1
shift
dirs=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do dirs+=("$1"); shift; done
[ $# -gt 0 ] && shift
extra=("$@")

passed=0
failed=0
for dir in "${dirs[@]}"; do
  for file in "$dir"/*.sched "$dir"/*.json; do
    [ -e "$file" ] || continue
    expect_line=$(grep -m1 -E '^# expect:|"expect":' "$file" | sed -E 's/^# expect:[[:space:]]*//; s/.*"expect":[[:space:]]*"([^"]*)".*/\1/')
    if [ -z "$expect_line" ]; then
      echo "FAIL $file: no '# expect:' line"
      failed=$((failed + 1))
      continue
    fi
    want_exit=$(printf '%s\n' "$expect_line" | tr ' ' '\n' | sed -n 's/^exit=//p')
    want_diags=$(printf '%s\n' "$expect_line" | tr ' ' '\n' | grep -v '^exit=' | grep -v '^$' | sort)
    out=$("$checker" check "${extra[@]}" "$file" 2>/tmp/schedcheck-corpus.$$)
    got_exit=$?
    err=$(cat /tmp/schedcheck-corpus.$$)
    got_diags=$( { printf '%s\n' "$err" | sed -nE 's/^.*:([0-9]+):([0-9]+): error: ([a-z-]+): .*$/\3@\1:\2/p'
                   printf '%s\n' "$err" | grep -q '^schedcheck: error:' && echo program-error; } | sort)
    # Every stderr line must be a diagnostic, a program error or a note.
    stray=$(printf '%s\n' "$err" | grep -vE '^$|: error: [a-z-]+: |^schedcheck: error: |: note: ' || true)
    verdict_ok=1
    case "$got_exit" in
      0) [[ "$out" == VERIFIED* ]] || verdict_ok=0 ;;
      1) [[ "$out" == FAILED* ]] || verdict_ok=0 ;;
    esac
    if [ "$got_exit" = "$want_exit" ] && [ "$got_diags" = "$want_diags" ] && [ -z "$stray" ] && [ $verdict_ok = 1 ]; then
      passed=$((passed + 1))
      echo "ok   $file: $out"
    else
      failed=$((failed + 1))
      echo "FAIL $file"
      echo "     expected exit=$want_exit, got exit=$got_exit"
      echo "     expected diagnostics: $(echo $want_diags)"
      echo "     got diagnostics:      $(echo $got_diags)"
      [ -n "$stray" ] && echo "     unexpected stderr: $stray"
      [ $verdict_ok = 1 ] || echo "     verdict line does not match the exit code: $out"
      printf '%s\n' "$err" | sed 's/^/     | /'
    fi
  done
done
rm -f /tmp/schedcheck-corpus.$$
echo "corpus: $passed passed, $failed failed"
[ "$failed" = 0 ] && [ "$passed" -gt 0 ]
