#!/usr/bin/env bash
# The whole test suite, from a fresh machine: installs what the tests need (graphql-core in a venv, and
# graphql-core's test fixtures as a parser corpus), then runs the Python reference backend's self-test, builds the
# API documentation (scripts/docs.sh), checks the generator for leaks (scripts/leaks.sh) and runs every Swift test.
# The Swift tests start the reference backend themselves, on free loopback ports.
#
# Usage: scripts/test.sh [extra `swift test` arguments, e.g. --filter LotteryBridgeTests]
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"

step() { printf '\n==> %s\n' "$*"; }

step "SQLite headers (the persistent cache's one system library)"
bash scripts/sqlite-headers.sh

step "Chromium (headless: the HTML report's browser test)"
if ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
    if command -v apt-get >/dev/null 2>&1 && [[ "$(id -u)" == 0 ]]; then
        (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) ||
            echo "warning: could not install chromium; the HTML report's browser test will fail"
    else
        echo "warning: chromium is missing (apt-get install chromium); the HTML report's browser test will fail"
    fi
fi
command -v chromium chromium-browser 2>/dev/null | head -n 1 || true

step "Python environment for the reference backend (graphql-core, pinned)"
GRAPHQLBRIDGE_PYTHON="$(bash scripts/python-env.sh)"
export GRAPHQLBRIDGE_PYTHON
echo "python: $GRAPHQLBRIDGE_PYTHON ($("$GRAPHQLBRIDGE_PYTHON" -c 'import graphql; print("graphql-core", graphql.__version__)'))"

step "graphql-core's test fixtures (parser corpus)"
GRAPHQL_CORE_FIXTURES="$(bash scripts/fetch-graphql-core-fixtures.sh)"
export GRAPHQL_CORE_FIXTURES
echo "fixtures: $GRAPHQL_CORE_FIXTURES"

# Tests that need the reference backend fail (instead of skipping) when it cannot start.
export GRAPHQLBRIDGE_REQUIRE_BACKEND=1

step "Copies of the contract's schema are identical"
# SwiftPM resources and the codegen inputs must live inside their targets, so the schema is copied; keep them equal.
for copy in Sources/LotteryAPI/graphql/schema.graphqls Sources/LotteryBackend/Resources/lottery.graphqls \
    Tests/GraphQLSchemaTests/Fixtures/schemas/lottery.graphqls; do
    cmp contract/lottery.graphqls "$copy" || { echo "error: $copy differs from contract/lottery.graphqls: copy it over"; exit 1; }
done
echo "schema copies agree"

step "Reference backend self-test"
"$GRAPHQLBRIDGE_PYTHON" -m unittest discover -s Tests/ReferenceBackend -p 'test_*.py' 2>&1 | tail -n 5

step "Committed expectations still agree with graphql-core itself"
"$GRAPHQLBRIDGE_PYTHON" Tests/GraphQLParserTests/make_expected.py --check
# The validator's expectations: regenerate them with graphql-core and require no change.
"$GRAPHQLBRIDGE_PYTHON" Tests/GraphQLSchemaTests/make_validation_expectations.py "$GRAPHQL_CORE_FIXTURES" >/dev/null
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git diff --exit-code --stat -- Tests/GraphQLSchemaTests/Fixtures
    echo "validation expectations agree with graphql-core"
fi

step "swift format lint (.swift-format)"
bash scripts/lint.sh && echo "lint clean"

step "Swift build (tests included)"
swift build --build-tests --quiet

# The API documentation (DocC catalogs and doc comments): any warning fails the run. Skipped for a part of the suite.
if [ $# -eq 0 ]; then
    step "API documentation (scripts/docs.sh: DocC, warnings are errors)"
    bash scripts/docs.sh
fi

# The generator under LeakSanitizer over GitHub's schema (scripts/leaks.sh: a sanitized build of its own, about three
# minutes from scratch on two cores). Skipped for a part of the suite.
if [ $# -eq 0 ]; then
    step "Leak check (scripts/leaks.sh: the generator under LeakSanitizer)"
    bash scripts/leaks.sh
fi

step "Swift tests"
source scripts/fd-limit.sh
swift test --skip-build "$@"

# Every fuzz target, briefly (GRAPHQLBRIDGE_FUZZ_SECONDS each, default 15; 0 skips them). A crash fails the run.
if [ $# -eq 0 ] && [ "${GRAPHQLBRIDGE_FUZZ_SECONDS:-15}" != 0 ]; then
    step "Fuzz targets (libFuzzer + AddressSanitizer, ${GRAPHQLBRIDGE_FUZZ_SECONDS:-15} s each)"
    bash scripts/fuzz.sh all "${GRAPHQLBRIDGE_FUZZ_SECONDS:-15}"
fi
