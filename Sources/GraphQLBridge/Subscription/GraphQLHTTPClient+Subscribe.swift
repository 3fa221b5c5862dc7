import Foundation
import GraphQLBridgeSupport

extension GraphQLHTTPClient {
    /// Runs a subscription over the client's ``subscriptions`` transport: see ``GraphQLSubscriptionSequence``.
    ///
    /// ```swift
    /// for try await event in client.subscribe(DrawUpdatedSubscription(gameId: "6x45")) {
    ///     show(event.data?.drawUpdated)    // and every GameQuery watcher of that draw updates too
    /// }
    /// ```
    /// - Parameters:
    ///   - subscription: the generated subscription, with its variables.
    ///   - errorPolicy: whether an event with GraphQL errors beside its data ends the subscription (the default) or
    ///     is given with its partial data.
    public func subscribe<Subscription: GraphQLSubscription>(
        _ subscription: Subscription, errorPolicy: GraphQLErrorPolicy = .failOnAnyError
    ) -> GraphQLSubscriptionSequence<Subscription> {
        GraphQLSubscriptionSequence(client: self, subscription: subscription, errorPolicy: errorPolicy)
    }

    /// The `Accept` header of a subscription over Server-Sent Events.
    static let eventStreamAccept = "text/event-stream"
    /// The `Accept` header of a multipart subscription, as Apollo Router asks for it.
    static let multipartAccept = "multipart/mixed;subscriptionSpec=\"1.0\", application/json"

    /// The source of a subscription's payloads over the client's transport.
    func subscriptionSource<Subscription: GraphQLSubscription>(
        _ subscription: Subscription, variables: [String: JSONValue], onOpen: (@Sendable () -> Void)? = nil
    ) async throws(APIError) -> any SubscriptionPayloadSource {
        let name = Subscription.operationName
        // Registered-only: the id alone, as a query's hash-only `POST` carries it (SSE and multipart bodies, the
        // WebSocket `subscribe` payload); automatic persisted queries are for queries and mutations only.
        let body =
            persistedQueries.mode == .registeredOnly
            ? GraphQLRequestBuilder.hashOnlyBody(
                operationName: name, variables: variables, identifier: Subscription.operationIdentifier)
            : OperationTypeCache.shared.requestBody(Subscription.self, variables: variables)
        let transport = subscriptions
        switch transport.kind {
        case .serverSentEvents(let streaming):
            return HTTPSubscriptionSource(
                format: .serverSentEvents, operationName: name, options: transport.options, random: transport.random,
                sleep: transport.sleep, onOpen: onOpen
            ) {
                [self] in
                try await openStream(
                    body: body, accept: Self.eventStreamAccept, operationName: name, transport: streaming,
                    idleTimeout: transport.options.idleTimeout)
            }
        case .multipartHTTP(let streaming):
            return HTTPSubscriptionSource(
                format: .multipart, operationName: name, options: transport.options, random: transport.random,
                sleep: transport.sleep, onOpen: onOpen
            ) {
                [self] in
                try await openStream(
                    body: body, accept: Self.multipartAccept, operationName: name, transport: streaming,
                    idleTimeout: transport.options.idleTimeout)
            }
        case .webSocket(let url, let engine):
            let payload = String(decoding: body, as: UTF8.self)
            let (id, stream) = await engine.subscribe(operationName: name, payload: payload, onOpen: onOpen) {
                [self] in
                try await openWebSocket(url: url, connector: engine.connector, operationName: name)
            }
            return WebSocketSubscriptionSource(engine: engine, id: id, operationName: name, stream: stream)
        }
    }

