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

    static let usage = """
        usage: Benchmarks [decode|all] [--games N] [--draws N] [--runs N] [--seed N] [--only PATH[,PATH...]]

          decode   decode GraphQL and REST bodies of games and draws (floor, graphql, rest paths)
          all      every benchmark (default)

          --games N   games in the decode workload (default 2000)
          --draws N   draws in each game's draw list (default 10)
          --runs N    timed runs per path after one warm-up (default 9; medians need at least 7)
          --seed N    data generator seed
          --only P    time only these paths (floor, graphql, rest), e.g. for a profiler
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
                let known: Set<String> = ["floor", "graphql", "rest"]
                for name in names where !known.contains(name) {
                    throw UsageError(description: "--only: unknown path \"\(name)\" (floor, graphql, rest)")
                }
                onlyPaths = Set(names)
            default:
                throw UsageError(description: "unknown option \"\(arguments[index])\"")
            }
            index += 1
        }
    }

    /// Whether a path is timed.
    func includes(_ path: String) -> Bool {
        onlyPaths?.contains(path) ?? true
    }
}
