import GraphQLBridge

/// `query Ping`: an operation without variables; `data.ping` is a string, `data.level` an `Int`.
struct PingQuery: GraphQLQuery {
    static let operationName = "Ping"
    static let document = "query Ping{ping level}"

    struct Data: Decodable, Sendable, Hashable {
        let ping: String
        let level: Int?
    }
}
