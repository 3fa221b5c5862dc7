import Foundation
import GraphQLBridge
import LegacyModels
import LotteryAPI

/// The `decode` benchmark: 2,000 games with 10 draws each, as the app fetches them (`GameQuery` +
/// `DrawsQuery` over GraphQL, `GET /games/{id}` + `GET /games/{id}/draws?limit=10` over REST), decoded
/// through the floor, the GraphQL path and the REST path.
///
/// Before timing it checks that the GraphQL path and the REST path give equal legacy models for every game
/// and draw list (and equal to the models built directly from the generated values); a mismatch fails the
/// process. The speed target (GraphQL within 1.5x of the floor) is reported, not enforced.
enum DecodeBenchmark {
    /// The GraphQL path's target, as a multiple of the floor's median.
    static let targetRatio = 1.5
    /// The fast path's target (decode + adapt at most half the floor's time), and the figure to aim for.
    static let fastTargetRatio = 0.5
    /// The figure to aim for.
    static let fastAimRatio = 0.33

    /// Runs the benchmark; 0 unless the correctness check or a decode failed.
    static func run(options: BenchmarkOptions) -> Int32 {
        print("== decode ==")
        let (generationMs, workload) = TimingSummary.time { DecodeWorkload(options: options) }
        let drawCount = workload.games.reduce(0) { $0 + $1.draws.count }
        print(
            "workload: \(workload.games.count) games, \(drawCount) draws in lists; "
                + "\(workload.bodyCount) GraphQL bodies (\(megabytes(workload.graphQLBytes))), "
                + "\(workload.bodyCount) REST bodies (\(megabytes(workload.restBytes))); "
                + "generated in \(format(generationMs)) ms (seed \(options.seed))")

        let (checkMs, failures) = TimingSummary.time {
            guard options.check else { return [String]() }
            return check(workload) + (workload.graphQLGameBodies.first.map(LongFastPathCheck.run(gameBody:)) ?? [])
        }
        if !failures.isEmpty {
            print("correctness check: FAIL (\(failures.count) problems; first ones below)")
            for failure in failures.prefix(10) { print("  - " + failure) }
            return 1
        }
        if !options.check {
            print("correctness check: skipped (--no-check)")
        } else {
            print(
                "correctness check: PASS (fast path == GraphQL path == REST path == expected models for \(workload.games.count) "
                    + "games and \(workload.games.count) draw lists, the fast reader took every body; Long fast path == exact "
                    + "read for \(LongFastPathCheck.forms.count * 2) bodies; \(format(checkMs)) ms)")
        }

        let paths = DecodePath.allCases.filter { options.includes($0.rawValue) }
        var summaries = paths.map {
            TimingSummary(
                name: $0.rawValue, bytesPerRun: $0 == .rest ? workload.restBytes : workload.graphQLBytes)
        }
        var checksums: [String: Int] = [:]
        // Round-robin (warm-up round first, untimed) so that load from other processes hits every path alike.
        for round in 0...options.runs {
            for (index, path) in paths.enumerated() {
                do {
                    let (milliseconds, checksum) = try TimingSummary.time { try path.run(workload) }
                    if round > 0 { summaries[index].samples.append(milliseconds) }
                    checksums[path.rawValue] = checksum
                } catch {
                    print("\(path.rawValue): decoding failed: \(error)")
                    return 1
                }
            }
        }
        if Set(checksums.values).count > 1 {
            print("checksums differ between paths: \(checksums.sorted { $0.key < $1.key })")
            return 1
        }

        printTable(summaries, runs: options.runs)
        let floor = summaries.first { $0.name == DecodePath.floor.rawValue }
        let graphQL = summaries.first { $0.name == DecodePath.graphql.rawValue }
        let fast = summaries.first { $0.name == DecodePath.fast.rawValue }
        if let floor, let graphQL {
            let ratio = graphQL.medianMilliseconds / floor.medianMilliseconds
            let verdict = ratio <= targetRatio ? "PASS" : "FAIL"
            print("target: graphql/floor <= \(format(targetRatio)): \(verdict) (\(format(ratio)))")
        } else {
            print("target: graphql/floor <= \(format(targetRatio)): n/a (floor or graphql not timed)")
        }
        if let floor, let fast {
            let ratio = fast.medianMilliseconds / floor.medianMilliseconds
            let verdict = ratio <= fastTargetRatio ? "PASS" : "FAIL"
            print(
                "target: fast/floor <= \(format(fastTargetRatio)): \(verdict) (\(format(ratio)); aim \(format(fastAimRatio)))"
            )
        } else {
            print("target: fast/floor <= \(format(fastTargetRatio)): n/a (floor or fast not timed)")
        }
        return 0
    }

