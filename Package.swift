// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "GraphQLBridge",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
    products: [
        // The reusable runtime: what generated code and an app depend on.
        .library(name: "GraphQLBridge", targets: ["GraphQLBridge"]),
        // Test support for users of the runtime (mock transport, recorded responses).
        .library(name: "GraphQLBridgeTesting", targets: ["GraphQLBridgeTesting"]),
        // Shadow comparison, field diff and per-model migration switches.
        .library(name: "GraphQLMigration", targets: ["GraphQLMigration"]),
        // The REST vs GraphQL comparison of whole data sets, for a compare tool (not linked by the app).
        .library(name: "GraphQLComparison", targets: ["GraphQLComparison"]),
        // GraphQL language: lexer, parser, AST, diagnostics.
        .library(name: "GraphQLParser", targets: ["GraphQLParser"]),
        // GraphQL schemas: building a schema from SDL, validating it and validating documents against it.
        .library(name: "GraphQLSchema", targets: ["GraphQLSchema"]),
        // Swift code generation from a schema and operations.
        .library(name: "GraphQLCodegen", targets: ["GraphQLCodegen"]),
        // Generates a target's GraphQL types at build time from a graphql-codegen.json next to its .graphql files.
        .plugin(name: "GraphQLCodegenPlugin", targets: ["GraphQLCodegenPlugin"]),
        // The lottery app's layers (the worked example).
        .library(name: "LegacyModels", targets: ["LegacyModels"]),
        .library(name: "LotteryAPI", targets: ["LotteryAPI"]),
        .library(name: "LotteryBridge", targets: ["LotteryBridge"]),
        .library(name: "LotteryBackend", targets: ["LotteryBackend"]),
        .executable(name: "graphql-bridge", targets: ["graphql-bridge"]),
        // The worked example's command line: `lottery compare`, `lottery serve`.
        .executable(name: "lottery", targets: ["lottery"]),
    ],
    targets: [
        // MARK: Reusable runtime
        .target(
            name: "GraphQLBridge",
            dependencies: [
                "GraphQLBridgeSupport", .target(name: "CSQLite", condition: .when(platforms: [.linux])),
            ]
        ),
        // What this package's modules share and no product shows (`package` access): the lock type, the Duration
        // conversions, the JSON string writer.
        .target(name: "GraphQLBridgeSupport"),
        // SQLite, the one system library: the persistent cache store's. Apple platforms use the SDK's SQLite3.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .target(
            name: "GraphQLBridgeTesting", dependencies: ["GraphQLBridge", "GraphQLComparison", "GraphQLBridgeSupport"]),
        .target(name: "GraphQLMigration", dependencies: ["GraphQLBridgeSupport"]),
        .target(
            name: "GraphQLComparison", dependencies: ["GraphQLMigration", "GraphQLBridge", "GraphQLBridgeSupport"]),
        .target(name: "GraphQLParser"),
        .target(name: "GraphQLSchema", dependencies: ["GraphQLParser"]),
        .target(name: "GraphQLCodegen", dependencies: ["GraphQLParser", "GraphQLSchema", "GraphQLBridgeSupport"]),
        // A GraphQL server for development and tests (`package` access, no product): HTTP/1.1 on loopback, a strict
        // JSON reader, an executor over any schema with introspection, and mock resolvers for
        // `graphql-bridge serve --schema`. The lottery's embedded backend is built on it.
        .target(name: "GraphQLServer", dependencies: ["GraphQLParser", "GraphQLSchema", "GraphQLBridgeSupport"]),
        // The generator as the build plugin runs it (links GraphQLCodegen only, so it builds fast).
        .executableTarget(name: "graphql-codegen-tool", dependencies: ["GraphQLCodegen"]),
        // Generates a target's Swift types from the graphql-codegen.json next to its .graphql files.
        .plugin(name: "GraphQLCodegenPlugin", capability: .buildTool(), dependencies: ["graphql-codegen-tool"]),

        // MARK: The lottery app (app-specific layer)
        .target(name: "LegacyModels", path: "LegacyModels"),
        // Its Swift types are generated at build time from graphql/ (graphql-codegen.json) by GraphQLCodegenPlugin.
        .target(
            name: "LotteryAPI", dependencies: ["GraphQLBridge"], exclude: ["graphql"], plugins: ["GraphQLCodegenPlugin"]
        ),
        .target(
            name: "LotteryBridge",
            // GraphQLBridgeTesting: its clients' `unimplemented()` test doubles are built on RequestOverrides.
            dependencies: [
                "GraphQLBridge", "GraphQLBridgeTesting", "LotteryAPI", "LegacyModels", "GraphQLMigration",
                "GraphQLBridgeSupport",
            ]
        ),
        .target(
            name: "LotteryBackend",
            dependencies: ["GraphQLServer", "GraphQLParser", "GraphQLSchema", "GraphQLBridgeSupport"],
            resources: [.copy("Resources/dataset.json"), .copy("Resources/lottery.graphqls")]
        ),

        // The REST vs GraphQL comparison behind `lottery compare`.
        .target(
            name: "LotteryCompare",
            dependencies: [
                "GraphQLBridge", "GraphQLBridgeTesting", "LotteryBridge", "LotteryAPI", "LegacyModels",
                "GraphQLMigration", "GraphQLComparison", "GraphQLBridgeSupport",
            ]
        ),

        // MARK: Command-line tool
        // The commands, as a library so that tests run them in-process; the executable only calls it.
        .target(
            name: "GraphQLBridgeCLI",
            dependencies: ["GraphQLCodegen", "GraphQLSchema", "GraphQLServer", "GraphQLBridgeSupport"]),
        .executableTarget(name: "graphql-bridge", dependencies: ["GraphQLBridgeCLI"]),
        // The worked example's commands (`compare`, `serve`), apart from the library's.
        .target(
            name: "LotteryCLI",
            dependencies: [
                "GraphQLBridgeCLI", "LotteryCompare", "LotteryBackend", "GraphQLMigration", "GraphQLComparison",
                "GraphQLBridgeSupport",
            ]),
        .executableTarget(name: "lottery", dependencies: ["LotteryCLI", "GraphQLComparison"]),

        // MARK: Benchmarks (run with -c release)
        .executableTarget(
            name: "Benchmarks",
            dependencies: [
                "GraphQLBridge", "LotteryAPI", "LotteryBridge", "LegacyModels", "GraphQLParser", "GraphQLSchema",
                "GraphQLCodegen", "LotteryBackend", "LotteryCompare", "GraphQLMigration", "GraphQLComparison",
                "GraphQLBridgeSupport",
            ],
            path: "Benchmarks",
            exclude: ["README.md", "graphql_core_parse.py"]
        ),

        // MARK: Tests
        // Starts the Python reference backend for the tests that need a real server.
        .target(name: "LotteryTestSupport", dependencies: ["GraphQLBridgeSupport"], path: "Tests/LotteryTestSupport"),
        // The cache scenarios' operations (small schemas of shapes the lottery lacks), generated at build time and
        // run against Tests/ScenarioBackend (graphql-core).
        .target(
            name: "CacheScenarioAPI", dependencies: ["GraphQLBridge"], path: "Tests/CacheScenarioAPI",
            exclude: ["graphql"], plugins: ["GraphQLCodegenPlugin"]
        ),
        .testTarget(
            name: "CacheScenarioTests",
            dependencies: [
                "CacheScenarioAPI", "GraphQLBridge", "GraphQLBridgeTesting", "LotteryTestSupport",
                "GraphQLBridgeSupport",
                // Holds a cache file's write lock from another connection (a write that fails).
                .target(name: "CSQLite", condition: .when(platforms: [.linux])),
            ]
        ),
        // The cache model checker's operations (Tests/CacheModelAPI/graphql), generated at build time.
        .target(
            name: "CacheModelAPI", dependencies: ["GraphQLBridge"], path: "Tests/CacheModelAPI", exclude: ["graphql"],
            plugins: ["GraphQLCodegenPlugin"]
        ),
        // The cache model checker: random sequences of steps against caches and a simulated server whose truth it
        // knows, an invariant checked after every step, replayable seeds and shrinking.
        .testTarget(
            name: "CacheModelCheckerTests",
            dependencies: [
                "CacheModelAPI", "GraphQLBridge", "GraphQLBridgeSupport", "GraphQLBridgeTesting", "GraphQLParser",
                "GraphQLCodegenTestSupport",
            ]
        ),
        // What the runtime's tests and the example's tests both use (middlewares recording the wire and content types,
        // a mutation held until the test releases it, the subscription transports' cases, a collector, the one wait
        // helper): one copy for both.
        .target(
            name: "RuntimeTestSupport",
            dependencies: ["GraphQLBridge", "GraphQLBridgeSupport", "GraphQLBridgeTesting"],
            path: "Tests/RuntimeTestSupport"),
        // The runtime tests' API (a shop's products, images and offers: not the lottery), generated at build time.
        .target(
            name: "ShopAPI", dependencies: ["GraphQLBridge"], path: "Tests/ShopAPI", exclude: ["graphql"],
            plugins: ["GraphQLCodegenPlugin"]
        ),
        .testTarget(
            name: "GraphQLBridgeTests",
            dependencies: [
                "GraphQLBridge", "GraphQLBridgeTesting", "GraphQLMigration", "GraphQLComparison",
                "GraphQLBridgeSupport",
                // The cache scenarios' generated operations (the server-applied write tests).
                "CacheScenarioAPI",
                // The runtime tests' generated operations (the cache's freshness, trimming and stored answers).
                "ShopAPI",
                // The runtime tests' one GraphQL server (Support/ShopServer): ShopAPI's schema executed over loopback
                // HTTP by the development server's executor.
                "GraphQLServer", "GraphQLSchema", "GraphQLParser",
                // Writes foreign SQLite files for the persistent cache store's recovery tests.
                .target(name: "CSQLite", condition: .when(platforms: [.linux])),
                "RuntimeTestSupport",
            ],
            // JSONTestSuite's files, read from the source tree by JSONTestSuiteTests.
            exclude: ["Fixtures"]
        ),
        // The pagination tests' API (numbered items as a Relay connection, by offset, below a number), generated at
        // build time, and the pager's tests (issue 31).
        .target(
            name: "PagingAPI", dependencies: ["GraphQLBridge"], path: "Tests/PagingAPI", exclude: ["graphql"],
            plugins: ["GraphQLCodegenPlugin"]
        ),
        .testTarget(
            name: "GraphQLPaginationTests",
            dependencies: ["GraphQLBridge", "GraphQLBridgeTesting", "GraphQLBridgeSupport", "PagingAPI"]
        ),
        // Writes and reads a SQLite cache store from another process (the store's crash and persistence tests).
        .executableTarget(
            name: "graphql-cache-store-tool", dependencies: ["GraphQLBridge"], path: "Tests/graphql-cache-store-tool"
        ),
        .testTarget(
            name: "LegacyModelsTests", dependencies: ["LegacyModels", "GraphQLBridgeSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "LotteryBridgeTests",
            dependencies: [
                "LotteryBridge", "LotteryAPI", "LegacyModels", "GraphQLBridge", "GraphQLBridgeTesting",
                "LotteryBackend", "GraphQLMigration", "GraphQLBridgeSupport",
                "LotteryTestSupport", "RuntimeTestSupport",
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "GraphQLMigrationTests",
            dependencies: ["GraphQLMigration", "GraphQLComparison", "GraphQLBridgeSupport"]),
        .testTarget(
            name: "LotteryCompareTests",
            dependencies: [
                "LotteryCompare", "LotteryCLI", "GraphQLBridgeCLI", "LotteryBackend", "LotteryTestSupport",
                "LegacyModels",
                "GraphQLMigration", "GraphQLComparison", "GraphQLBridgeTesting", "LotteryBridge", "LotteryAPI",
                "GraphQLBridgeSupport",
            ]
        ),
        .testTarget(
            name: "GraphQLParserTests", dependencies: ["GraphQLParser"], exclude: ["make_expected.py"],
            resources: [.copy("Fixtures")]
        ),
        // The schema builder and the validator against graphql-core (expectations by make_validation_expectations.py).
        .testTarget(
            name: "GraphQLSchemaTests", dependencies: ["GraphQLParser", "GraphQLSchema"],
            exclude: ["make_validation_expectations.py"], resources: [.copy("Fixtures")]
        ),
        // Seeded random operations and the responses a server would give them, for the generator's tests.
        .target(
            name: "GraphQLCodegenTestSupport",
            dependencies: ["GraphQLBridge", "GraphQLParser", "GraphQLSchema"], path: "Tests/GraphQLCodegenTestSupport"),
        .testTarget(
            name: "GraphQLCodegenTests",
            dependencies: [
                "GraphQLCodegen", "GraphQLParser", "GraphQLSchema", "GraphQLBridgeCLI", "GraphQLCodegenTestSupport",
                "GraphQLBridgeSupport",
                // The documentation's runnable code runs against the embedded backend (GeneratedCodeCompilesTests).
                "LotteryBackend",
            ],
            exclude: ["validate_batch.py"],
            resources: [.copy("Fixtures")]
        ),
        // Generated code run: Apollo's AnimalKingdom API, the repros of issue 18 and a corpus of random operations,
        // generated into Generated/ (checked against the generator by the tests; UPDATE_SNAPSHOTS=1 rewrites them).
        .testTarget(
            name: "GeneratedCodeTests",
            dependencies: [
                "GraphQLBridge", "GraphQLBridgeTesting", "GraphQLCodegen", "GraphQLParser", "GraphQLSchema",
                "GraphQLCodegenTestSupport", "GraphQLBridgeSupport",
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "LotteryBackendTests",
            // GraphQLCodegen: the persisted-query tests check the backend against the generator's manifest ids.
            dependencies: ["LotteryBackend", "GraphQLServer", "GraphQLParser", "GraphQLCodegen"],
            resources: [.copy("Fixtures")]),
        // The development server (GraphQLServer) and the CLI's `fetch-schema` and `serve --schema`, against the
        // embedded backend, the reference backend and mock servers of small schemas.
        .testTarget(
            name: "GraphQLServerTests",
            dependencies: [
                "GraphQLServer", "GraphQLBridgeCLI", "GraphQLSchema", "GraphQLParser", "GraphQLBridgeSupport",
                "LotteryBackend", "LotteryTestSupport",
            ]
        ),
        .testTarget(
            name: "ReferenceBackendTests", dependencies: ["LotteryTestSupport"], path: "Tests/ReferenceBackendTests"
        ),
        // Data Connect's scalars (UUID, Date, Timestamp, Any) through types generated at build time from its graphql/.
        .testTarget(
            name: "ScalarRoundTripTests", dependencies: ["GraphQLBridge", "GraphQLBridgeTesting"], exclude: ["graphql"],
            plugins: ["GraphQLCodegenPlugin"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
