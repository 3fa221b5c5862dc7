#!/usr/bin/env bash
# Downloads graphql-core's source distribution (pinned version and SHA-256) with pip, extracts its
# tests/fixtures folder (kitchen_sink.graphql, schema_kitchen_sink.graphql, github_schema.graphql,
# large_query.graphql, ...) into a cache, and prints that folder's path as the only line on stdout.
# The GraphQLParser corpus tests read it from GRAPHQL_CORE_FIXTURES:
#
#   GRAPHQL_CORE_FIXTURES="$(bash scripts/fetch-graphql-core-fixtures.sh)" swift test --filter GraphQLParserTests
#
# The fixtures are third-party files (MIT license) and are not committed. Idempotent: once extracted,
# the script only checks a stamp file and prints the path.
#
# Environment:
#   GRAPHQLBRIDGE_CACHE   cache folder (default: <repo>/.cache)
#   GRAPHQLBRIDGE_PYTHON  a python with pip to download with (default: python3)
set -euo pipefail

VERSION="3.3.2"
SHA256="15d6eee7d4364fbc202833bc6bd0d504004d8ae7c0aaf620fa884d8e437622f2"

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="${GRAPHQLBRIDGE_CACHE:-$REPO/.cache}"
DEST="$CACHE/graphql-core-$VERSION"
FIXTURES="$DEST/fixtures"
STAMP="$FIXTURES/.complete"

fail() {
    echo "fetch-graphql-core-fixtures.sh: $*" >&2
    exit 1
}

if [[ -f "$STAMP" ]]; then
    echo "$FIXTURES"
    exit 0
fi

sha256_of() {
    if command -v sha256sum >/dev/null 2>&1; then
        sha256sum "$1" | cut -d' ' -f1
    else
        shasum -a 256 "$1" | cut -d' ' -f1
    fi
}

find_archive() {
    find "$DEST/sdist" -maxdepth 1 -type f \( -name "graphql_core-$VERSION.tar.gz" -o -name "graphql-core-$VERSION.tar.gz" \) \
        | head -n 1
}

mkdir -p "$DEST/sdist"
ARCHIVE="$(find_archive)"
if [[ -z "$ARCHIVE" ]]; then
    downloaded=""
    for python in "${GRAPHQLBRIDGE_PYTHON:-}" python3; do
        [[ -n "$python" ]] || continue
        command -v "$python" >/dev/null 2>&1 || [[ -x "$python" ]] || continue
        if "$python" -m pip download --disable-pip-version-check --no-input --quiet --no-deps \
            --no-binary graphql-core "graphql-core==$VERSION" -d "$DEST/sdist" >&2; then
            downloaded="yes"
            break
        fi
    done
    [[ -n "$downloaded" ]] || fail "could not download graphql-core $VERSION with pip (need python3 with pip)"
    ARCHIVE="$(find_archive)"
    [[ -n "$ARCHIVE" ]] || fail "pip did not leave graphql-core's source archive in $DEST/sdist"
fi

actual="$(sha256_of "$ARCHIVE")"
if [[ "$actual" != "$SHA256" ]]; then
    rm -f "$ARCHIVE"
    fail "unexpected SHA-256 $actual for $(basename "$ARCHIVE") (want $SHA256); removed it, run again"
fi

WORK="$(mktemp -d "$DEST/extract.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
top="$(tar -tzf "$ARCHIVE" | sed -n 1p | cut -d/ -f1)"
tar -xzf "$ARCHIVE" -C "$WORK" "$top/tests/fixtures"
[[ -f "$WORK/$top/tests/fixtures/kitchen_sink.graphql" ]] || fail "no tests/fixtures/kitchen_sink.graphql in the archive"
rm -rf "$FIXTURES"
mv "$WORK/$top/tests/fixtures" "$FIXTURES"
touch "$STAMP"
echo "$FIXTURES"
