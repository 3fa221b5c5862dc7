import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import GraphQLBridgeTesting

/// The nested list tests' server (``NestedListPolicyTests``): shelves (`id` "s<n>"), each holding every item (`id`
/// "i<number>"), its `items` served below a number, newest first, and its `itemsConnection` as a Relay connection
/// (cursor "c<number>"); `addShelfItem` adds an item. Answers at once, except `addShelfItem` while ``holdsMutations``:
/// then it waits until the test answers it (``answerMutation(refusing:)``).
final class ShelfServer: Sendable {
    private struct State: @unchecked Sendable {
        /// number → name.
        var items: [Int: String]
        var holdsMutations = false
        /// The held `addShelfItem`: its variables and reply.
        var held: (variables: [String: Any], reply: CheckedContinuation<(HTTPResponse, Data), Never>)?
        var requestCount = 0
    }

    private let state: Locked<State>
    let transport: MockTransport
    /// The endpoint the tests' clients use (the transport answers whatever the URL).
    static let endpoint = URL(fileURLWithPath: "/shelves.test/graphql")

    init(numbers: [Int]) {
        state = Locked(State(items: Dictionary(uniqueKeysWithValues: numbers.map { ($0, "item \($0)") })))
        transport = MockTransport()
        transport.setHandler { [weak self] _, body in
            guard let self else { throw CancellationError() }
            return await self.receive(body)
        }
    }

    var requestCount: Int { state.withLock { $0.requestCount } }
    var isHoldingMutation: Bool { state.withLock { $0.held != nil } }
    func holdMutations() { state.withLock { $0.holdsMutations = true } }
    func rename(_ number: Int, to name: String) { state.withLock { $0.items[number] = name } }

    /// Answers the held `addShelfItem`: applied (the item added, the shelf returned), or refused (errors, no data).
    func answerMutation(refusing: Bool) {
        let reply = state.withLock { state -> (CheckedContinuation<(HTTPResponse, Data), Never>, Data)? in
            guard let held = state.held else { return nil }
            state.held = nil
            let body =
                refusing
                ? Data(#"{"data":null,"errors":[{"message":"refused"}]}"#.utf8)
                : Self.body("AddShelfItem", held.variables, state: &state)
            return (held.reply, body)
        }
        reply?.0.resume(returning: (Self.head, reply?.1 ?? Data()))
    }

    private static let head = HTTPResponse(
        status: 200, headers: ["Content-Type": GraphQLResponseDecoder.graphQLResponseMediaType])

    private func receive(_ body: Data) async -> (HTTPResponse, Data) {
        let request = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
        let name = request["operationName"] as? String ?? ""
        let variables = request["variables"] as? [String: Any] ?? [:]
        let holds = state.withLock { state in
            state.requestCount += 1
            return name == "AddShelfItem" && state.holdsMutations
        }
        guard holds else {
            return (Self.head, state.withLock { Self.body(name, variables, state: &$0) })
        }
        return await withCheckedContinuation { continuation in
            state.withLock { $0.held = (variables, continuation) }
        }
    }

    static func item(_ number: Int, _ name: String) -> String {
        #"{"__typename":"Item","id":"i\#(number)","number":\#(number),"name":"\#(name)"}"#
    }

    private static func body(_ name: String, _ variables: [String: Any], state: inout State) -> Data {
        let numbers = state.items.keys.sorted()
        let items = state.items
        func below() -> String {
            let last = variables["last"] as? Int ?? 0
            let before = variables["before"] as? Int
            let chosen = numbers.reversed().filter { number in before.map { number < $0 } ?? true }.prefix(last)
            return "[" + chosen.map { item($0, items[$0] ?? "") }.joined(separator: ",") + "]"
        }
        func cursorNumber(_ key: String) -> Int? {
            (variables[key] as? String).flatMap { Int($0.dropFirst()) }
        }
        switch name {
        case "ShelfItems":
            let id = variables["id"] as? String ?? ""
            return Data(
                #"{"data":{"shelf":{"__typename":"Shelf","id":"\#(id)","name":"shelf \#(id)","items":\#(below())}}}"#
                    .utf8)
        case "AddShelfItem":
            let id = variables["shelfId"] as? String ?? ""
            let number = variables["number"] as? Int ?? 0
            state.items[number] = state.items[number] ?? "item \(number)"
            let numbers = state.items.keys.sorted()
            let items = state.items
            let last = variables["last"] as? Int ?? 0
            let before = variables["before"] as? Int
            let chosen = numbers.reversed().filter { number in before.map { number < $0 } ?? true }.prefix(last)
            let list = "[" + chosen.map { item($0, items[$0] ?? "") }.joined(separator: ",") + "]"
            return Data(
                (#"{"data":{"addShelfItem":{"__typename":"Shelf","id":"\#(id)","name":"shelf \#(id)","#
                    + #""items":\#(list)}}}"#).utf8)
        case "ShelfConnection":
            let id = variables["id"] as? String ?? ""
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
                (#"{"data":{"shelf":{"__typename":"Shelf","id":"\#(id)","itemsConnection":{"#
                    + #""edges":[\#(edges.joined(separator: ","))],"pageInfo":{"#
                    + #""hasNextPage":\#(hasNext),"hasPreviousPage":\#(hasPrevious),"#
                    + #""startCursor":\#(start),"endCursor":\#(end)}}}}}"#).utf8)
        default:
            return Data(#"{"errors":[{"message":"unknown operation \#(name)"}]}"#.utf8)
        }
    }
}
