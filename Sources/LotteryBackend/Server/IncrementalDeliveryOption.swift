/// Whether and how the embedded backend delivers `@defer` and `@stream` incrementally (``EmbeddedBackendOptions``).
public struct IncrementalDeliveryOption: Sendable, Equatable {
    /// The two formats of an incrementally delivered result over `multipart/mixed`.
    public enum Format: String, Sendable, Equatable, CaseIterable {
        /// The incremental-delivery draft's current format (`pending`, `incremental`, `completed`), as graphql-js
        /// 17, graphql-core 3.3 and Apollo Router send it.
        case current
        /// Apollo's 2022 format (`deferSpec=20220824`: `incremental` entries with `path` and `label`).
        case apollo2022
    }

    /// The format when a request's `Accept` allows both (`deferSpec=20220824` alone asks for Apollo's).
    public var format: Format
    /// How long each increment waits after the one before, so that deferred data genuinely comes later.
    public var delay: Duration

    /// Incremental delivery in `format`, each increment `delay` after the one before.
    public init(format: Format = .current, delay: Duration = .zero) {
        self.format = format
        self.delay = delay
    }
}
