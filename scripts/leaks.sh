#!/usr/bin/env bash
# Leak check: builds the code generator (graphql-codegen-tool) with AddressSanitizer, whose LeakSanitizer reports
# at exit every allocation nothing points to any more (a reference cycle is one), and runs it over the largest
# schemas the tests use: GitHub's (graphql-core's fixtures, with Fixtures/GitHub/operations.graphql), the lottery's,
# AnimalKingdom's and the cache scenarios'. Any leak report fails the script.
#
# The tool drops everything it built before it exits, so what LeakSanitizer finds was never freed. The one
# exception, the generator's static built-in definitions, is suppressed (scripts/lsan-suppressions.txt says why:
# LeakSanitizer does not see Swift's pointers to indirect enum boxes, whose spare bits hold the case).
#
# Builds into its own scratch folder (.build/asan), so the ordinary build stays as it is.
#
# Usage: scripts/leaks.sh
# Environment: GRAPHQL_CORE_FIXTURES (default: scripts/fetch-graphql-core-fixtures.sh's folder)
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"

if [[ "$(uname)" == Darwin ]]; then
    echo "scripts/leaks.sh: LeakSanitizer is not supported with Swift on macOS; run it on Linux" >&2
    exit 0
fi

scratch=.build/asan
echo "==> building graphql-codegen-tool with AddressSanitizer (LeakSanitizer) into $scratch"
# (The linker's "Cannot export local symbol '__asan_...'" warnings are the sanitizer runtime's, and harmless.)
swift build --product graphql-codegen-tool --sanitize=address --scratch-path "$scratch" --quiet 2>&1 |
    { grep -v "Cannot export local symbol" || true; }
[ "${PIPESTATUS[0]}" = 0 ] || { echo "error: the sanitized build failed" >&2; exit 1; }
tool="$(swift build --product graphql-codegen-tool --sanitize=address --scratch-path "$scratch" --show-bin-path)/graphql-codegen-tool"

fixtures="${GRAPHQL_CORE_FIXTURES:-$(bash scripts/fetch-graphql-core-fixtures.sh)}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# GitHub's schema, with the operations the tests generate for it (the configuration of Fixtures/GitHub, with the
# schema's path made absolute).
github="$repo/Tests/GraphQLCodegenTests/Fixtures/GitHub"
cat >"$work/github.json" <<EOF
{
  "schema": "$fixtures/github_schema.graphql",
  "operations": "$github/operations.graphql",
  "scalars": {
    "DateTime": "Date",
    "URI": { "type": "URL", "decoding": "decodable" },
    "GitTimestamp": "String",
    "GitObjectID": "String"
  }
}
EOF
# The lottery's configuration without its persisted-query manifest (the tool would rewrite the committed one).
lottery="$repo/Sources/LotteryAPI/graphql"
cat >"$work/lottery.json" <<EOF
{
  "schema": ["$lottery/schema.graphqls", "$lottery/incremental.graphqls"],
  "operations": ["$lottery/Operations.graphql"],
  "scalars": { "Long": "Long", "DateTime": "DateTime" },
  "access": "public",
  "cache": { "maxAge": { "Draw.prizePool": "5s", "Draw.superPrize": "5s", "Image": "1h" } }
}
EOF
configs=("$work/github.json" "$work/lottery.json"
    Tests/GeneratedCodeTests/Fixtures/AnimalKingdom/graphql-codegen.json
    Tests/CacheScenarioAPI/graphql/graphql-codegen.json)

status=0
for config in "${configs[@]}"; do
    name="$(basename "$(dirname "$config")")/$(basename "$config")"
    [[ "$config" == "$work/github.json" ]] && name="GitHub (github_schema.graphql)"
    [[ "$config" == "$work/lottery.json" ]] && name="lottery (Sources/LotteryAPI/graphql)"
    log="$work/run.log"
    # detect_leaks=1: on by default with ASan on Linux; said explicitly so an ASAN_OPTIONS from outside cannot
    # turn it off.
    if ASAN_OPTIONS="detect_leaks=1" LSAN_OPTIONS="suppressions=$repo/scripts/lsan-suppressions.txt" \
        "$tool" --config "$config" --output-dir "$work/out" \
        >/dev/null 2>"$log"; then
        echo "no leak: $name"
    else
        code=$?
        if grep -q "LeakSanitizer" "$log"; then
            echo "LEAK: $name"
            grep -E "^SUMMARY: AddressSanitizer" "$log" || true
            # The first reports, with their allocation stacks (the whole report: LEAKS_LOG=FILE keeps it).
            { grep -E -A12 "^(Direct|Indirect) leak" "$log" || true; } | head -n 60
            if [ -n "${LEAKS_LOG:-}" ]; then cp "$log" "$LEAKS_LOG"; fi
        else
            echo "error: graphql-codegen-tool failed on $name (exit $code):"
            tail -n 20 "$log"
        fi
        status=1
    fi
    rm -rf "$work/out"
done
exit "$status"
