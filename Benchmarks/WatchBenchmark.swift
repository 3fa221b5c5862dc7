import Dispatch
import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import LotteryAPI

/// The `watch` benchmark, in one release run: the time for one mutation (`SetFavorite`, through
/// `GraphQLHTTPClient` with an in-memory transport) to reach the one watcher it affects, with 0, 1,000 and
/// 10,000 unrelated watchers registered (each on a game of its own), and the time to register 10,000 watchers
/// on cached games (each receiving its first result, read from the cache).
///
/// Correctness first: every round's element must carry the flag just written, and no unrelated watcher may
/// receive an element.
enum WatchBenchmark {
    static let rounds = 301

    /// Runs the benchmark; 0 unless a check failed.
    static func run(options: BenchmarkOptions) -> Int32 {
        print("== watch ==")
        let workload = DecodeWorkload(options: options)
        let errorMarker = Data("\"errors\"".utf8)
        guard
            let index = workload.graphQLGameBodies.indices.first(where: {
                workload.graphQLGameBodies[$0].range(of: errorMarker) == nil
            })
        else {
            print("no workload body without errors")
            return 1
        }
        let transport = FavoriteGameTransport(
            template: workload.graphQLGameBodies[index], templateID: workload.games[index].id)
        print(
            "workload: GameQuery watchers on synthetic games (one workload game's body, ids replaced); "
                + "\(rounds) SetFavorite mutations per case, alternating the flag; median latency from the mutation's "
                + "start to the affected watcher's element")
        var baseline: Double?
        var failures = 0
        for unrelated in [0, 1_000, 10_000] {
            let outcome = CacheBenchmark.blocking { () async -> Outcome in
                await measure(unrelated: unrelated, transport: transport)
            }
            if let problem = outcome.problem {
                print("  \(unrelated) unrelated watchers: FAILED: \(problem)")
                failures += 1
                continue
            }
            baseline = baseline ?? outcome.medianMicroseconds
            let ratio = outcome.medianMicroseconds / (baseline ?? outcome.medianMicroseconds)
            var line =
                "  \(String(unrelated).padding(toLength: 6, withPad: " ", startingAt: 0)) unrelated watchers: "
                + "\(CacheBenchmark.format(outcome.medianMicroseconds)) µs median "
                + "(min \(CacheBenchmark.format(outcome.minimumMicroseconds)) µs), \(CacheBenchmark.format(ratio))x the 0 case"
            if unrelated > 0 {
                line += "; registering them: \(CacheBenchmark.format(outcome.registrationMilliseconds)) ms"
            }
            print(line)
            if unrelated == 10_000 {
                print(
                    "target: 10,000 unrelated watchers within 2x of none: \(ratio <= 2 ? "PASS" : "FAIL") (\(CacheBenchmark.format(ratio))x)"
                )
            }
        }
        return failures == 0 ? 0 : 1
    }

    struct Outcome: Sendable {
        var medianMicroseconds = 0.0
        var minimumMicroseconds = 0.0
        var registrationMilliseconds = 0.0
        var problem: String?
    }

