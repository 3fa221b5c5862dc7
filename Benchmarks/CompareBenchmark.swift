import Dispatch
import Foundation
import GraphQLBridgeSupport
import GraphQLComparison
import GraphQLMigration
import LotteryBackend
import LotteryCompare

/// The `compare` benchmark: the lottery's comparison plan (`lottery compare`: the app's real clients and
/// adapters, the noise check, the JSON report written to a file) over about 1,000 and about 10,000 entities, against
/// the embedded backend serving `LotteryDataSet.scaled(copies:)`.
///
/// Each size runs in two processes of its own: the backend (`Benchmarks compare --serve-copies N`, so that the data
/// set's memory is not counted) and the comparison (`Benchmarks compare --client URL`), which reports its entities
/// per second, its peak resident memory (`VmHWM`) and its resident memory halfway through and at the end. The
/// 1,000-entity run is the baseline: linear time shows as the same entities per second at 10,000 (ratio ~1), memory
/// that does not grow with the entities as the same peak (ratio ~1).
///
/// `URLSession` itself grows on Linux with every request, so the same invocation also measures that (`CompareGrowth`:
/// request loops through bare `URLSession` and through each client layer, each in a process of its own), and prints
/// for each HTTP run the growth from 1,000 to 10,000 entities that the bare loops do not explain.
enum CompareBenchmark {
    /// The sizes compared, in entities (and lists) of the lottery plan. A first run, `engine`, compares as many
    /// synthetic entities in the process, without HTTP (closures that build the values), to show the engine's own
    /// costs apart from the clients'.
    static let sizes = [1_000, 10_000]
    /// The runs: the whole plan (its 10 games lists hold every game, so they grow with the data set), and the
    /// entities alone (draws and logos: lists of 10 draws), where only the number of entities grows.
    static let runs: [(name: String, models: String?)] = [("plan", nil), ("entities", "DrawInfo,ImageInfo")]

    static func run(options: BenchmarkOptions) -> Int32 {
        // As the `lottery` tool does: a long comparison's freed memory is not kept in a pool per thread.
        ComparisonCommand.limitMallocArenas()
        if let copies = options.serveCopies { return serve(copies: copies) }
        if let count = options.syntheticEntities {
            return synthetic(count: count, concurrency: options.compareConcurrency)
        }
        if let kind = options.compareGrowth, let url = options.compareClientURL {
            guard let kind = CompareGrowth.Kind(rawValue: kind) else {
                print(
                    "unknown --growth \(kind) (\(CompareGrowth.Kind.allCases.map(\.rawValue).joined(separator: ", ")))")
                return 2
            }
            return CompareGrowth.loop(kind: kind, baseURL: url, requests: options.compareRequests)
        }
        if let url = options.compareClientURL {
            return client(baseURL: url, concurrency: options.compareConcurrency, models: options.compareModels)
        }
        print("== compare ==")
        let perCopy: Int
        let entitiesOnlyPerCopy: Int
        do {
            let bundled = try LotteryDataSet.bundled()
            perCopy = entitiesPerCopy(bundled)
            entitiesOnlyPerCopy = perCopy - 2 * bundled.games.count
        } catch {
            print("cannot load the bundled data set: \(error)")
            return 2
        }
        print(
            "workload: the lottery plan (10 games lists, then per game: its GameInfo, its draws list, its 10 newest "
                + "draws, its logo), REST, GraphQL, REST per entity, concurrency \(options.compareConcurrency), "
                + "JSON report to a file; \(perCopy) entities per copy of the bundled data set")
        var results: [(run: String, figures: Figures)] = []
        for size in sizes {
            guard let figures = measureSynthetic(count: size, concurrency: options.compareConcurrency) else { return 1 }
            results.append(("engine", figures))
        }
        // The same-run baseline: what each layer grows per request, each loop in a process of its own.
        guard
            let loops = withBackend(
                copies: 1,
                { url in
                    CompareGrowth.measureAll(baseURL: url, requests: options.compareRequests)
                })
        else { return 1 }
        for (run, models) in runs {
            for size in sizes {
                let (fixed, each) = models == nil ? (10, perCopy) : (0, entitiesOnlyPerCopy)
                let copies = max(1, Int((Double(size - fixed) / Double(each)).rounded()))
                guard
                    let figures = measure(
                        copies: copies, concurrency: options.compareConcurrency, models: models)
                else { return 1 }
                results.append((run, figures))
            }
        }
        var table = TextTable(header: [
            "run", "entities", "seconds", "entities/s", "peak RSS MB", "RSS at half MB", "RSS at end MB", "exit",
            "requests (REST + GraphQL)",
        ])
        for (run, figures) in results {
            table.rows.append([
                run, "\(figures.entities)", String(format: "%.1f", figures.seconds),
                String(format: "%.0f", Double(figures.entities) / figures.seconds),
                String(format: "%.1f", Double(figures.peakKB) / 1024),
                String(format: "%.1f", Double(figures.halfKB) / 1024),
                String(format: "%.1f", Double(figures.endKB) / 1024), "\(figures.status)",
                run == "engine"
                    ? "0"
                    : "\(figures.restRequests + figures.graphQLRequests) "
                        + "(\(figures.restRequests) + \(figures.graphQLRequests))",
            ])
        }
        for line in table.lines { print(line) }
        printLoops(loops)
        for run in ["engine"] + runs.map(\.name) {
            let figures = results.filter { $0.run == run }.map(\.figures)
            guard let small = figures.first, let large = figures.last, figures.count > 1 else { continue }
            let rate = (Double(large.entities) / large.seconds) / (Double(small.entities) / small.seconds)
            let memory = Double(large.peakKB) / Double(max(1, small.peakKB))
            let creep = Double(large.endKB) / Double(max(1, large.halfKB))
            print(
                "\(run): \(large.entities) entities / \(small.entities) (the baseline, same run): entities per second "
                    + "\(String(format: "%.2f", rate))x; peak memory \(String(format: "%.2f", memory))x; in the large run, "
                    + "RSS at the end / at half \(String(format: "%.2f", creep))x")
            if run != "engine" { printUnexplained(run: run, small: small, large: large, loops: loops) }
        }
        let loopFailures = loops.reduce(0) { $0 + $1.failures }
        if loopFailures > 0 { print("request loops: \(loopFailures) requests failed") }
        return results.allSatisfy { $0.figures.status == 0 } && loopFailures == 0 ? 0 : 1
    }