    /// Opens a subscription's stream through the middlewares: they see the request and the response head (and the
    /// whole body when the status is not 2xx); a response that is not 2xx is thrown as
    /// ``SubscriptionConnectionError/httpStatus(status:body:errors:)``.
    private func openStream(
        body: Data, accept: String, operationName: String, transport: any GraphQLStreamingTransport,
        idleTimeout: Duration?
    ) async throws -> GraphQLStreamingResponse {
        var request = HTTPRequest(method: "POST", url: endpoint, timeout: timeout)
        request.headers["Content-Type"] = "application/json"
        request.headers["Accept"] = accept
        let opened = LatestValue<GraphQLStreamingResponse>()
        let (head, errorBody) = try await throughMiddlewares(request, body: body, operationName: operationName) {
            request, body, _ in
            let response = try await transport.stream(request, body: body, idleTimeout: idleTimeout)
            guard (200..<300).contains(response.head.status) else {
                opened.replace(with: nil)?.cancel()
                let collected = await Self.collect(response, limit: 64 * 1024)
                response.cancel()
                return (response.head, collected)
            }
            opened.replace(with: response)?.cancel()
            return (response.head, Data())
        } onFailure: {
            opened.replace(with: nil)?.cancel()
        }
        guard (200..<300).contains(head.status), var response = opened.replace(with: nil) else {
            opened.replace(with: nil)?.cancel()
            let errors = SubscriptionMessage.graphQLErrors(SubscriptionMessage(errorBody)?.errors)
            let refusal = SubscriptionConnectionError.httpStatus(status: head.status, body: errorBody, errors: errors)
            if let wait = RetryAfter.delay(status: head.status, headers: head.headers) {
                throw SubscriptionConnectionError.throttled(refusal, retryAfter: wait)
            }
            throw refusal
        }
        response.head = head
        return response
    }

    /// Opens the WebSocket through the middlewares (they see the upgrade request and a 101, or the refusal's
    /// status and header fields); returns the upgrade request as they left it. A 429 or 503 refusal with a
    /// `Retry-After` is thrown as ``SubscriptionConnectionError/throttled(_:retryAfter:)``.
    private func openWebSocket(url: URL, connector: any GraphQLWebSocketConnector, operationName: String) async throws
        -> (HTTPRequest, any GraphQLWebSocketConnection)
    {
        let upgrade = HTTPRequest(method: "GET", url: url, timeout: timeout)
        let opened = LatestValue<(HTTPRequest, any GraphQLWebSocketConnection)>()
        let (head, body) = try await throughMiddlewares(upgrade, body: Data(), operationName: operationName) {
            request, _, _ in
            do {
                let connection = try await connector.connect(
                    request, subprotocols: [GraphQLWebSocketClient.subprotocol])
                if let previous = opened.replace(with: (request, connection)) {
                    await previous.1.close(code: 1000, reason: "replaced")
                }
                return (HTTPResponse(status: 101), Data())
            } catch let error as GraphQLWebSocketError {
                guard case .upgradeRefused(let status) = error.kind else { throw error }
                return (HTTPResponse(status: status, headers: error.responseHeaders), Data(error.message.utf8))
            }
        } onFailure: {
            if let previous = opened.replace(with: nil) { Task { await previous.1.close(code: 1000, reason: "") } }
        }
        guard head.status == 101, let connection = opened.replace(with: nil) else {
            if let previous = opened.replace(with: nil) { await previous.1.close(code: 1000, reason: "") }
            let refusal = SubscriptionConnectionError.httpStatus(status: head.status, body: body, errors: [])
            if let wait = RetryAfter.delay(status: head.status, headers: head.headers) {
                throw SubscriptionConnectionError.throttled(refusal, retryAfter: wait)
            }
            throw refusal
        }
        return connection
    }

    /// Runs the client's middlewares around `open`; `onFailure` runs when the chain throws (to close what `open`
    /// opened).
    private func throughMiddlewares(
        _ request: HTTPRequest, body: Data, operationName: String, open: @escaping GraphQLMiddleware.Next,
        onFailure: () -> Void
    ) async throws -> (HTTPResponse, Data) {
        var next = open
        for middleware in middlewares.reversed() {
            let inner = next
            next = { request, body, name in
                try await middleware.intercept(request, body: body, operationName: name, next: inner)
            }
        }
        do {
            try Task.checkCancellation()
            return try await next(request, body, operationName)
        } catch {
            onFailure()
            if error is SubscriptionConnectionError || error is GraphQLWebSocketError || error is TransportError
                || error is URLError || error is CancellationError
            {
                throw error
            }
            throw SubscriptionConnectionError.middleware("\(error)")
        }
    }

    /// The start of a refused response's body (up to `limit` bytes).
    static func collect(_ response: GraphQLStreamingResponse, limit: Int) async -> Data {
        var collected = Data()
        do {
            for try await piece in response.body {
                collected.append(piece)
                if collected.count >= limit { break }
            }
        } catch {}
        return collected.prefix(limit)
    }
}

/// The last value a middleware chain's innermost step produced (a chain may call it more than once).
final class LatestValue<Value: Sendable>: Sendable {
    private let value = Locked<Value?>(nil)

    /// Stores `newValue` and returns the one it replaces.
    func replace(with newValue: Value?) -> Value? {
        value.withLock { value in
            let old = value
            value = newValue
            return old
        }
    }
}
