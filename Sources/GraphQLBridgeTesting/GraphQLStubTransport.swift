import Foundation
import GraphQLBridge
import GraphQLBridgeSupport

/// A `GraphQLTransport` for tests that answers generated operations with typed values: a test states a
/// `GameQuery.Data` built in Swift, and the transport sends it as the server would (`{"data":{...}}`: `Long` as a
/// JSON number, `DateTime` as RFC 3339 text, enum values as their raw value, `nil` as `null`), so the response goes
/// through the same decoding, error policy and adapters as a live one. It records every request, and reads back
/// the variables of each one as the operation's typed `Variables`.
///
/// ```swift
/// let transport = GraphQLStubTransport()
/// transport.stub(GameQuery(id: "6x45"), data: GameQuery.Data(game: game))     // only for these variables
/// transport.stub(DrawsQuery.self) { variables in DrawsQuery.Data(draws: draws(variables.gameId)) }
/// let client = GraphQLHTTPClient(endpoint: URL(string: "https://api.example/graphql")!, transport: transport)
/// // ... run the code under test ...
/// #expect(try transport.variables(of: GameQuery.self) == [GameQuery.Variables(id: "6x45")])
/// ```
///
/// A request that no stub answers fails with `APIError.unimplemented`, which names the operation, its variables and
/// the stub to add (a test's mistake, not the network's). The most recently added stub that matches a request answers it. Safe to use from any task.
public final class GraphQLStubTransport: GraphQLTransport, Sendable {
    /// Answers a request whose body is `body`, or returns `nil` when it does not match.
    typealias Stub = @Sendable (_ body: Data) throws -> (HTTPResponse, Data)?

    private struct State {
        var stubs: [String: [Stub]] = [:]
        var recorded: [RecordedRequest] = []
        var unanswered: [RecordedRequest] = []
    }

    private let state = Locked(State())

    /// Creates a transport with no stubs: every request fails until one is added.
    public init() {}

    /// Every request received so far, in order.
    public var requests: [RecordedRequest] { state.withLock { $0.recorded } }

    /// The requests that no stub answered, in order: a test can require it to be empty.
    public var unstubbedRequests: [RecordedRequest] { state.withLock { $0.unanswered } }

    /// Answers every request for `Operation` with `data` (and `errors` beside it, for partial data).
    public func stub<Operation: GraphQLOperation>(
        _ operation: Operation.Type, data: Operation.Data, errors: [GraphQLError] = []
    ) where Operation.Data: Encodable, Operation.Variables: Decodable {
        stub(operation, errors: errors) { _ in data }
    }

    /// Answers the requests for `Operation` whose variables equal `operation`'s with `data` (and `errors`).
    public func stub<Operation: GraphQLOperation>(
        _ operation: Operation, data: Operation.Data, errors: [GraphQLError] = []
    ) where Operation.Data: Encodable, Operation.Variables: Decodable & Equatable {
        let expected = operation.variables
        add(Operation.self) { (variables: Operation.Variables) throws -> Data? in
            guard variables == expected else { return nil }
            return try Self.body(data: data, errors: errors, operation: Operation.operationName)
        }
    }

    /// Answers every request for `Operation` with the data `answer` computes from the request's typed variables.
    public func stub<Operation: GraphQLOperation>(
        _ operation: Operation.Type, errors: [GraphQLError] = [],
        answer: @escaping @Sendable (Operation.Variables) throws -> Operation.Data
    ) where Operation.Data: Encodable, Operation.Variables: Decodable {
        add(Operation.self) { (variables: Operation.Variables) throws -> Data? in
            try Self.body(data: answer(variables), errors: errors, operation: Operation.operationName)
        }
    }

    /// Answers every request for `Operation` with `errors` and no data, as a server answers a request error;
    /// `data: null` with `dataIsNull`.
    public func stub<Operation: GraphQLOperation>(
        _ operation: Operation.Type, errors: [GraphQLError], dataIsNull: Bool = false
    ) where Operation.Variables: Decodable {
        add(Operation.self) { (_: Operation.Variables) -> Data? in
            GraphQLResponseFixture.body(data: dataIsNull ? "null" : nil, errors: errors)
        }
    }

    /// The variables of every request for `Operation` received so far, in order, as its typed `Variables`.
    /// - Throws: a `DecodingError` when a request's variables do not decode as `Operation.Variables`.
    public func variables<Operation: GraphQLOperation>(of operation: Operation.Type) throws -> [Operation.Variables]
    where Operation.Variables: Decodable {
        try requests.filter { $0.operationName == Operation.operationName }.map {
            try Self.variables(in: $0.graphQLBody)
        }
    }

    /// Forgets the stubs and the recorded requests.
    public func reset() {
        state.withLock { state in
            state.stubs.removeAll()
            state.recorded.removeAll()
            state.unanswered.removeAll()
        }
    }