    /// The request loops' figures: growth per request of each layer, and of each over the bare `URLSession` loop of
    /// the same method.
    static func printLoops(_ loops: [CompareGrowth.Figures]) {
        var table = TextTable(header: [
            "request loop (4 tasks, after \(CompareGrowth.warmUp) warm-up)", "requests", "RSS start MB", "RSS end MB",
            "RSS bytes/request", "heap in use bytes/request", "over bare URLSession bytes/request",
        ])
        let get = loops.first { $0.kind == .sessionGet }
        let post = loops.first { $0.kind == .sessionPost }
        for loop in loops {
            let bare: CompareGrowth.Figures?
            switch loop.kind {
            case .sessionGet, .sessionPost: bare = nil
            case .rest: bare = get
            case .transport, .client: bare = post
            case .comparisonClients:
                bare = get.flatMap { get in post.map { post in averaged(get, post) } }
            }
            table.rows.append([
                loop.kind.description, "\(loop.requests)", String(format: "%.1f", Double(loop.startKB) / 1024),
                String(format: "%.1f", Double(loop.endKB) / 1024), String(format: "%.0f", loop.bytesPerRequest),
                String(format: "%.0f", loop.heapBytesPerRequest),
                bare.map { String(format: "%+.0f", loop.bytesPerRequest - $0.bytesPerRequest) } ?? "(baseline)",
            ])
        }
        for line in table.lines { print(line) }
    }

    /// A loop of GET and POST in turn, from the two bare loops.
    static func averaged(_ first: CompareGrowth.Figures, _ second: CompareGrowth.Figures) -> CompareGrowth.Figures {
        var figures = CompareGrowth.Figures(kind: first.kind)
        figures.requests = first.requests + second.requests
        figures.startKB = first.startKB + second.startKB
        figures.endKB = first.endKB + second.endKB
        figures.heapStart = first.heapStart + second.heapStart
        figures.heapEnd = first.heapEnd + second.heapEnd
        return figures
    }

