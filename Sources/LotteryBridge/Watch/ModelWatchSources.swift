import GraphQLBridge

/// A source whose failures are reported as `any Error` (the repository's watches, which REST may serve).
struct AnyErrorModelSource<Model: Sendable>: ModelWatchSource {
    var base: any ModelWatchSource<Model, APIError>

    mutating func nextModel() async throws(any Error) -> Model? {
        try await base.nextModel()
    }
}

/// GraphQL first; when it fails before giving a model, the fallback from then on (`.graphQLWithRESTFallback`).
struct FallbackModelSource<Model: Sendable>: ModelWatchSource {
    var primary: any ModelWatchSource<Model, APIError>
    var fallback: any ModelWatchSource<Model, any Error>
    private var gaveModel = false
    private var usesFallback = false
    /// Told when the fallback takes over (the repository reports it as the router does).
    let onFallback: @Sendable (APIError) async -> Void

    init(
        primary: any ModelWatchSource<Model, APIError>, fallback: any ModelWatchSource<Model, any Error>,
        onFallback: @escaping @Sendable (APIError) async -> Void
    ) {
        self.primary = primary
        self.fallback = fallback
        self.onFallback = onFallback
    }

    mutating func nextModel() async throws(any Error) -> Model? {
        if usesFallback { return try await fallback.nextModel() }
        do throws(APIError) {
            let model = try await primary.nextModel()
            if model != nil { gaveModel = true }
            return model
        } catch {
            guard !gaveModel, !error.isCancellation else { throw error }
            usesFallback = true
            await onFallback(error)
            return try await fallback.nextModel()
        }
    }
}

extension APIError {
    /// Whether the error is a cancellation (never a reason to fall back).
    fileprivate var isCancellation: Bool {
        if case .cancelled = self { return true }
        return false
    }
}
