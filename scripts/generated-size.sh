#!/usr/bin/env bash
# The size and the build time of generated code: generates LotteryAPI and the GitHub operations (the codegen
# tests' Fixtures/GitHub, against graphql-core's github_schema.graphql) with each graphql-bridge binary given,
# counts the generated lines, and compiles each API as a module (-Onone and -O, whole module) three times.
#
#   bash scripts/generated-size.sh BEFORE_BINARY AFTER_BINARY
#
# Build a binary of each revision first (`swift build --product graphql-bridge`, copied aside); the modules compile
# against this checkout's debug build (`swift build`). Figures go in Benchmarks/README.md (section `codegen`).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=/opt/swift/usr/bin:$PATH
fixtures="${GRAPHQL_CORE_FIXTURES:-$(bash scripts/fetch-graphql-core-fixtures.sh)}"
github=Tests/GraphQLCodegenTests/Fixtures/GitHub
lottery=Sources/LotteryAPI/graphql
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
compile() { # folder module flags
    local start end
    start=$(date +%s.%N)
    swiftc -swift-version 6 -parse-as-library -module-name "$2" -I .build/debug/Modules \
        -Xcc -fmodule-map-file="$PWD/Sources/CSQLite/module.modulemap" -wmo -c $(find "$1" -name '*.swift' | sort) \
        -o "$work/module.o" $3 >/dev/null
    end=$(date +%s.%N)
    python3 -c "print(f'{$end - $start:.2f}')"
}
for binary in "$@"; do
    out="$work/$(basename "$binary")"
    "$binary" codegen --schema "$fixtures/github_schema.graphql" --operations "$github/operations.graphql" \
        --config "$github/config.json" --output "$out/GitHub" >/dev/null 2>&1
    "$binary" codegen --schema "$lottery/schema.graphqls" --schema "$lottery/incremental.graphqls" \
        --operations "$lottery/Operations.graphql" \
        --config "$lottery/graphql-codegen.json" --output "$out/Lottery" >/dev/null 2>&1
    for api in Lottery GitHub; do
        lines=$(cat $(find "$out/$api" -name '*.swift') | wc -l)
        debug=$(for _ in 1 2 3; do compile "$out/$api" "${api}API" -Onone; done | tr '\n' ' ')
        release=$(for _ in 1 2 3; do compile "$out/$api" "${api}API" -O; done | tr '\n' ' ')
        echo "$binary $api: $lines lines; -Onone ${debug}s; -O ${release}s (load $(cut -d' ' -f1 /proc/loadavg))"
    done
done