    /// Every problem found: decode failures and mismatches between the paths and the expected models.
    static func check(_ workload: DecodeWorkload) -> [String] {
        var failures: [String] = []
        for (index, game) in workload.games.enumerated() {
            let label = "game \(index) (\(game.id))"
            do {
                let body = workload.graphQLGameBodies[index]
                let fromGraphQL = try DecodePath.graphQLGame(body, path: .decodable)
                let fromFast = try DecodePath.graphQLGame(body, path: .automatic)
                if fromFast != fromGraphQL {
                    failures.append(
                        "\(label): fast and Decodable GameInfo differ: "
                            + ModelDiff.differences(fromFast, fromGraphQL).joined(separator: "; "))
                }
                failures += fastPathProblems(GameQuery.Data.self, body: body, label: "\(label) game body")
                let fromREST = try DecodePath.restGame(workload.restGameBodies[index])
                if fromGraphQL != fromREST {
                    failures.append(
                        "\(label): GraphQL and REST GameInfo differ: "
                            + ModelDiff.differences(fromGraphQL, fromREST).joined(separator: "; "))
                }
                if let expected = game.expectedGameInfo, fromGraphQL != expected {
                    failures.append(
                        "\(label): GraphQL GameInfo differs from the generated values: "
                            + ModelDiff.differences(fromGraphQL, expected).joined(separator: "; "))
                }
            } catch {
                failures.append("\(label): game body failed to decode: \(error)")
            }
            do {
                let body = workload.graphQLDrawsBodies[index]
                let fromGraphQL = try DecodePath.graphQLDraws(body, path: .decodable)
                let fromFast = try DecodePath.graphQLDraws(body, path: .automatic)
                if fromFast != fromGraphQL {
                    failures.append(
                        "\(label): fast and Decodable draw lists differ: "
                            + ModelDiff.differences(fromFast, fromGraphQL).joined(separator: "; "))
                }
                failures += fastPathProblems(DrawsQuery.Data.self, body: body, label: "\(label) draws body")
                let fromREST = try DecodePath.restDraws(workload.restDrawsBodies[index])
                let expected = game.draws.map(\.expectedDrawInfo)
                if fromGraphQL != fromREST {
                    failures.append(
                        "\(label): GraphQL and REST draw lists differ: "
                            + ModelDiff.differences(fromGraphQL, fromREST).joined(separator: "; "))
                }
                if fromGraphQL != expected {
                    failures.append(
                        "\(label): GraphQL draw list differs from the generated values: "
                            + ModelDiff.differences(fromGraphQL, expected).joined(separator: "; "))
                }
            } catch {
                failures.append("\(label): draws body failed to decode: \(error)")
            }
        }
        return failures
    }

    /// The generated one-pass decoder must take every body of the workload (not decline it to the `Decodable`
    /// path) and give the same generated value, errors and extensions as the `Decodable` path.
    static func fastPathProblems<Value: GraphQLFastDecodable & Hashable>(
        _ type: Value.Type, body: Data, label: String
    ) -> [String] {
        do {
            let decodable = try GraphQLResponseDecoder.decode(
                type, operation: "Benchmark", response: DecodePath.graphQLResponse, body: body,
                errorPolicy: .returnPartialData, path: .decodable)
            guard
                let fast = try GraphQLResponseDecoder.decodeFastPathOnly(
                    type, operation: "Benchmark", response: DecodePath.graphQLResponse, body: body,
                    errorPolicy: .returnPartialData)
            else { return ["\(label): the fast reader declined the body"] }
            if fast.data != decodable.data || fast.errors != decodable.errors || fast.extensions != decodable.extensions
            {
                return ["\(label): the fast path's result differs from the Decodable path's"]
            }
            return []
        } catch {
            return ["\(label): \(error)"]
        }
    }

    private static func printTable(_ summaries: [TimingSummary], runs: Int) {
        let floorMedian = summaries.first { $0.name == DecodePath.floor.rawValue }?.medianMilliseconds
        print("")
        print("median and min of \(runs) runs after 1 warm-up; each run decodes every body of its API once")
        var table = TextTable(header: ["path", "median ms", "min ms", "MB/s", "x floor"])
        for summary in summaries {
            table.rows.append([
                summary.name,
                format(summary.medianMilliseconds),
                format(summary.minimumMilliseconds),
                String(format: "%.1f", summary.megabytesPerSecond),
                floorMedian.map { format(summary.medianMilliseconds / $0) } ?? "n/a",
            ])
        }
        for line in table.lines { print(line) }
        print("(MB = 10^6 bytes of that path's bodies; the REST bodies are a different size from the GraphQL ones)")
    }

    private static func format(_ value: Double) -> String {
        String(format: "%.2f", value)
    }

    private static func megabytes(_ bytes: Int) -> String {
        String(format: "%.2f MB", Double(bytes) / 1_000_000)
    }
}
