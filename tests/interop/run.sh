#!/usr/bin/env bash
# Imports and checks every case of cases.txt: the exit code, and a verdict
# line or located error in the output. A case that translates is also
# imported to text, and that text must check with the same exit code.
# Usage: run.sh SCHEDCHECK DIR (DIR, tests/interop, holds cases.txt and the
# inputs; the commands run two folders up, so that files read tests/interop/...)
set -u
bin=$1
dir=$2
cd "$dir/../.." || exit 2
rel=tests/interop
failed=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
while IFS='|' read -r file args code text; do
  file=$(echo "$file" | xargs)
  [[ -z $file || $file == \#* ]] && continue
  code=$(echo "$code" | xargs)
  text=$(echo "$text" | sed 's/^ *//; s/ *$//')
  read -r -a argv <<<"$args"
  out=$("$bin" check "${argv[@]}" "$rel/$file" 2>&1)
  got=$?
  if [[ $got != "$code" ]] || ! grep -qF -- "$text" <<<"$out"; then
    echo "FAIL $file $args: exit $got (expected $code), output:"
    echo "$out" | head -5
    echo "  expected to contain: $text"
    failed=1
    continue
  fi
  if [[ $code != 2 ]]; then
    "$bin" import msccl "${argv[@]}" "$rel/$file" -o "$work/imported.sched" 2>/dev/null
    "$bin" check "$work/imported.sched" >/dev/null 2>&1
    again=$?
    if [[ $again != "$code" ]]; then
      echo "FAIL $file $args: its imported text checks with exit $again, not $code"
      failed=1
      continue
    fi
  fi
  echo "ok   $file $args"
done <"$dir/cases.txt"
exit $failed
