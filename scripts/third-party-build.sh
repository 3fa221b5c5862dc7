#!/usr/bin/env bash
# Builds `graphql-bridge` and a small app from a third party's package that depends on this one by path, as a
# newcomer's package would, and prints the times and the modules compiled: the example (Lottery*, LegacyModels)
# must not be among them. A no-op build must not rerun the code generator.
#
#   bash scripts/third-party-build.sh [WORK_DIR]
set -euo pipefail
repository=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$(mktemp -d)}
export PATH=/opt/swift/usr/bin:$PATH
rm -rf "$work/app" && mkdir -p "$work/app/Sources/MyAPI/graphql" "$work/app/Sources/MyApp"
cd "$work/app"
cat > Package.swift <<MANIFEST
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "MyApp",
    platforms: [.iOS(.v17), .macOS(.v14)],
    dependencies: [.package(path: "$repository")],
    targets: [
        .target(
            name: "MyAPI", dependencies: [.product(name: "GraphQLBridge", package: "$(basename "$repository")")],
            exclude: ["graphql"],
            plugins: [.plugin(name: "GraphQLCodegenPlugin", package: "$(basename "$repository")")]),
        .executableTarget(name: "MyApp", dependencies: ["MyAPI"]),
    ]
)
MANIFEST
echo 'type Query { movie(id: ID!): Movie }  type Movie { id: ID! title: String! }' > Sources/MyAPI/graphql/schema.graphqls
echo 'query MovieQuery($id: ID!) { movie(id: $id) { id title } }' > Sources/MyAPI/graphql/Operations.graphql
echo '{ "schema": "schema.graphqls", "operations": ["Operations.graphql"], "access": "public" }' \
    > Sources/MyAPI/graphql/graphql-codegen.json
echo '@_exported import GraphQLBridge' > Sources/MyAPI/MyAPI.swift
printf 'import MyAPI\nprint(MovieQuery(id: "1").variables)\n' > Sources/MyApp/main.swift

timed() {
    local start end
    start=$(date +%s%N)
    "$@" > "$work/last.log" 2>&1 || { cat "$work/last.log"; exit 1; }
    end=$(date +%s%N)
    echo $(( (end - start) / 1000000 ))
}
echo "load: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
echo "graphql-bridge, cold: $(timed swift build --product graphql-bridge) ms"
modules=$(grep -o 'Compiling [A-Za-z_]*' "$work/last.log" | awk '{print $2}' | sort -u | tr '\n' ' ')
echo "  modules compiled: $modules"
if echo "$modules" | grep -q -E 'Lottery|LegacyModels'; then echo "FAIL: the example was compiled"; exit 1; fi
echo "the app (runtime, plugin, generated types): $(timed swift build) ms"
for run in 1 2; do
    echo "no-op build $run: $(timed swift build) ms"
    if grep -q 'Generating GraphQL types' "$work/last.log"; then echo "FAIL: a no-op build reran the generator"; exit 1; fi
done
echo "OK: graphql-bridge builds without the example; a no-op build does not regenerate"
