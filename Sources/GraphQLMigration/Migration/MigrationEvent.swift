/// Something a ``MigrationRouter`` reports to its ``MigrationEventReporter``.
public enum MigrationEvent: Sendable, CustomStringConvertible {
    /// A model was routed that has no mode of its own in the settings, so it followed the default
    /// mode `mode`: reported once per router (a typo in a model name or a remote config that
    /// forgot a model would otherwise pass silently).
    case unconfiguredModel(model: String, mode: MigrationMode)
    /// In ``MigrationMode/graphQLWithRESTFallback``: GraphQL failed with `error` and REST
    /// answered instead.
    case fellBack(model: String, error: any Error)
    /// In ``MigrationMode/graphQLWithRESTFallback``: GraphQL failed with `graphQLError`, then
    /// REST failed too with `restError` (which the caller got).
    case fallbackFailed(model: String, graphQLError: any Error, restError: any Error)
    /// In ``MigrationMode/graphQLWithRESTFallback``, for a write: GraphQL failed with `error` after the
    /// request may have reached the server, and the write is not idempotent, so REST was not tried (it could
    /// apply the write twice); the caller got `error`.
    case writeNotRetried(model: String, error: any Error)

    /// The model the event is about.
    public var model: String {
        switch self {
        case .fellBack(let model, _), .fallbackFailed(let model, _, _), .unconfiguredModel(let model, _),
            .writeNotRetried(let model, _):
            return model
        }
    }

    /// The GraphQL error that caused a fallback; `nil` for other events.
    public var graphQLError: (any Error)? {
        switch self {
        case .fellBack(_, let error), .fallbackFailed(_, let error, _), .writeNotRetried(_, let error):
            return error
        case .unconfiguredModel:
            return nil
        }
    }

    /// What happened, with the errors.
    public var description: String {
        switch self {
        case .fellBack(let model, let error):
            return "\(model): GraphQL failed (\(error)); REST answered"
        case .fallbackFailed(let model, let graphQLError, let restError):
            return "\(model): GraphQL failed (\(graphQLError)); REST failed too (\(restError))"
        case .writeNotRetried(let model, let error):
            return "\(model): GraphQL write failed (\(error)) after the request may have reached the server; "
                + "not idempotent, so REST was not tried"
        case .unconfiguredModel(let model, let mode):
            return "\(model): no migration mode configured for this model; using the default mode \(mode.rawValue)"
        }
    }
}
