import Foundation
import GraphQLBridge
import LegacyModels
import LotteryAPI
import LotteryBridge
import LotteryCompare

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// The `compare` benchmark's request loops: how much the process grows per HTTP request through each layer the
/// comparison uses, each loop in a process of its own against the same backend process, so that the comparison
/// runs' growth can be split into what `URLSession` itself grows (the bare loops, the same-run baseline) and the
/// rest.
///
/// Every loop sends the same small request (`logo-6x45`: REST `GET /api/v1/images/...`, GraphQL `ImageQuery` by
/// `POST`) from 4 tasks at once, as the comparison does; `warmUp` requests first (connections, caches, the
/// allocator's arenas), then `requests` more, the resident memory (`VmRSS`) and the allocator's bytes in use
/// (`mallinfo2`: what is allocated and not freed, whatever the arenas keep) read before and after.
enum CompareGrowth {
    /// A loop: the layer it sends through.
    enum Kind: String, CaseIterable {
        /// `URLSession(configuration: .ephemeral).data(for:)`, REST `GET`: the baseline of REST requests.
        case sessionGet = "urlsession-get"
        /// The same, GraphQL `POST` with the `ImageQuery` body: the baseline of GraphQL requests.
        case sessionPost = "urlsession-post"
        /// `URLSessionTransport.send` of the same `POST` (the library's delegate-based transport).
        case transport
        /// `GraphQLHTTPClient.execute(ImageQuery)`, no cache.
        case client
        /// `LegacyAPIClient.image(id:)` (the legacy REST client, `data(for:)` on an ephemeral session).
        case rest
        /// The comparison's two clients (`LotteryComparisonClients`), REST then GraphQL in turn, outside a read.
        case comparisonClients = "comparison-clients"

        var isBaseline: Bool { self == .sessionGet || self == .sessionPost }

        var description: String {
            switch self {
            case .sessionGet: return "URLSession data(for:) GET (REST)"
            case .sessionPost: return "URLSession data(for:) POST (GraphQL)"
            case .transport: return "URLSessionTransport.send POST"
            case .client: return "GraphQLHTTPClient.execute"
            case .rest: return "LegacyAPIClient.image"
            case .comparisonClients: return "LotteryComparisonClients REST+GraphQL"
            }
        }
    }

    /// What one loop process reported.
    struct Figures {
        var kind: Kind
        var requests = 0
        var startKB = 0
        var endKB = 0
        var heapStart = 0
        var heapEnd = 0
        var failures = 0

        var bytesPerRequest: Double { Double(endKB - startKB) * 1024 / Double(max(1, requests)) }
        var heapBytesPerRequest: Double { Double(heapEnd - heapStart) / Double(max(1, requests)) }
    }

    static let warmUp = 2_000
    static let concurrency = 4

    // MARK: The parent

    /// Runs every loop, each in a process of its own, against the backend at `baseURL`.
    static func measureAll(baseURL: String, requests: Int) -> [Figures]? {
        var results: [Figures] = []
        for kind in Kind.allCases {
            guard
                let text = CompareBenchmark.runChild(
                    ["compare", "--growth", kind.rawValue, "--client", baseURL, "--requests", "\(requests)"],
                    what: "the request loop process")
            else { return nil }
            guard let figures = figures(from: text, kind: kind) else {
                print("the request loop process printed no figures:\n\(text)")
                return nil
            }
            results.append(figures)
        }
        return results
    }

