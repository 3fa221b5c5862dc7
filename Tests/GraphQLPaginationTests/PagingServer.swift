import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import GraphQLBridgeTesting

/// The pagination tests' server: numbered items (`id` "i<number>"), served as a Relay connection (cursor "c<number>"),
/// by offset and limit, and below a number, newest first (each also as a `listed` field, one list in the cache). Each request waits until the test answers it
/// (``answer(at:failing:)``), so loads overlap as the test says; with `holdsRequests` false it answers at once.
final class PagingServer: Sendable {
    struct Pending: @unchecked Sendable {
        let operationName: String
        let variables: [String: Any]
        let reply: CheckedContinuation<(HTTPResponse, Data), Never>
        // `[String: Any]` holds only JSON values here, read on the caller's task.
        init(operationName: String, variables: [String: Any], reply: CheckedContinuation<(HTTPResponse, Data), Never>) {
            self.operationName = operationName
            self.variables = variables
            self.reply = reply
        }
    }

    private struct State: @unchecked Sendable {
        /// number → name.
        var items: [Int: String]
        var pending: [Pending] = []
        var requestCount = 0
        /// What came and what was answered, in order (for a hang's report).
        var history: [String] = []
        /// The `Cache-Control` header of the answers (none when `nil`).
        var cacheControl: String?
    }

    private let state: Locked<State>
    /// The endpoint the tests' clients use (the transport answers whatever the URL).
    static let endpoint = URL(fileURLWithPath: "/paging.test/graphql")
    let holdsRequests: Bool
    let transport: MockTransport

    init(numbers: [Int], holdsRequests: Bool) {
        state = Locked(State(items: Dictionary(uniqueKeysWithValues: numbers.map { ($0, "item \($0)") })))
        self.holdsRequests = holdsRequests
        transport = MockTransport()
        transport.setHandler { [weak self] _, body in
            guard let self else { throw CancellationError() }
            return await self.receive(body)
        }
    }

    var pendingCount: Int { state.withLock { $0.pending.count } }
    /// What came and what was answered, in order.
    var history: [String] { state.withLock { $0.history } }
    /// Notes `text` in the ``history`` (a test's step).
    func note(_ text: String) { state.withLock { $0.history.append(text) } }
    var requestCount: Int { state.withLock { $0.requestCount } }
    /// The pending requests' operation names and variables, in the order they came.
    var pendingVariables: [[String: Any]] { state.withLock { $0.pending.map(\.variables) } }

    /// Adds the item `number` named `item N`; an item already there keeps its name (as the model says).
    func insert(_ number: Int) {
        state.withLock { state in
            if state.items[number] == nil { state.items[number] = "item \(number)" }
        }
    }
    func rename(_ number: Int, to name: String) { state.withLock { $0.items[number] = name } }
    /// Removes the item `number`.
    func remove(_ number: Int) { state.withLock { $0.items[number] = nil } }
    var items: [Int: String] { state.withLock { $0.items } }
    /// Sets the `Cache-Control` header of the answers from now on (`nil`: none, the cache's default lifetime).
    func setCacheControl(_ value: String?) { state.withLock { $0.cacheControl = value } }

    /// Loads `pages` pages through `pager`, answering each page's request as it comes (a server that holds requests).
    @MainActor
    func load<Query, Item>(_ pages: Int, through pager: GraphQLQueryPager<Query, Item>) async throws {
        for _ in 0..<pages {
            let load = Task { try await pager.loadNext() }
            try await HangDetector.waitUntil("a page's request") { @MainActor in self.pendingCount == 1 }
            answer(at: 0, failing: false)
            try await load.value
        }
    }

