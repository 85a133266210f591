#!/usr/bin/env bash
# MSCCL export round trips: each store-and-forward generator and search
# witness the export supports is checked, exported to MSCCL XML, imported on
# the same topology and checked again; both checks must give the same verdict
# and the same step count. MSCCL has nothing to time an empty step by, so
# empty steps at the end of a schedule (some generators write one) are not
# counted.
# Usage: roundtrip.sh SCHEDCHECK
set -u
bin=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0

# verdict FILE [ARGS...]: "VERIFIED steps=N" or "FAILED steps=N"
verdict() {
  "$bin" check "$@" 2>/dev/null | sed -n 's/^\(VERIFIED\|FAILED\) .*: steps=\([0-9]*\).*/\1 steps=\2/p'
}

# roundtrip NAME TOPOLOGY FILE: FILE is a schedule on TOPOLOGY.
roundtrip() {
  local name=$1 topology=$2 file=$3
  local before after
  local last
  last=$("$bin" print "$file" 2>/dev/null | awk '/^step /{s=$2; next} NF && !/^#/{last=s} END{print last+0}')
  before=$(verdict "$file" | sed "s/steps=[0-9]*/steps=$last/")
  if ! "$bin" export msccl "$file" -o "$work/$name.xml" 2>"$work/$name.err"; then
    echo "FAIL $name: export: $(cat "$work/$name.err")"
    failed=1
    return
  fi
  after=$(verdict --topology "$topology" "$work/$name.xml")
  if [[ -z $before || $before != "$after" ]]; then
    echo "FAIL $name: schedule '$before', after the round trip '$after'"
    "$bin" check --topology "$topology" "$work/$name.xml" 2>&1 | head -5
    failed=1
  else
    echo "ok   $name: $before"
  fi
}

gen() {  # gen NAME GENERATOR TOPOLOGY [ARGS...]
  local name=$1 generator=$2 topology=$3
  shift 3
  if ! "$bin" gen "$generator" --topology "$topology" "$@" -o "$work/$name.sched" 2>"$work/$name.err"; then
    echo "FAIL $name: gen: $(cat "$work/$name.err")"
    failed=1
    return
  fi
  roundtrip "$name" "$topology" "$work/$name.sched"
}

gen onepacket-2d-4x4 gossip-onepacket-2d torus:4x4
gen onepacket-2d-6x4 gossip-onepacket-2d torus:6x4
gen hamiltonian-2d-4x4 gossip-hamiltonian-2d torus:4x4
gen hamiltonian-2d-5x5 gossip-hamiltonian-2d torus:5x5
gen hamiltonian-pair-4x4 gossip-hamiltonian-pair torus:4x4
gen hamiltonian-3d-3x3x3 gossip-hamiltonian-3d torus:3x3x3
gen rods-3d-3x3x3 gossip-rods-3d torus:3x3x3
gen zigzag-4x4 gossip-zigzag torus:4x4
gen flooding-ring8 gossip-flooding ring:8
gen flooding-3x3 gossip-flooding torus:3x3
gen flooding-4x4 gossip-flooding torus:4x4

# Search witnesses (Z3), gossip under full-port store-and-forward.
for spec in torus:3x3 ring:6; do
  name=search-gossip-${spec/:/-}
  if "$bin" search gossip --topology "$spec" --model store-and-forward,all-port --timeout 120 \
      -o "$work/$name.sched" >/dev/null 2>"$work/$name.err"; then
    roundtrip "$name" "$spec" "$work/$name.sched"
  else
    echo "FAIL $name: search: $(tail -1 "$work/$name.err")"
    failed=1
  fi
done

# Hand-written broadcast, scatter and gather, and schedules that fail: the
# round trip keeps their verdicts too.
for f in "$(dirname "$0")"/roundtrip/*.sched; do
  topology=$(sed -n 's/^# topology-option: //p' "$f")
  roundtrip "$(basename "$f" .sched)" "$topology" "$f"
done
exit $failed