    static func figures(from text: String, kind: Kind) -> Figures? {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("growth ") }) else { return nil }
        var figures = Figures(kind: kind)
        for pair in line.split(separator: " ").dropFirst() {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let value = Int(parts[1]) else { continue }
            switch parts[0] {
            case "requests": figures.requests = value
            case "startKB": figures.startKB = value
            case "endKB": figures.endKB = value
            case "heapStart": figures.heapStart = value
            case "heapEnd": figures.heapEnd = value
            case "failures": figures.failures = value
            default: break
            }
        }
        return figures
    }

    // MARK: The loop process

    /// Runs one loop against the backend at `baseURL` and prints its figures.
    static func loop(kind: Kind, baseURL: String, requests: Int) -> Int32 {
        guard let base = URL(string: baseURL) else { return 2 }
        let restURL = base.appendingPathComponent("api").appendingPathComponent("v1")
        let graphQLURL = base.appendingPathComponent("graphql")
        let send: @Sendable () async -> Bool
        switch kind {
        case .sessionGet:
            let session = URLSession(configuration: .ephemeral)
            var request = URLRequest(url: restURL.appendingPathComponent("images").appendingPathComponent("logo-6x45"))
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            let finalRequest = request
            send = {
                guard let (_, response) = try? await session.data(for: finalRequest) else { return false }
                return (response as? HTTPURLResponse)?.statusCode == 200
            }
        case .sessionPost:
            let session = URLSession(configuration: .ephemeral)
            var request = URLRequest(url: graphQLURL)
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.setValue(GraphQLHTTPClient.acceptHeader, forHTTPHeaderField: "Accept")
            request.httpBody = imageQueryBody
            let finalRequest = request
            send = {
                guard let (_, response) = try? await session.data(for: finalRequest) else { return false }
                return (response as? HTTPURLResponse)?.statusCode == 200
            }
        case .transport:
            let transport = URLSessionTransport()
            let request = HTTPRequest(
                url: graphQLURL,
                headers: ["Content-Type": "application/json", "Accept": GraphQLHTTPClient.acceptHeader])
            let body = imageQueryBody
            send = {
                guard
                    let (response, _) = try? await transport.send(
                        request, body: body, operationName: ImageQuery.operationName)
                else { return false }
                return response.status == 200
            }
        case .client:
            let client = GraphQLHTTPClient(endpoint: graphQLURL)
            send = { (try? await client.execute(ImageQuery(id: "logo-6x45")))?.data?.image != nil }
        case .rest:
            let client = LegacyAPIClient(baseURL: restURL, session: URLSession(configuration: .ephemeral))
            send = { (try? await client.image(id: "logo-6x45")) != nil }
        case .comparisonClients:
            let clients = LotteryComparisonClients(restURL: restURL, graphQLURL: graphQLURL)
            let turn = CompareBenchmark.ReadCounter()
            send = {
                if turn.next() % 2 == 0 { return (try? await clients.rest.image(id: "logo-6x45")) != nil }
                return (try? await clients.graphQL.image(id: "logo-6x45")) != nil
            }
        }
        let figures = CacheBenchmark.blocking { () async -> Figures in
            var figures = Figures(kind: kind, requests: requests)
            figures.failures += await run(warmUp, send)
            figures.startKB = CompareBenchmark.MemoryAtProgress.residentKB()
            figures.heapStart = heapInUse()
            figures.failures += await run(requests, send)
            figures.endKB = CompareBenchmark.MemoryAtProgress.residentKB()
            figures.heapEnd = heapInUse()
            return figures
        }
        print(
            "growth kind=\(kind.rawValue) requests=\(figures.requests) startKB=\(figures.startKB) "
                + "endKB=\(figures.endKB) heapStart=\(figures.heapStart) heapEnd=\(figures.heapEnd) "
                + "failures=\(figures.failures)")
        return 0
    }

    /// Sends `count` requests from `concurrency` tasks; the number that failed.
    static func run(_ count: Int, _ send: @escaping @Sendable () async -> Bool) async -> Int {
        await withTaskGroup(of: Int.self) { group in
            for worker in 0..<concurrency {
                let share = count / concurrency + (worker < count % concurrency ? 1 : 0)
                group.addTask {
                    var failures = 0
                    for _ in 0..<share where !(await send()) { failures += 1 }
                    return failures
                }
            }
            var failures = 0
            for await count in group { failures += count }
            return failures
        }
    }

    /// The `ImageQuery` request body, as `GraphQLHTTPClient` sends it.
    static let imageQueryBody = Data(
        ("{\"query\":" + jsonQuoted(ImageQuery.document) + ",\"operationName\":" + jsonQuoted(ImageQuery.operationName)
            + ","
            + "\"variables\":{\"id\":\"logo-6x45\"}}").utf8)

    private static func jsonQuoted(_ text: String) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed]),
            let array = String(data: data, encoding: .utf8)
        else { return "\"\"" }
        return String(array.dropFirst().dropLast())
    }

    /// The bytes the allocator has handed out and not had back (all arenas, and its own `mmap`s), from glibc's
    /// `malloc_info` (its process-wide totals: the arenas' memory from the system less their free chunks, plus the
    /// `mmap`ed blocks); 0 where it is missing. Growth here is memory still allocated; growth of `VmRSS` alone is
    /// the allocator's (freed memory it keeps).
    static func heapInUse() -> Int {
        #if canImport(Glibc)
            typealias MallocInfo = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
            guard let symbol = dlsym(nil, "malloc_info") else { return 0 }
            let mallocInfo = unsafeBitCast(symbol, to: MallocInfo.self)
            var buffer: UnsafeMutablePointer<CChar>?
            var size = 0
            guard let stream = open_memstream(&buffer, &size) else { return 0 }
            _ = mallocInfo(0, stream)
            fclose(stream)
            guard let buffer else { return 0 }
            let text = String(cString: buffer)
            free(buffer)
            // The totals are the last of each tag (each arena's come first).
            func last(_ prefix: String) -> Int {
                guard let line = text.split(separator: "\n").last(where: { $0.contains(prefix) }),
                    let range = line.range(of: "size=\"")
                else { return 0 }
                return Int(line[range.upperBound...].prefix { $0.isNumber }) ?? 0
            }
            return last("<system type=\"current\"") - last("<total type=\"fast\"") - last("<total type=\"rest\"")
                + last("<total type=\"mmap\"")
        #else
            return 0
        #endif
    }
}
