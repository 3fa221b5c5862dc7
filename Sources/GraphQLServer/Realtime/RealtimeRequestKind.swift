/// Which realtime transport a request at `/graphql` asks for, if any.
package enum RealtimeRequestKind: Sendable, Hashable {
    /// `POST` with `Accept: text/event-stream` (GraphQL over SSE, distinct connections).
    case serverSentEvents
    /// `POST` with `Accept: multipart/mixed;subscriptionSpec=…` (Apollo Router's multipart subscriptions).
    case multipart
    /// `GET` with `Upgrade: websocket`.
    case webSocket

    /// The kind of `request`; `nil` for a plain GraphQL request.
    package init?(_ request: HTTPRequest) {
        if request.method == "GET",
            request.header("Upgrade")?.lowercased().split(separator: ",").contains(where: {
                $0.trimmingOWS() == "websocket"
            }) == true
        {
            self = .webSocket
            return
        }
        guard request.method == "POST", let accept = request.header("Accept")?.lowercased() else { return nil }
        let types = accept.split(separator: ",").map { $0.split(separator: ";").first.map { $0.trimmingOWS() } ?? "" }
        for type in types {
            if type == "text/event-stream" {
                self = .serverSentEvents
                return
            }
            if type == "multipart/mixed" {
                self = .multipart
                return
            }
            if type == "application/json" || type == "application/graphql-response+json" { return nil }
        }
        return nil
    }
}
