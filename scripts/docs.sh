#!/usr/bin/env bash
# Builds the API documentation as one static site: a DocC archive per library module (its catalog
# Sources/<Module>/<Module>.docc, and the symbol graph of the module as built), merged into one. Any DocC warning is
# an error. Uses the toolchain's own `docc` and `swift symbolgraph-extract`: no plugin package.
#
# Usage: scripts/docs.sh [OUTPUT]       (default: .build/docs; the site is OUTPUT/site)
# Browse: python3 -m http.server --directory .build/docs/site 8000, then http://127.0.0.1:8000/documentation/
# (DocC's pages load their content with JavaScript: a static server, not file://).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
output="${1:-$repo/.build/docs}"
modules=(GraphQLBridge GraphQLBridgeTesting GraphQLMigration GraphQLComparison GraphQLCodegen GraphQLSchema GraphQLParser)
started=$SECONDS

docc=$(command -v docc || true)
if [[ -z "$docc" ]] && command -v xcrun >/dev/null 2>&1; then docc=$(xcrun --find docc); fi
[[ -n "$docc" ]] || { echo "error: docc not found: it ships with the Swift toolchain (swift.org, or Xcode's xcrun docc)"; exit 2; }

# The modules, built as the tests build them (incremental: nothing is rebuilt after `swift build --build-tests`).
# GraphQLBridgeTesting brings GraphQLBridge, GraphQLComparison and GraphQLMigration, GraphQLCodegen brings GraphQLSchema
# and GraphQLParser.
for target in GraphQLBridgeTesting GraphQLCodegen; do
    swift build --quiet --target "$target"
done
bin="$(swift build --show-bin-path)"
triple="$(swift -print-target-info | sed -n 's/.*"triple": *"\([^"]*\)".*/\1/p' | head -n 1)"
sdk=()
if [[ "$(uname)" == Darwin ]]; then sdk=(-sdk "$(xcrun --show-sdk-path)"); fi

rm -rf "$output"
mkdir -p "$output/symbol-graphs" "$output/archives"
archives=()
pids=()
for module in "${modules[@]}"; do
    catalog="Sources/$module/$module.docc"
    [[ -d "$catalog" ]] || { echo "error: $catalog is missing: every documented module has a catalog"; exit 1; }
    graphs="$output/symbol-graphs/$module"
    mkdir -p "$graphs"
    # Public API only: the SPI that generated code uses (@_spi) is left out, as are internal symbols.
    swift symbolgraph-extract -module-name "$module" -I "$bin/Modules" -I "$bin" -I Sources/CSQLite \
        -target "$triple" "${sdk[@]}" -minimum-access-level public -output-dir "$graphs"
    archive="$output/archives/$module.doccarchive"
    # The conversions run side by side (each is mostly single-threaded).
    "$docc" convert "$catalog" --additional-symbol-graph-dir "$graphs" --output-path "$archive" \
        --fallback-display-name "$module" --fallback-bundle-identifier "graphqlbridge.$module" \
        --warnings-as-errors >"$output/$module.log" 2>&1 &
    pids+=($!)
    archives+=("$archive")
done
failed=0
for index in "${!modules[@]}"; do
    module="${modules[$index]}"
    log="$output/$module.log"
    status=0
    wait "${pids[$index]}" || status=$?
    if [[ $status != 0 ]] || grep -qE "^warning" "$log"; then
        grep -E "^(warning|error)" -A 2 "$log" | sed "s|$repo/||g" || cat "$log"
        echo "error: DocC reported problems in $module (warnings are errors; the full log: $log)"
        failed=1
    fi
done
[[ $failed == 0 ]] || exit 1

"$docc" merge "${archives[@]}" --output-path "$output/site" --synthesized-landing-page-name GraphQLBridge \
    --synthesized-landing-page-kind Package >"$output/merge.log" 2>&1 ||
    { cat "$output/merge.log"; echo "error: docc merge failed"; exit 1; }

# Every module and article the README links to is in the site.
for module in "${modules[@]}"; do
    lower=$(echo "$module" | tr '[:upper:]' '[:lower:]')
    [[ -f "$output/site/data/documentation/$lower.json" ]] || { echo "error: $module is missing from the site"; exit 1; }
    for article in "Sources/$module/$module.docc"/*.md; do
        name=$(basename "$article" .md | tr '[:upper:]' '[:lower:]')
        [[ "$name" == "$lower" ]] && continue
        [[ -f "$output/site/data/documentation/$lower/$name.json" ]] ||
            { echo "error: the article $article is missing from the site"; exit 1; }
    done
done
# The site renders in a real browser (DocC's pages are built by JavaScript from the JSON above): the landing page
# lists every module, and an article shows its title. Skipped, with a note, where Chromium or python3 is missing.
browser=$(command -v chromium || command -v chromium-browser || true)
if [[ -n "$browser" ]] && command -v python3 >/dev/null 2>&1; then
    server_log="$output/http.log"
    python3 -u -m http.server --bind 127.0.0.1 --directory "$output/site" 0 >"$server_log" 2>&1 &
    server=$!
    trap 'kill "$server" 2>/dev/null || true' EXIT
    port=""
    for _ in $(seq 100); do
        port=$(sed -n 's/.* port \([0-9]*\).*/\1/p' "$server_log" | head -n 1)
        [[ -n "$port" ]] && break
        sleep 0.1
    done
    [[ -n "$port" ]] || { cat "$server_log"; echo "error: the static server did not start"; exit 1; }
    render() { # URL path -> the rendered DOM
        local profile
        profile=$(mktemp -d)
        timeout 300 "$browser" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
            --disable-extensions --disable-background-networking --disable-component-update --disable-sync \
            --no-default-browser-check --user-data-dir="$profile" --virtual-time-budget=10000 \
            --dump-dom "http://127.0.0.1:$port$1" 2>/dev/null || true
        rm -rf "$profile"
    }
    landing=$(render /documentation/)
    for module in "${modules[@]}"; do
        grep -q ">$module<" <<<"$landing" || { echo "error: the site's landing page does not list $module"; exit 1; }
    done
    grep -q 'class="title"><span[^>]*>Getting started</span>' <<<"$(render /documentation/graphqlbridge/gettingstarted)" ||
        { echo "error: the Getting started article does not render in the browser"; exit 1; }
    kill "$server" 2>/dev/null || true
    trap - EXIT
    rendered="; rendered in $(basename "$browser")"
else
    rendered="; not checked in a browser (chromium or python3 missing)"
fi
echo "API documentation: $output/site (${#modules[@]} modules, no warnings$rendered, $((SECONDS - started)) s)"