    /// The growth of an HTTP run from its small size to its large one that the bare `URLSession` loops of the same
    /// invocation do not explain: the peak's growth minus the added requests times the bare loop's growth per
    /// request (REST requests at the `GET` loop's, GraphQL requests at the `POST` loop's).
    static func printUnexplained(run: String, small: Figures, large: Figures, loops: [CompareGrowth.Figures]) {
        guard let get = loops.first(where: { $0.kind == .sessionGet }),
            let post = loops.first(where: { $0.kind == .sessionPost })
        else { return }
        let addedRest = large.restRequests - small.restRequests
        let addedGraphQL = large.graphQLRequests - small.graphQLRequests
        let growth = Double(large.peakKB - small.peakKB) * 1024
        let explained = Double(addedRest) * get.bytesPerRequest + Double(addedGraphQL) * post.bytesPerRequest
        let unexplained = growth - explained
        let addedEntities = max(1, large.entities - small.entities)
        func megabytes(_ bytes: Double) -> String { String(format: "%+.1f MB", bytes / 1_048_576) }
        print(
            "\(run): peak RSS \(megabytes(growth)) over \(addedRest + addedGraphQL) more requests (\(addedRest) REST, "
                + "\(addedGraphQL) GraphQL); bare URLSession (same run: GET \(String(format: "%.0f", get.bytesPerRequest)) "
                + "B/request, POST \(String(format: "%.0f", post.bytesPerRequest)) B/request) explains "
                + "\(megabytes(explained)); not explained by it: \(megabytes(unexplained)) "
                + "(\(String(format: "%.0f", unexplained / Double(addedEntities))) bytes per added entity)")
    }

    /// What one comparison process reported.
    struct Figures {
        var entities = 0
        var seconds = 0.0
        var peakKB = 0
        var halfKB = 0
        var endKB = 0
        var status: Int32 = 0
        /// The HTTP requests the comparison process sent through each API (0 for the engine run).
        var restRequests = 0
        var graphQLRequests = 0
    }

    /// The lottery plan's entities and lists for one copy of `dataSet` (without the 10 games lists).
    static func entitiesPerCopy(_ dataSet: LotteryDataSet) -> Int {
        let games = dataSet.games.count
        let draws = dataSet.games.reduce(0) { $0 + min(10, dataSet.draws(gameId: $1.id).count) }
        let logos = Set(dataSet.games.compactMap(\.logo)).count
        return games + games + draws + logos
    }

    /// Starts a backend process and a comparison process for `copies` copies; their figures.
    static func measure(copies: Int, concurrency: Int, models: String?) -> Figures? {
        withBackend(copies: copies) { url in
            let arguments =
                ["compare", "--client", url, "--concurrency", "\(concurrency)"]
                + (models.map { ["--compare-models", $0] } ?? [])
            return runChild(arguments, what: "the comparison process").flatMap(figures(from:))
        }
    }

    /// Starts a backend process serving `copies` copies, runs `body` with its base URL, and stops it.
    static func withBackend<Result>(copies: Int, _ body: (String) -> Result?) -> Result? {
        let server = Process()
        server.executableURL = executable
        server.arguments = ["compare", "--serve-copies", "\(copies)"]
        let serverOutput = Pipe()
        let serverInput = Pipe()
        server.standardOutput = serverOutput
        server.standardInput = serverInput
        do {
            try server.run()
        } catch {
            print("cannot start the backend process: \(error)")
            return nil
        }
        defer {
            try? serverInput.fileHandleForWriting.close()
            server.terminate()
            server.waitUntilExit()
        }
        guard let line = readLine(from: serverOutput.fileHandleForReading), line.hasPrefix("serving "),
            let url = line.split(separator: " ").last.map(String.init)
        else {
            print("the backend process did not say where it serves")
            return nil
        }
        return body(url)
    }

    /// Runs `Benchmarks compare --synthetic count` and reads its figures.
    static func measureSynthetic(count: Int, concurrency: Int) -> Figures? {
        runChild(
            ["compare", "--synthetic", "\(count)", "--concurrency", "\(concurrency)"], what: "the comparison process"
        ).flatMap(figures(from:))
    }

