/// A generated subscription: a long-lived operation whose results arrive as a stream of events, each one an
/// execution result of the operation's one root field (`drawUpdated(gameId:)`).
///
/// Run it with ``GraphQLHTTPClient/subscribe(_:errorPolicy:)``, over the transport chosen with the client's
/// `subscriptions:` parameter (``GraphQLSubscriptionTransport``).
public protocol GraphQLSubscription: GraphQLOperation {}

extension GraphQLSubscription {
    /// Always ``GraphQLOperationType/subscription``.
    public static var operationType: GraphQLOperationType { .subscription }
}
