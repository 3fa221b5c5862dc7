import Foundation
import GraphQLBridge
import LotteryAPI
import LotteryBackend

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `client` benchmark: 10,000 small queries (`ImageQuery`, one image) over loopback HTTP against the embedded
/// lottery backend, sent through `GraphQLHTTPClient` (URLSessionTransport, the generated one-pass decoder) and, in
/// the same run, as the same request bodies with `URLSession` and decoded with `JSONDecoder` into plain `Codable`
/// structs. Both sides run sequentially (one request at a time), alternating in rounds of `--games` queries
/// (default 2,000: 5 rounds), so load from other processes hits both alike. Target: the client within 1.05x.
enum ClientBenchmark {
    /// The client's target, as a multiple of the URLSession + JSONDecoder median.
    static let targetRatio = 1.05

    /// The response shape the plain side decodes.
    struct PlainBody: Decodable {
        struct DataBody: Decodable {
            var image: PlainImage?
        }

        struct PlainImage: Decodable {
            var __typename: String
            var id: String
            var url: String
            var width: Int
            var height: Int
        }

        var data: DataBody?
    }

    /// The request body `GraphQLHTTPClient` sends.
    struct RequestBody: Encodable {
        var query: String
        var operationName: String
        var variables: ImageQuery.Variables
    }

    /// A transport that sends with `URLSession.data(for:)` (no delegate, timers or size limit), to tell the client's
    /// own cost from `URLSessionTransport`'s.
    struct PlainSessionTransport: GraphQLTransport {
        let session: URLSession

        func send(_ request: HTTPRequest, body: Data, operationName: String) async throws -> (HTTPResponse, Data) {
            var urlRequest = URLRequest(url: request.url)
            urlRequest.httpMethod = request.method
            for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
            urlRequest.httpBody = body
            let (data, response) = try await session.data(for: urlRequest)
            guard let http = response as? HTTPURLResponse else { throw TransportError(.other, "not HTTP") }
            var headers = HTTPHeaders()
            for (name, value) in http.allHeaderFields {
                if let name = name as? String { headers[name] = "\(value)" }
            }
            return (HTTPResponse(status: http.statusCode, headers: headers), data)
        }
    }

    /// Runs the benchmark; 0 unless a request failed or the two sides disagree.
    static func run(options: BenchmarkOptions) -> Int32 {
        print("== client ==")
        let server: EmbeddedLotteryServer
        do {
            server = try EmbeddedLotteryServer.start()
        } catch {
            print("cannot start the embedded backend: \(error)")
            return 2
        }
        defer { server.stop() }
        let status = CacheBenchmark.blocking { await measure(server.graphQLURL, perRound: options.games) }
        return status
    }

    static func measure(_ endpoint: URL, perRound: Int) async -> Int32 {
        let query = ImageQuery(id: "logo-6x45")
        let client = GraphQLHTTPClient(endpoint: endpoint)
        let session = URLSession(configuration: .ephemeral)
        let plainClient = GraphQLHTTPClient(
            endpoint: endpoint, transport: PlainSessionTransport(session: URLSession(configuration: .ephemeral)))
        let body: Data
        do {
            body = try JSONEncoder().encode(
                RequestBody(
                    query: ImageQuery.document, operationName: ImageQuery.operationName, variables: query.variables))
        } catch {
            print("cannot encode the request: \(error)")
            return 1
        }
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(GraphQLHTTPClient.acceptHeader, forHTTPHeaderField: "Accept")
        request.httpBody = body

        // Correctness: both sides read the same image.
        do {
            let viaClient = try await client.execute(query).data?.image
            let (data, _) = try await session.data(for: request)
            let plain = try JSONDecoder().decode(PlainBody.self, from: data).data?.image
            guard let viaClient, let plain, viaClient.id == plain.id, viaClient.url == plain.url,
                viaClient.width == plain.width, viaClient.height == plain.height
            else {
                print("correctness check: FAIL (the two sides read different images)")
                return 1
            }
        } catch {
            print("correctness check: FAIL (\(error))")
            return 1
        }
        let rounds = max(1, 10_000 / max(1, perRound))
        print(
            "workload: \(rounds * perRound) ImageQuery requests per side over loopback to the embedded backend, "
                + "\(rounds) rounds of \(perRound), sequential; correctness check: PASS (both sides read the same image)"
        )

        var clientSamples: [Double] = []
        var plainClientSamples: [Double] = []
        var plainSamples: [Double] = []
        var failures = 0
        // One untimed warm-up round of each side, then the timed rounds alternating.
        for round in 0...rounds {
            let clientMs = await TimingSummary.timeAsync {
                for _ in 0..<perRound where (try? await client.execute(query))?.data?.image == nil { failures += 1 }
            }
            let plainClientMs = await TimingSummary.timeAsync {
                for _ in 0..<perRound where (try? await plainClient.execute(query))?.data?.image == nil {
                    failures += 1
                }
            }
            let plainMs = await TimingSummary.timeAsync {
                for _ in 0..<perRound {
                    // The body is encoded for each request, as an app does (and as the client does).
                    var each = request
                    each.httpBody = try? JSONEncoder().encode(
                        RequestBody(
                            query: ImageQuery.document, operationName: ImageQuery.operationName,
                            variables: query.variables))
                    guard let (data, _) = try? await session.data(for: each),
                        (try? JSONDecoder().decode(PlainBody.self, from: data))?.data?.image != nil
                    else {
                        failures += 1
                        continue
                    }
                }
            }
            if round > 0 {
                clientSamples.append(clientMs)
                plainClientSamples.append(plainClientMs)
                plainSamples.append(plainMs)
            }
        }
        guard failures == 0 else {
            print("\(failures) requests failed")
            return 1
        }
        let viaClient = TimingSummary(name: "GraphQLHTTPClient", bytesPerRun: 0, samples: clientSamples)
        let plain = TimingSummary(name: "URLSession + JSONDecoder", bytesPerRun: 0, samples: plainSamples)
        let overData = TimingSummary(
            name: "GraphQLHTTPClient over data(for:)", bytesPerRun: 0, samples: plainClientSamples)
        var table = TextTable(header: ["side", "median ms / round", "min ms", "µs per request (median)"])
        for summary in [plain, viaClient, overData] {
            table.rows.append([
                summary.name, String(format: "%.1f", summary.medianMilliseconds),
                String(format: "%.1f", summary.minimumMilliseconds),
                String(format: "%.1f", summary.medianMilliseconds * 1000 / Double(perRound)),
            ])
        }
        for line in table.lines { print(line) }
        let ratio = viaClient.medianMilliseconds / plain.medianMilliseconds
        let verdict = ratio <= targetRatio ? "PASS" : "FAIL"
        print(
            "target: client/URLSession <= \(String(format: "%.2f", targetRatio)): \(verdict) (\(String(format: "%.2f", ratio)))"
        )
        return 0
    }
}