    /// Answers the pending request at `index` from the items as they are now, or with a GraphQL error.
    func answer(at index: Int, failing: Bool) {
        let (pending, body, head) = state.withLock { state in
            let pending = state.pending.remove(at: index)
            state.history.append("answered \(pending.operationName) \(pending.variables)\(failing ? " failing" : "")")
            return (
                pending,
                failing
                    ? Data(#"{"data":null,"errors":[{"message":"page refused"}]}"#.utf8)
                    : Self.body(pending.operationName, pending.variables, state: &state),
                Self.head(state.cacheControl)
            )
        }
        pending.reply.resume(returning: (head, body))
    }

    private static func head(_ cacheControl: String?) -> HTTPResponse {
        let type = GraphQLResponseDecoder.graphQLResponseMediaType
        guard let cacheControl else { return HTTPResponse(status: 200, headers: ["Content-Type": type]) }
        return HTTPResponse(status: 200, headers: ["Content-Type": type, "Cache-Control": cacheControl])
    }

    private func receive(_ body: Data) async -> (HTTPResponse, Data) {
        let request = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
        let name = request["operationName"] as? String ?? ""
        let variables = request["variables"] as? [String: Any] ?? [:]
        if !holdsRequests || name == "RenameItem" {
            let (body, head) = state.withLock { state in
                state.requestCount += name == "RenameItem" ? 0 : 1
                return (Self.body(name, variables, state: &state), Self.head(state.cacheControl))
            }
            return (head, body)
        }
        return await withCheckedContinuation { continuation in
            state.withLock { state in
                state.requestCount += 1
                state.history.append("came \(name) \(variables)")
                state.pending.append(Pending(operationName: name, variables: variables, reply: continuation))
            }
        }
    }

    static func item(_ number: Int, _ name: String) -> String {
        #"{"__typename":"Item","id":"i\#(number)","number":\#(number),"name":"\#(name)"}"#
    }

    private static func body(_ name: String, _ variables: [String: Any], state: inout State) -> Data {
        // The `listed` fields (one list in the cache) answer as the fields they copy.
        if name.hasPrefix("Listed") {
            let base = String(name.dropFirst("Listed".count))
            let copied = String(decoding: body(base, variables, state: &state), as: UTF8.self)
            let field = base.prefix(1).lowercased() + base.dropFirst()
            let listed = "listed" + base
            return Data(copied.replacingOccurrences(of: #"{"data":{"\#(field)""#, with: #"{"data":{"\#(listed)""#).utf8)
        }
        let numbers = state.items.keys.sorted()
        let items = state.items
        func list(_ chosen: some Sequence<Int>) -> String {
            "[" + chosen.map { item($0, items[$0] ?? "") }.joined(separator: ",") + "]"
        }
        func cursorNumber(_ key: String) -> Int? {
            (variables[key] as? String).flatMap { Int($0.dropFirst()) }
        }
        switch name {
        case "ItemsConnection":
            var chosen: [Int]
            if let last = variables["last"] as? Int {
                let before = cursorNumber("before")
                chosen = Array(numbers.filter { number in before.map { number < $0 } ?? true }.suffix(last))
            } else {
                let first = variables["first"] as? Int ?? numbers.count
                let after = cursorNumber("after")
                chosen = Array(numbers.filter { number in after.map { number > $0 } ?? true }.prefix(first))
            }
            let hasNext = chosen.last.map { last in numbers.contains { $0 > last } } ?? false
            let hasPrevious = chosen.first.map { first in numbers.contains { $0 < first } } ?? false
            let edges = chosen.map { #"{"cursor":"c\#($0)","node":\#(item($0, items[$0] ?? ""))}"# }
            let start = chosen.first.map { #""c\#($0)""# } ?? "null"
            let end = chosen.last.map { #""c\#($0)""# } ?? "null"
            return Data(
                (#"{"data":{"itemsConnection":{"edges":[\#(edges.joined(separator: ","))],"pageInfo":{"#
                    + #""hasNextPage":\#(hasNext),"hasPreviousPage":\#(hasPrevious),"#
                    + #""startCursor":\#(start),"endCursor":\#(end)}}}}"#).utf8)
        case "ItemsPage":
            let offset = variables["offset"] as? Int ?? 0
            let limit = variables["limit"] as? Int ?? 0
            return Data(#"{"data":{"itemsPage":\#(list(numbers.dropFirst(offset).prefix(limit)))}}"#.utf8)
        case "ItemsBefore":
            let last = variables["last"] as? Int ?? 0
            let before = variables["before"] as? Int
            let chosen = numbers.reversed().filter { number in before.map { number < $0 } ?? true }.prefix(last)
            return Data(#"{"data":{"itemsBefore":\#(list(chosen))}}"#.utf8)
        case "ItemsBeforeID":
            // (As `ItemsBefore`, below the item whose id is `before`: the `listed` field's answer.)
            let last = variables["last"] as? Int ?? 0
            let before = (variables["before"] as? String).flatMap { Int($0.dropFirst()) }
            let chosen = numbers.reversed().filter { number in before.map { number < $0 } ?? true }.prefix(last)
            return Data(#"{"data":{"itemsBeforeID":\#(list(chosen))}}"#.utf8)
        case "RenameItem":
            let id = variables["id"] as? String ?? ""
            let number = Int(id.dropFirst()) ?? -1
            guard state.items[number] != nil else { return Data(#"{"data":{"renameItem":null}}"#.utf8) }
            state.items[number] = variables["name"] as? String ?? ""
            return Data(#"{"data":{"renameItem":\#(item(number, state.items[number] ?? ""))}}"#.utf8)
        default:
            return Data(#"{"errors":[{"message":"unknown operation \#(name)"}]}"#.utf8)
        }
    }
}
