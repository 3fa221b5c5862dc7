#!/usr/bin/env bash
# swift format lint over the project's own Swift files (generated snapshot fixtures are the generator's output,
# checked by the snapshot tests, and the generated-code tests' Generated/ and corpus list are left out). Prints nothing when clean; exits 1 on any finding.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
files=$(find Sources LegacyModels Benchmarks Plugins Tests Fuzz Package.swift -name '*.swift' -not -path '*/Fixtures/*' -not -path '*/GeneratedCodeTests/Generated/*' -not -name 'PropertyCorpusOperations.swift' | sort)
# shellcheck disable=SC2086
out=$(swift format lint --strict $files 2>&1 || true)
if [ -n "$out" ]; then
    echo "$out"
    exit 1
fi