    /// Runs this executable with `arguments` to its end; what it printed on standard output (`nil`, said, when it
    /// cannot start).
    static func runChild(_ arguments: [String], what: String) -> String? {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            print("cannot start \(what): \(error)")
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The figures a comparison process printed.
    static func figures(from text: String) -> Figures? {
        guard let figuresLine = text.split(separator: "\n").first(where: { $0.hasPrefix("figures ") }) else {
            print("the comparison process printed no figures:\n\(text)")
            return nil
        }
        var figures = Figures()
        for pair in figuresLine.split(separator: " ").dropFirst() {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "entities": figures.entities = Int(parts[1]) ?? 0
            case "seconds": figures.seconds = Double(parts[1]) ?? 0
            case "peakKB": figures.peakKB = Int(parts[1]) ?? 0
            case "halfKB": figures.halfKB = Int(parts[1]) ?? 0
            case "endKB": figures.endKB = Int(parts[1]) ?? 0
            case "status": figures.status = Int32(parts[1]) ?? 2
            case "restRequests": figures.restRequests = Int(parts[1]) ?? 0
            case "graphQLRequests": figures.graphQLRequests = Int(parts[1]) ?? 0
            default: break
            }
        }
        return figures
    }

    /// This executable.
    static var executable: URL {
        let own = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        if FileManager.default.isExecutableFile(atPath: own.path) { return own }
        return URL(fileURLWithPath: CommandLine.arguments[0])
    }