    /// Records the request, then answers it with the most recent matching stub.
    public func send(_ request: HTTPRequest, body: Data, operationName: String) async throws -> (HTTPResponse, Data) {
        let record = RecordedRequest(request: request, body: body, transportOperationName: operationName)
        let name = record.operationName ?? operationName
        let (candidates, number) = state.withLock { state -> ([Stub], Int) in
            state.recorded.append(record)
            return (state.stubs[name] ?? [], state.recorded.count)
        }
        // A `GET` (persisted queries) carries its parameters in the URL: read them as the body would be.
        let parameters = record.graphQLBody
        for stub in candidates.reversed() {
            if let answer = try stub(parameters) { return answer }
        }
        state.withLock { $0.unanswered.append(record) }
        let swiftName = name + Self.operationTypeSuffix(of: record.query)
        throw APIError.unimplemented(
            operation: name,
            request: "\(swiftName) with variables \(record.variables?.jsonText ?? "{}") (request \(number))",
            advice: Self.missingStubAdvice(swiftName: swiftName))
    }

    // MARK: Helpers

    private func add<Operation: GraphQLOperation>(
        _ operation: Operation.Type, _ answer: @escaping @Sendable (Operation.Variables) throws -> Data?
    ) where Operation.Variables: Decodable {
        let stub: Stub = { body in
            let variables: Operation.Variables
            do {
                variables = try Self.variables(in: body)
            } catch {
                throw APIError.encoding(
                    operation: Operation.operationName,
                    reason:
                        "GraphQLStubTransport cannot read the variables the client sent as \(Operation.self).Variables "
                        + "(their Encodable and Decodable conformances disagree): \(error)")
            }
            guard let data = try answer(variables) else { return nil }
            return (
                HTTPResponse(status: 200, headers: ["Content-Type": GraphQLResponseDecoder.graphQLResponseMediaType]),
                data
            )
        }
        state.withLock { $0.stubs[Operation.operationName, default: []].append(stub) }
    }

    /// The response body a server sends: `{"data":<data>}` with `errors` when there are any.
    static func body<Value: Encodable>(data: Value, errors: [GraphQLError], operation: String) throws -> Data {
        let encoded: Data
        do {
            encoded = try JSONEncoder().encode(data)
        } catch let EncodingError.invalidValue(_, context) {
            throw GraphQLStubError(
                operation: operation, path: GraphQLDecodingError.render(context.codingPath),
                reason: context.debugDescription)
        }
        // A value whose `__typename` has a type case view (`asX`) but no view writes only the shared fields: the
        // client would fail to decode them with advice about the schema. Said here, where the stub is the cause.
        if let decodable = Value.self as? any Decodable.Type {
            do {
                _ = try JSONDecoder().decode(decodable, from: encoded)
            } catch let DecodingError.keyNotFound(key, context) {
                throw GraphQLStubError(
                    operation: operation, path: GraphQLDecodingError.render(context.codingPath + [key]),
                    reason:
                        "the stubbed data has no `\(key.stringValue)`: when a value's `__typename` has a type case "
                        + "view (`asX`), the view must be set, with the fields it selects")
            } catch {
                // Any other failure is the client's to report, as it would for a server's answer.
            }
        }
        return GraphQLResponseFixture.body(data: String(decoding: encoded, as: UTF8.self), errors: errors)
    }

    /// The request body's `variables` as `Variables` (`{}` when the member is absent).
    static func variables<Variables: Decodable>(in body: Data) throws -> Variables {
        try JSONDecoder().decode(VariablesEnvelope<Variables>.self, from: body).variables
    }

    /// What a test that forgot a stub reads after the request: the call that adds a stub.
    static func missingStubAdvice(swiftName: String) -> String {
        "GraphQLStubTransport has no stub for it: add `transport.stub(\(swiftName).self, data: \(swiftName).Data(...))`, "
            + "or `transport.stub(\(swiftName).self) { variables in \(swiftName).Data(...) }` to answer per variables."
    }

    /// `Query`, `Mutation` or `Subscription`, from the document's first word (the generator's type name suffix).
    static func operationTypeSuffix(of document: String?) -> String {
        let keyword = document?.prefix { $0.isLetter } ?? ""
        switch keyword {
        case "mutation": return "Mutation"
        case "subscription": return "Subscription"
        default: return "Query"
        }
    }
}

/// A request body, of which only `variables` is read.
private struct VariablesEnvelope<Variables: Decodable>: Decodable {
    let variables: Variables

    enum CodingKeys: String, CodingKey {
        case variables
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.variables), try !container.decodeNil(forKey: .variables) {
            variables = try container.decode(Variables.self, forKey: .variables)
        } else {
            variables = try JSONDecoder().decode(Variables.self, from: Data("{}".utf8))
        }
    }
}
