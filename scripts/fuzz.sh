#!/usr/bin/env bash
# Builds one fuzz target with libFuzzer and AddressSanitizer (swiftc -sanitize=fuzzer,address) and runs it.
#
# Usage: scripts/fuzz.sh TARGET [SECONDS] [extra libFuzzer options, e.g. -jobs=2 -runs=1000000]
#        scripts/fuzz.sh all [SECONDS]       every target in turn (what .ci/run does, briefly)
#
# Targets (Fuzz/TARGET/Harness.swift, with a seed corpus in Fuzz/TARGET/Corpus):
#   parser     GraphQLParser: parse, print pretty and minified, parse again: the same document
#   decoder    GraphQLResponseDecoder with the generated LotteryAPI types (snapshot fixtures) and Data Connect's
#              scalars (the data-connect-scalars snippet); JSONValue(parsing:)
#   fastdecoder  the generated one-pass decoders vs the Decodable path on the same bytes: the same value or error
#   schema     schema builder, validator, planner and renderer: a document the validator accepts must plan
#   http       the development server's HTTP request head parsing and body framing (Sources/GraphQLServer/HTTP)
#   rest       the REST envelope and the legacy models (LegacyModels)
#   migration  MigrationSettings from remote configuration JSON (GraphQLMigration)
#   cache      the SQLite cache store's record format (CacheRecordCodec): any bytes read as a record
#
# SECONDS defaults to 20. Inputs found are written to .build-fuzz/TARGET/corpus (not the committed seeds); a crash
# is written to .build-fuzz/TARGET/crash-* and fails the script. Each crash found becomes a regression test.
# Leak detection is on (LeakSanitizer: an input whose run leaves memory unfreed fails, as a crash does), with the
# suppressions of scripts/lsan-suppressions.txt (values that live until exit on purpose). Binaries are rebuilt only when a source changed. FUZZ_OPTIMIZATION (default -Onone: compiles quickly; the
# sanitizers dominate the run time) is passed to swiftc.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"

targets=(parser decoder fastdecoder schema http rest migration cache)
target="${1:-}"
seconds="${2:-20}"
shift $(( $# > 2 ? 2 : $# ))
if [ "$target" = all ]; then
    for each in "${targets[@]}"; do bash "$0" "$each" "$seconds" "$@"; done
    exit 0
fi
case " ${targets[*]} " in
*" $target "*) ;;
*)
    echo "usage: scripts/fuzz.sh TARGET|all [SECONDS] (targets: ${targets[*]})" >&2
    exit 2
    ;;
esac

out="$repo/.build-fuzz/$target"
mkdir -p "$out/modules" "$out/corpus"
optimization="${FUZZ_OPTIMIZATION:--Onone}"
# -package-name: one package name for every module, as SwiftPM gives them (their `package` declarations are shared).
flags=(-parse-as-library -sanitize=fuzzer,address "$optimization" -wmo -swift-version 6 -g -package-name GraphQLBridge)

sources_of() { find "$@" -name '*.swift' | LC_ALL=C sort; }

# Module dependencies (name and folder) and the folders compiled with the harness, per target.
modules=()
own=()
# Seed files kept elsewhere in the repository (the test fixtures), used as they are rather than copied.
seeds=()
case "$target" in
parser)
    own=(Sources/GraphQLParser)
    seeds=(Tests/GraphQLSchemaTests/Fixtures/sdl-corpus.graphql Tests/GraphQLSchemaTests/Fixtures/validation-corpus.graphql
        Tests/GraphQLCodegenTests/Fixtures/GitHub/operations.graphql)
    ;;
decoder)
    modules=("GraphQLBridgeSupport:Sources/GraphQLBridgeSupport" "GraphQLBridge:Sources/GraphQLBridge")
    own=(Tests/GraphQLCodegenTests/Fixtures/Snapshots/LotteryAPI
        Tests/GraphQLCodegenTests/Fixtures/Snippets/data-connect-scalars/expected.swift)
    ;;
fastdecoder)
    modules=("GraphQLBridgeSupport:Sources/GraphQLBridgeSupport" "GraphQLBridge:Sources/GraphQLBridge")
    own=(Tests/GraphQLCodegenTests/Fixtures/Snapshots/LotteryAPI
        Tests/GraphQLCodegenTests/Fixtures/Snippets/data-connect-scalars/expected.swift Tests/GeneratedCodeTests/Generated)
    ;;
schema)
    modules=("GraphQLParser:Sources/GraphQLParser" "GraphQLBridgeSupport:Sources/GraphQLBridgeSupport"
        "GraphQLSchema:Sources/GraphQLSchema")
    own=(Sources/GraphQLCodegen)
    ;;
