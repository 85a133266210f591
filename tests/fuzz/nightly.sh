#!/usr/bin/env bash
# The parser's fuzz target for ten minutes (a nightly job, outside CI's time
# budget): builds it with clang into build-fuzz/, grows a corpus from the
# seeds and every corpus, golden and example schedule of the repository, and
# fails on any finding (the crashing input is left in the corpus directory).
#
# usage: tests/fuzz/nightly.sh [SECONDS]   (default 600)
set -eu
cd "$(dirname "$0")/../.."
seconds=${1:-600}
CXX=clang++ cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build-fuzz --target fuzz_reader -j2 >/dev/null
corpus=$(mktemp -d)
cp tests/fuzz/seeds/* "$corpus"/
# Every schedule the repository holds is a seed: the fuzzer starts from the
# grammar's whole surface, not only from the hand-picked seeds.
find tests/corpus tests/golden/inputs schedules/examples -type f \( -name '*.sched' -o -name '*.json' \) \
  -exec cp -t "$corpus"/ {} + 2>/dev/null || true
build-fuzz/tests/fuzz_reader -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$corpus"/ \
  -dict=tests/fuzz/reader.dict "$corpus"
echo "fuzz: corpus of $(ls "$corpus" | wc -l) inputs in $corpus, no finding in $seconds s"
