/// Command-line options shared by the benchmarks.
struct BenchmarkOptions {
    /// How many games the decode workload generates.
    var games = 2_000
    /// How many draws each game's draw list has.
    var drawsPerGame = 10
    /// Timed runs per path (after one untimed warm-up run).
    var runs = 9
    /// The seed of the data generator.
    var seed: UInt64 = 0x6A09_E667_F3BC_C908
    /// Only these paths are timed (all when `nil`); for profiling one path at a time.
    var onlyPaths: Set<String>?
    /// graphql-core's `tests/fixtures` folder for the codegen benchmark (else `GRAPHQL_CORE_FIXTURES`).
    var fixturesPath: String?
    /// The python with graphql-core 3.3.2 for the codegen benchmark (else `GRAPHQLBRIDGE_PYTHON`).
    var pythonPath: String?
    /// Whether the codegen benchmark keeps itself and its Python subprocess on one CPU (Linux).
    var pinCPU = true
    /// Whether the decode benchmark runs its correctness check first (off only to measure one path's peak memory).
    var check = true
    /// compare: the entities (and lists) compared at once.
    var compareConcurrency = 4
    /// compare, internal: serve this many copies of the bundled data set (the backend process).
    var serveCopies: Int?
    /// compare, internal: compare against the backend at this base URL (the comparison process).
    var compareClientURL: String?
    /// compare, internal: the comparison process's `--models`.
    var compareModels: String?
    /// compare, internal: compare this many synthetic entities in the process, without a backend.
    var syntheticEntities: Int?
    /// compare, internal: run this request loop (`CompareGrowth.Kind`) against `--client URL`.
    var compareGrowth: String?
    /// compare: the requests of each request loop (after its warm-up).
    var compareRequests = 20_000

    static let usage = """
        usage: Benchmarks [decode|codegen|cache|watch|client|persisted|realtime|compare|streams|pager|incremental|all]
                          [--games N] [--draws N]
                          [--runs N] [--seed N] [--only PATH[,PATH...]] [--fixtures DIR] [--python PATH] [--no-pin]
                          [--concurrency N]

          decode   decode GraphQL and REST bodies of games and draws (floor, graphql, fast, rest paths)
          codegen  parse, build and validate graphql-core's big fixtures and generate LotteryAPI, beside
                   graphql-core doing the same in a Python subprocess
          cache    cache hits (memory, SQLite) vs decoding; merge cost as the store grows
          client   10,000 ImageQuery requests over loopback: GraphQLHTTPClient vs URLSession + JSONDecoder
                   (rounds of --games requests)
          persisted  bytes per request of each LotteryAPI operation: the whole document, its persisted-query id
                   by POST and by GET
          realtime subscriptions over SSE, multipart and WebSocket against the embedded backend: an event's way
                   to a GameQuery watcher against the transport's own delivery (p50, p99), events per second,
                   1,000 subscriptions on one socket and on SSE (client memory per subscription; the server
                   runs in a child process)
          compare  the lottery's comparison plan over ~1,000 and ~10,000 entities of the embedded backend (a
                   scaled data set): entities per second and peak memory, each size in processes of its own; and
                   the memory each request adds through bare URLSession and each client layer (the same-run
                   baseline of the HTTP runs' growth)
          pager    a page appended to a watched GraphQLQueryPager list of 50 pages against the 2nd; a
                   draw(gameId:number:) cache redirect read against a memo hit of the same object
          incremental  the draw screen's initial payload and last increment to a watch's elements, against the
                   transport's own delivery of the same parts
          all      every benchmark (default)

          --games N   games in the decode workload (default 2000)
          --draws N   draws in each game's draw list (default 10)
          --runs N    timed runs per path after one warm-up (default 9; medians need at least 7)
          --seed N    data generator seed
          --only P    time only these paths, e.g. for a profiler: decode: floor, graphql, fast, rest;
                      cache: decode, tape, fetch, fetch-cache, fetch-changed, fetch-restructured, memo, records, sqlite,
                      sqlite-records, cold, sqlite-changed, merge
          --fixtures DIR  graphql-core's tests/fixtures folder (default: $GRAPHQL_CORE_FIXTURES);
                          `bash scripts/fetch-graphql-core-fixtures.sh` fetches it and prints its path
          --python PATH   a python with graphql-core 3.3.2 (default: $GRAPHQLBRIDGE_PYTHON);
                          `bash scripts/python-env.sh` makes one and prints its path
          --no-check      decode: skip the correctness check (to measure the peak memory of one path alone)
          --no-pin        codegen: let the scheduler move the Swift and Python processes between CPUs
                          (by default both stay on one CPU; see CPUAffinity.swift)
          --concurrency N compare: entities compared at once (default 4)
          --requests N    compare: requests of each request loop measuring per-request growth (default 20000)
        """

    /// A problem with the command line.
    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    init() {}

    /// Parses `--name value` pairs.
    init(parsing arguments: [String]) throws(UsageError) {
        var index = 0
        func value(_ name: String) throws(UsageError) -> String {
            guard index + 1 < arguments.count else { throw UsageError(description: "\(name) needs a value") }
            index += 1
            return arguments[index]
        }
        func positive(_ name: String) throws(UsageError) -> Int {
            let text = try value(name)
            guard let number = Int(text), number > 0 else {
                throw UsageError(description: "\(name) needs a positive integer, got \"\(text)\"")
            }
            return number
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--games": games = try positive("--games")
            case "--draws": drawsPerGame = try positive("--draws")
            case "--runs": runs = try positive("--runs")
            case "--seed":
                let text = try value("--seed")
                guard let number = UInt64(text) else {
                    throw UsageError(description: "--seed needs an unsigned integer, got \"\(text)\"")
                }
                seed = number
            case "--only":
                let names = try value("--only").split(separator: ",").map(String.init)
                for name in names where !Self.paths.contains(name) {
                    throw UsageError(
                        description: "--only: unknown path \"\(name)\" (\(Self.paths.joined(separator: ", ")))")
                }
                onlyPaths = Set(names)
            case "--fixtures": fixturesPath = try value("--fixtures")
            case "--python": pythonPath = try value("--python")
            case "--no-pin": pinCPU = false
            case "--no-check": check = false
            case "--concurrency": compareConcurrency = try positive("--concurrency")
            case "--serve-copies": serveCopies = try positive("--serve-copies")
            case "--client": compareClientURL = try value("--client")
            case "--compare-models": compareModels = try value("--compare-models")
            case "--synthetic": syntheticEntities = try positive("--synthetic")
            case "--growth": compareGrowth = try value("--growth")
            case "--requests": compareRequests = try positive("--requests")
            default:
                throw UsageError(description: "unknown option \"\(arguments[index])\"")
            }
            index += 1
        }
    }

    /// The paths `--only` knows: the decode benchmark's, then the cache benchmark's.
    static let paths = [
        "floor", "graphql", "fast", "rest", "decode", "tape", "fetch", "fetch-cache", "fetch-changed", "sqlite-changed",
        "fetch-restructured", "memo",
        "records",
        "sqlite",
        "sqlite-records", "cold", "merge",
    ]

    /// Whether a path is timed.
    func includes(_ path: String) -> Bool {
        onlyPaths?.contains(path) ?? true
    }
}
