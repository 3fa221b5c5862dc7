import Foundation
import GraphQLParser
import GraphQLSchema

/// A mock GraphQL server for any schema (`graphql-bridge serve --schema FILE`): the GraphQL endpoint over HTTP
/// (`POST`, and `GET` for queries, at `/graphql`), requests validated against the schema, introspection, and
/// answers drawn by ``MockResolvers`` (seeded, deterministic, lists of a given size), so that a team can build a
/// screen before its backend exists. Subscriptions are refused with a request error.
package final class MockGraphQLServer: Sendable {
    /// What the server was started with.
    package struct Options: Sendable {
        /// The port (0 picks a free one).
        package var port: UInt16 = 0
        /// The seed every answer is drawn from.
        package var seed: UInt64 = 1
        /// How many items a list has.
        package var listSize = 3
        /// The incremental-delivery format when a request accepts both (`@defer`, `@stream`).
        package var incrementalFormat = GraphQLIncrementalFormat.current
        /// How long each increment of an incremental result waits after the one before.
        package var incrementalDelay = Duration.zero

        /// The defaults: a free port, seed 1, lists of 3, the current incremental format with no delay.
        package init(
            port: UInt16 = 0, seed: UInt64 = 1, listSize: Int = 3,
            incrementalFormat: GraphQLIncrementalFormat = .current, incrementalDelay: Duration = .zero
        ) {
            self.port = port
            self.seed = seed
            self.listSize = listSize
            self.incrementalFormat = incrementalFormat
            self.incrementalDelay = incrementalDelay
        }
    }

    /// `http://127.0.0.1:<port>/graphql`.
    package let graphQLURL: URL
    /// The port it listens on.
    package let port: UInt16
    private let http: HTTPServer

    private init(http: HTTPServer, graphQLURL: URL) {
        self.http = http
        self.port = http.port
        self.graphQLURL = graphQLURL
    }

    /// Starts a server for `schema` on 127.0.0.1.
    /// - Throws: ``EmbeddedServerError`` when the socket cannot be set up.
    package static func start(schema: Schema, options: Options = Options()) throws -> MockGraphQLServer {
        let preparer = GraphQLRequestPreparer(schema: .success(schema))
        let resolvers = MockResolvers(schema: schema, seed: options.seed, listSize: options.listSize)
        let http = try HTTPServer.start(port: options.port, name: "MockGraphQLServer") { request in
            respond(to: request, preparer: preparer, resolvers: resolvers, options: options)
        }
        guard let url = URL(string: "http://127.0.0.1:\(http.port)/graphql") else {
            http.stop()
            throw EmbeddedServerError.socketCallFailed(call: "URL", errno: 0)
        }
        return MockGraphQLServer(http: http, graphQLURL: url)
    }

    /// Stops the server (safe to call more than once).
    package func stop() {
        http.stop()
    }

    /// Answers one request: the GraphQL endpoint at `/graphql`, 404 elsewhere.
    static func respond(
        to request: HTTPRequest, preparer: GraphQLRequestPreparer, resolvers: MockResolvers, options: Options
    ) -> HTTPResponse {
        guard request.path == "/graphql" || request.path == "/graphql/" else {
            return .text(status: 404, "not found: the GraphQL endpoint is /graphql")
        }
        let mediaType = GraphQLMediaType.negotiate(accept: request.header("Accept"))
        let parameters: GraphQLRequestParameters
        switch GraphQLRequestParameters.read(request) {
        case .success(let read): parameters = read
        case .failure(let problem):
            return .graphQLError(
                status: problem.status, message: problem.message, mediaType: mediaType, headers: problem.headers)
        }
        guard let query = parameters.query else {
            return .graphQLError(status: 400, message: "the request has no query", mediaType: mediaType)
        }
        let outcome: GraphQLOutcome
        switch preparer.prepare(query: query, operationName: parameters.operationName, variables: parameters.variables)
        {
        case .failed(let failed):
            outcome = failed
        case .ready(let prepared):
            var executor = GraphQLExecutor(
                schema: prepared.schema, resolvers: resolvers, customScalars: preparer.customScalars,
                fragments: prepared.fragments, variables: prepared.variables)
            let kind = prepared.operation.operation
            if let format = GraphQLIncrementalFormat.negotiate(
                accept: request.header("Accept"), preferred: options.incrementalFormat),
                kind == .query || (kind == .mutation && request.method == "POST")
            {
                let root = resolvers.root(prepared.schema.rootType(for: kind)?.name ?? kind.rawValue)
                let payloads = executor.executeIncrementally(
                    prepared.operation.selectionSet, root: root, format: format)
                if payloads.count > 1 {
                    return .incremental(payloads, format: format, delay: options.incrementalDelay)
                }
                executor.errors = []
            }
            outcome = .run(prepared, readOnly: request.method == "GET", executor: executor) { kind in
                resolvers.root(prepared.schema.rootType(for: kind)?.name ?? kind.rawValue)
            }
        }
        if outcome.refusedAsReadOnly {
            return .graphQLError(
                status: 405, message: "mutations are POST only: POST this request", mediaType: mediaType,
                headers: [("Allow", "POST")])
        }
        let status = outcome.isRequestError && mediaType == .graphQLResponseJSON ? 400 : 200
        return .json(status: status, outcome.body, contentType: mediaType.rawValue)
    }
}