http)
    # The request side only (the response side needs the backend's JSON model).
    own=(Sources/GraphQLServer/HTTP/HTTPRequestHead.swift Sources/GraphQLServer/HTTP/HTTPBodyFraming.swift
        Sources/GraphQLServer/HTTP/HTTPProtocolError.swift Sources/GraphQLServer/HTTP/HTTPRequest.swift
        "Sources/GraphQLServer/HTTP/StringProtocol+Trimming.swift")
    ;;
rest) own=(LegacyModels) ;;
migration)
    modules=("GraphQLBridgeSupport:Sources/GraphQLBridgeSupport")
    own=(Sources/GraphQLMigration)
    ;;
cache) modules=("GraphQLBridgeSupport:Sources/GraphQLBridgeSupport" "GraphQLBridge:Sources/GraphQLBridge") ;;
esac

# Rebuild when any input is newer than the binary.
# One binary per optimization level (a long run with FUZZ_OPTIMIZATION=-O does not reuse an -Onone build).
binary="$out/fuzz-$target${optimization#-Onone}"
inputs=("Fuzz/$target/Harness.swift" "$0")
for own_folder in "${own[@]}"; do while IFS= read -r f; do inputs+=("$f"); done < <(sources_of "$own_folder"); done
for module in "${modules[@]}"; do
    while IFS= read -r f; do inputs+=("$f"); done < <(sources_of "${module#*:}")
done
stale=0
if [ ! -x "$binary" ]; then stale=1; else
    for f in "${inputs[@]}"; do if [ "$f" -nt "$binary" ]; then stale=1; break; fi; done
fi
if [ "$stale" = 1 ]; then
    echo "==> building fuzz target '$target' ($optimization)"
    links=()
    for module in "${modules[@]}"; do
        name="${module%%:*}"
        # shellcheck disable=SC2046
        rm -f "$out/modules/lib$name.a"
        # -I Sources/CSQLite: GraphQLBridge's persistent cache imports the system's SQLite through that module map.
        swiftc "${flags[@]}" -module-name "$name" -emit-module -emit-module-path "$out/modules/$name.swiftmodule" \
            -emit-library -static -o "$out/modules/lib$name.a" -I "$out/modules" -I Sources/CSQLite \
            $(sources_of "${module#*:}") 2>&1 | grep -v "Cannot export local symbol" || true
        [ -f "$out/modules/lib$name.a" ] || { echo "error: building module $name failed" >&2; exit 1; }
        # A module's library goes before those it depends on (built earlier), for the linker.
        links=("-l$name" "${links[@]}")
    done
    own_sources=()
    for own_folder in "${own[@]}"; do while IFS= read -r f; do own_sources+=("$f"); done < <(sources_of "$own_folder"); done
    rm -f "$binary"
    swiftc "${flags[@]}" -module-name "Fuzz$target" -I "$out/modules" -I Sources/CSQLite -L "$out/modules" \
        "${links[@]}" -lsqlite3 \
        "Fuzz/$target/Harness.swift" "${own_sources[@]}" -o "$binary" 2>&1 | grep -v "Cannot export local symbol" || true
    # An optimized build leaves the module's debugging files (Fuzz<target>-N.swiftmodule, ...) in the working
    # folder: they are not needed.
    rm -f "Fuzz$target"-*.swiftdoc "Fuzz$target"-*.swiftmodule "Fuzz$target"-*.swiftsourceinfo
    [ -x "$binary" ] || { echo "error: building fuzz target $target failed" >&2; exit 1; }
fi

echo "==> fuzzing '$target' for ${seconds}s"
log="$out/last-run.log"
status=0
seed_flags=()
if [ "${#seeds[@]}" -gt 0 ]; then seed_flags=("-seed_inputs=$(IFS=,; echo "${seeds[*]}")"); fi
# -timeout: one input running that long is a hang (it takes milliseconds; 60 s leaves room for a busy machine).
ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}" LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$repo/scripts/lsan-suppressions.txt}" \
    "$binary" -max_total_time="$seconds" -print_final_stats=1 -timeout=60 -rss_limit_mb=2048 -detect_leaks=1 \
    -artifact_prefix="$out/" "${seed_flags[@]}" "$@" "$out/corpus" "Fuzz/$target/Corpus" >"$log" 2>&1 || status=$?
grep -E "^(Done|stat::number_of_executed_units|stat::peak_rss_mb)" "$log" || true
if [ "$status" != 0 ]; then
    tail -n 60 "$log"
    echo "error: fuzz target '$target' failed (exit $status); the input is in $out/" >&2
    exit "$status"
fi
