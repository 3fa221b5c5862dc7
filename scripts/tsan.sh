#!/usr/bin/env bash
# Race checks: the runtime's (GraphQLBridgeTests), the cache scenarios' (CacheScenarioTests), the migration module's (GraphQLMigrationTests) and the bridge's
# (LotteryBridgeTests) tests under ThreadSanitizer. Builds into its own scratch folder (.build-tsan) so the
# ordinary build stays as it is. Not part of .ci/run (a sanitized build of the whole graph takes several
# minutes on two cores); run it before releasing and after concurrency changes.
#
# Usage: scripts/tsan.sh [extra `swift test` arguments]
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
GRAPHQLBRIDGE_PYTHON="$(bash scripts/python-env.sh)"
export GRAPHQLBRIDGE_PYTHON
export GRAPHQLBRIDGE_REQUIRE_BACKEND=1
# Report every race and fail the run on the first one.
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1 second_deadlock_stack=1}"
swift build --build-tests --sanitize=thread --scratch-path .build-tsan --quiet
source scripts/fd-limit.sh
swift test --skip-build --sanitize=thread --scratch-path .build-tsan \
    --filter 'GraphQLBridgeTests|GraphQLMigrationTests|LotteryBridgeTests|CacheScenarioTests' "$@"
