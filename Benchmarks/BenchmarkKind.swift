/// The benchmarks this executable knows, in the order `all` runs them.
///
/// To add one: write its runner in a new file (a type with `static func run(options:) -> Int32`) and add a
/// case here and in ``run(options:)``.
enum BenchmarkKind: String, CaseIterable {
    /// Decoding 2,000 games and their draws through the floor, the GraphQL path and the REST path.
    case decode
    /// Parsing, building and validating graphql-core's big fixtures and generating LotteryAPI, beside graphql-core.
    case codegen
    /// The client cache: memory hits against decoding, and the cost of a merge as the store grows.
    case cache
    /// Live queries: a mutation reaching its one affected watcher among 0 to 10,000 unrelated ones.
    case watch
    /// 10,000 small queries over loopback through `GraphQLHTTPClient` against URLSession + JSONDecoder.
    case client
    /// Bytes per request of each LotteryAPI operation: the whole document, the persisted-query id by POST and by GET.
    case persisted
    /// Subscriptions over SSE, multipart and WebSocket: an event's way to a watcher against the transport's own
    /// delivery, events per second, 1,000 subscriptions on one socket and on SSE (memory per subscription).
    case realtime
    /// The lottery's comparison plan over about 1,000 and 10,000 entities: entities per second and peak memory.
    case compare
    /// The subscription stream parsers on a few MB in small pieces against one piece, and the memory a stalled
    /// consumer costs under a 192 MB flood (SSE and WebSocket).
    case streams
    /// Pagination and cache redirects: a page appended to a watched list of 50 pages against the 2nd, and a
    /// `draw(gameId:number:)` redirect read against a memo hit of the same object.
    case pager
    /// Incremental delivery: the draw screen's initial payload and last increment to a watch's elements, against the
    /// transport's own delivery.
    case incremental

    /// Runs the benchmark; the result is the process exit status (0 unless a correctness check failed).
    func run(options: BenchmarkOptions) -> Int32 {
        switch self {
        case .decode: return DecodeBenchmark.run(options: options)
        case .codegen: return CodegenBenchmark.run(options: options)
        case .cache: return CacheBenchmark.run(options: options)
        case .watch: return WatchBenchmark.run(options: options)
        case .client: return ClientBenchmark.run(options: options)
        case .persisted: return PersistedQueryBenchmark.run(options: options)
        case .realtime: return RealtimeBenchmark.run(options: options)
        case .compare: return CompareBenchmark.run(options: options)
        case .streams: return StreamsBenchmark.run(options: options)
        case .pager: return PagerBenchmark.run(options: options)
        case .incremental: return IncrementalBenchmark.run(options: options)
        }
    }
}