    static func measure(unrelated: Int, transport: FavoriteGameTransport) async -> Outcome {
        var outcome = Outcome()
        let cache = GraphQLCache(maxAge: .seconds(3600), byteLimit: 1 << 31)
        let client = GraphQLHTTPClient(endpoint: URL(fileURLWithPath: "/dev/null"), transport: transport, cache: cache)
        let clock = ContinuousClock()

        // The unrelated watchers: each gets its first result (registration), then must stay silent.
        let registered = AsyncStream<Void>.makeStream()
        let woken = Counter()
        var others: [Task<Void, Never>] = []
        // Their games are cached first (not timed): registering is then a watcher and a cache read each.
        for number in 0..<unrelated {
            _ = try? await client.execute(GameQuery(id: "other-\(number)"), fetchPolicy: .serverOnly)
        }
        let registrationStart = clock.now
        for number in 0..<unrelated {
            let watch = client.watch(GameQuery(id: "other-\(number)"), fetchPolicy: .cacheOnly)
            others.append(
                Task {
                    var first = true
                    do {
                        for try await _ in watch {
                            if first {
                                first = false
                                registered.continuation.yield()
                            } else {
                                await woken.add()
                            }
                        }
                    } catch {
                        registered.continuation.yield()
                    }
                })
        }
        var registrations = 0
        if unrelated > 0 {
            for await _ in registered.stream {
                registrations += 1
                if registrations == unrelated { break }
            }
        }
        outcome.registrationMilliseconds = milliseconds(clock.now - registrationStart)
        defer { for task in others { task.cancel() } }
        let watching = await cache.watcherCount
        guard watching == unrelated else {
            outcome.problem = "\(watching) watchers registered, expected \(unrelated)"
            return outcome
        }

        // The affected watcher.
        let arrivals = AsyncStream<(ContinuousClock.Instant, Bool?)>.makeStream()
        let target = "target-game"
        let watch = client.watch(GameQuery(id: target), fetchPolicy: .serverOnly)
        let consumer = Task {
            do {
                for try await result in watch {
                    arrivals.continuation.yield((clock.now, result.data?.game?.isFavorite))
                }
            } catch {
                arrivals.continuation.finish()
            }
        }
        defer { consumer.cancel() }
        var iterator = arrivals.stream.makeAsyncIterator()
        guard await iterator.next() != nil else {
            outcome.problem = "the watcher got no first result"
            return outcome
        }
        var samples: [Double] = []
        for round in 0..<rounds {
            let favorite = round % 2 == 0
            let start = clock.now
            do {
                _ = try await client.execute(SetFavoriteMutation(gameId: target, favorite: favorite))
            } catch {
                outcome.problem = "the mutation failed: \(error)"
                return outcome
            }
            guard let (arrived, flag) = await iterator.next() else {
                outcome.problem = "the watcher ended"
                return outcome
            }
            guard flag == favorite else {
                outcome.problem =
                    "round \(round): the watcher saw isFavorite \(String(describing: flag)), expected \(favorite)"
                return outcome
            }
            samples.append(milliseconds(arrived - start) * 1000)
        }
        let wokenCount = await woken.value
        guard wokenCount == 0 else {
            outcome.problem = "\(wokenCount) elements reached unrelated watchers"
            return outcome
        }
        samples.sort()
        outcome.medianMicroseconds = samples[samples.count / 2]
        outcome.minimumMicroseconds = samples[0]
        return outcome
    }

    static func milliseconds(_ duration: Duration) -> Double {
        duration.timeInterval * 1000
    }

    actor Counter {
        private(set) var value = 0
        func add() { value += 1 }
    }
}

/// Answers `GameQuery` for any id with one workload body (its ids replaced), and `SetFavorite` with the same game
/// carrying the flag asked for.
struct FavoriteGameTransport: GraphQLTransport {
    let template: String
    let templateID: String

    init(template: Data, templateID: String) {
        self.template = String(decoding: template, as: UTF8.self)
        self.templateID = templateID
    }

    func send(_ request: HTTPRequest, body: Data, operationName: String) async throws -> (HTTPResponse, Data) {
        guard case .object(let members)? = try? JSONDecoder().decode(JSONValue.self, from: body),
            case .object(let variables)? = members["variables"]
        else { throw CacheBenchmark.Problem("no variables in request") }
        if case .string(let id)? = variables["id"] {
            // Every game starts as no favourite, so that each round's write changes the flag.
            let game = template.replacingOccurrences(of: templateID, with: id)
                .replacingOccurrences(of: "\"isFavorite\":true", with: "\"isFavorite\":false")
            return (DecodePath.graphQLResponse, Data(game.utf8))
        }
        guard case .string(let id)? = variables["gameId"], case .bool(let favorite)? = variables["favorite"] else {
            throw CacheBenchmark.Problem("unexpected request \(operationName)")
        }
        let game = template.replacingOccurrences(of: templateID, with: id)
            .replacingOccurrences(of: "{\"data\":{\"game\":", with: "{\"data\":{\"setFavorite\":")
            .replacingOccurrences(of: "\"isFavorite\":false", with: "\"isFavorite\":\(favorite)")
            .replacingOccurrences(of: "\"isFavorite\":true", with: "\"isFavorite\":\(favorite)")
        return (DecodePath.graphQLResponse, Data(game.utf8))
    }
}
