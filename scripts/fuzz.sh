#!/usr/bin/env bash
# Builds the fuzz targets (libFuzzer with AddressSanitizer) and runs one of them.
#
#   scripts/fuzz.sh TARGET [SECONDS] [LIBFUZZER-OPTION...]
#
# TARGET is json, schema, catalog or pattern; SECONDS (default 60) bounds the run; other options go
# to libFuzzer (for example -fork=1 -ignore_crashes=1 to go on past crashes, or a crash file alone
# to replay it: scripts/fuzz.sh json 0 Fuzzing/.artifacts/json/crash-...).
# Seeds come from schemas/, fixtures/, the catalogs and the tests' data (scripts/fuzz-seeds.py); new
# inputs go to Fuzzing/.corpus/TARGET/found and crashes to Fuzzing/.artifacts/TARGET/, both git-ignored.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

target=${1:-}
case "$target" in
    json) binary=FuzzJSON; max_len=4096 ;;
    schema) binary=FuzzSchema; max_len=8192 ;;
    catalog) binary=FuzzCatalog; max_len=8192 ;;
    pattern) binary=FuzzPattern; max_len=512 ;;
    *) echo "usage: scripts/fuzz.sh json|schema|catalog|pattern [SECONDS] [LIBFUZZER-OPTION...]" >&2; exit 2 ;;
esac
seconds=${2:-60}
shift $(( $# >= 2 ? 2 : 1 ))

# The build plan is made again each time: a plan kept from an earlier build lists the main package's
# source files as they were then, so a file added since would be missing from the build.
rm -f Fuzzing/.build/release.yaml Fuzzing/.build/release/description.json
swift build --package-path Fuzzing --scratch-path Fuzzing/.build -c release \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -enable-testing \
    --product "$binary"
executable=Fuzzing/.build/release/$binary

corpus=Fuzzing/.corpus/$target
artifacts=Fuzzing/.artifacts/$target
mkdir -p "$corpus/found" "$artifacts"
scripts/fuzz-seeds.py "$target"

# Leaks are not looked for: the Swift runtime fills caches as it goes and never frees them.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}
# libFuzzer and AddressSanitizer print the stack of a crash; Swift's backtracer would add a slow second one.
export SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=no}

# A file as the last argument replays that input (shrinks it with -minimize_crash=1 -runs=N) instead of fuzzing.
if [ $# -ge 1 ] && [ -f "${!#}" ]; then
    exec "$executable" -artifact_prefix="$artifacts/" "$@"
fi

exec "$executable" "$corpus/found" "$corpus/seeds" \
    -dict="Fuzzing/Dictionaries/$target.dict" \
    -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 -max_total_time="$seconds" \
    -artifact_prefix="$artifacts/" -print_final_stats=1 "$@"