    private static func readLine(from handle: FileHandle) -> String? {
        var bytes = Data()
        while true {
            let byte = handle.readData(ofLength: 1)
            if byte.isEmpty { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte.first == 0x0A { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
    }

    // MARK: The synthetic comparison process

    /// A model of the synthetic run: about the size of a `DrawInfo`.
    struct SyntheticModel: Sendable {
        struct Category: Sendable {
            var matched: Int
            var winners: Int64
            var amount: Decimal
        }

        var id: Int
        var title: String
        var date: Date
        var numbers: [Int]
        var amount: Decimal?
        var viewers: Int
        var categories: [Category]
        var url: URL?
    }

    static func syntheticModel(_ id: Int, graphQL: Bool, read: Int) -> SyntheticModel {
        SyntheticModel(
            id: id, title: "entity \(id)" + (graphQL && id % 100 == 0 ? " (GraphQL)" : ""),
            date: Date(timeIntervalSince1970: Double(id) * 60), numbers: (0..<6).map { ($0 * 7 + id) % 45 },
            amount: Decimal(id) / 100, viewers: id % 10 == 0 ? read : 0,
            categories: (0..<8).map {
                SyntheticModel.Category(matched: $0, winners: Int64(id * $0), amount: Decimal($0 * 100))
            },
            url: URL(string: "https://cdn.example/\(id).mp4"))
    }

    /// Compares `count` synthetic entities (1% with a planted difference, 10% with a counter that moves between
    /// reads), with the JSON report written to a file, and prints its figures.
    static func synthetic(count: Int, concurrency: Int) -> Int32 {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("compare-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: report) }
        let memory = MemoryAtProgress()
        let reads = ReadCounter()
        var plan = ComparisonPlan()
        plan.model(
            "Synthetic", ids: { Array(0..<count) },
            rest: { id in syntheticModel(id, graphQL: false, read: reads.next()) },
            graphQL: { id in syntheticModel(id, graphQL: true, read: reads.next()) })
        let start = ContinuousClock.now
        let finalPlan = plan
        let status = CacheBenchmark.blocking { () async -> Int32 in
            guard
                let options = try? ComparisonCommandOptions(parsing: [
                    "--format", "json", "--output", report.path, "--concurrency", "\(concurrency)",
                ])
            else { return 2 }
            return await ComparisonCommand.run(
                finalPlan, options: options,
                output: .init(standardOutput: { _ in }, standardError: { memory.progress($0) }))
        }
        let seconds = (ContinuousClock.now - start).timeInterval
        print(
            "figures entities=\(count) seconds=\(seconds) peakKB=\(MemoryAtProgress.peakKB()) "
                + "halfKB=\(memory.halfKB) endKB=\(MemoryAtProgress.residentKB()) status=\(status == 1 ? 0 : status)")
        return 0
    }

    /// A read number, from any task.
    final class ReadCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0

        func next() -> Int {
            lock.withLock {
                value += 1
                return value
            }
        }
    }

    // MARK: The backend process

    static func serve(copies: Int) -> Int32 {
        do {
            let server = try EmbeddedLotteryServer.start(dataSet: LotteryDataSet.scaled(copies: copies))
            FileHandle.standardOutput.write(Data("serving \(server.baseURL.absoluteString)\n".utf8))
            // Until the parent closes our standard input (or terminates us): never outlives it.
            _ = FileHandle.standardInput.readDataToEndOfFile()
            server.stop()
            return 0
        } catch {
            print("cannot serve: \(error)")
            return 2
        }
    }

    // MARK: The comparison process

    static func client(baseURL: String, concurrency: Int, models: String?) -> Int32 {
        guard let base = URL(string: baseURL) else { return 2 }
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("compare-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: report) }
        let memory = MemoryAtProgress()
        let start = ContinuousClock.now
        let status = CacheBenchmark.blocking { () async -> Int32 in
            let clients = LotteryComparisonClients(
                restURL: base.appendingPathComponent("api").appendingPathComponent("v1"),
                graphQLURL: base.appendingPathComponent("graphql"))
            defer { clients.finish() }
            let options: ComparisonCommandOptions
            do {
                options = try ComparisonCommandOptions(
                    parsing: ["--format", "json", "--output", report.path, "--concurrency", "\(concurrency)"]
                        + (models.map { ["--models", $0] } ?? []))
            } catch {
                return 2
            }
            return await ComparisonCommand.run(
                LotteryComparisonPlan.make(clients: clients), options: options,
                output: .init(standardOutput: { _ in }, standardError: { memory.progress($0) }))
        }
        let seconds = (ContinuousClock.now - start).timeInterval
        var entities = 0
        var restRequests = 0
        var graphQLRequests = 0
        if let data = try? Data(contentsOf: report),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let summary = object["summary"] as? [String: Any]
        {
            entities = summary["compared"] as? Int ?? 0
            // The responses of the reads (the noise check's included), and the plan's listing, made before any read
            // (so not reported to one): every game through each API, then each game's newest draws through each API
            // when DrawInfo is compared (as many as its draws lists).
            let responses = object["responses"] as? [String: Any]
            let models = object["models"] as? [[String: Any]] ?? []
            let games = models.first { $0["model"] as? String == "DrawInfo" }?["lists"] as? Int ?? 0
            restRequests = (responses?["rest"] as? Int ?? 0) + 1 + games
            graphQLRequests = (responses?["graphql"] as? Int ?? 0) + 1 + games
        }
        print(
            "figures entities=\(entities) seconds=\(seconds) peakKB=\(MemoryAtProgress.peakKB()) "
                + "halfKB=\(memory.halfKB) endKB=\(MemoryAtProgress.residentKB()) status=\(status) "
                + "restRequests=\(restRequests) graphQLRequests=\(graphQLRequests)")
        return 0
    }

    /// The resident memory when the progress lines say half the entities are done.
    final class MemoryAtProgress: @unchecked Sendable {
        private let lock = NSLock()
        private var half = 0

        var halfKB: Int { lock.withLock { half } }

        func progress(_ line: String) {
            // "[done/total] ..."
            guard line.hasPrefix("["), let slash = line.firstIndex(of: "/"), let close = line.firstIndex(of: "]"),
                let done = Int(line[line.index(after: line.startIndex)..<slash]),
                let total = Int(line[line.index(after: slash)..<close])
            else { return }
            if done * 2 >= total {
                lock.withLock { if half == 0 { half = Self.residentKB() } }
            }
        }

        /// `VmHWM`: the process's peak resident memory, in kB (Linux; 0 elsewhere).
        static func peakKB() -> Int { status("VmHWM:") }

        /// `VmRSS`: the process's resident memory now, in kB.
        static func residentKB() -> Int { status("VmRSS:") }

        private static func status(_ key: String) -> Int {
            guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
            for line in text.split(separator: "\n") where line.hasPrefix(key) {
                return Int(
                    line.dropFirst(key.count).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
                    ?? 0
            }
            return 0
        }
    }
}
