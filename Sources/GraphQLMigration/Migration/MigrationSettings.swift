import Foundation
import GraphQLBridgeSupport

/// The migration mode of each model, shared and changeable at run time (e.g. by a remote
/// config) from any thread or task.
///
/// ```swift
/// let settings: MigrationSettings = ["GameInfo": .graphQL, "DrawInfo": .shadow]
/// settings.mode(for: "GameInfo")           // .graphQL
/// settings.mode(for: "ImageInfo")          // .rest (the default mode)
/// try settings.apply(json: remoteConfigData)
/// ```
///
/// Thread safety: every read and write goes through one lock (a `Locked`
/// wrapping an `NSLock`), so the settings are `Sendable`; ``apply(_:)`` and
/// ``apply(json:)`` replace everything at once, so a reader never sees half a config.
public final class MigrationSettings: Sendable, ExpressibleByDictionaryLiteral {
    private let state: Locked<MigrationConfiguration>

    /// Settings holding `configuration`.
    public init(_ configuration: MigrationConfiguration) {
        state = Locked(configuration)
    }

    /// Settings with ``MigrationMode/rest`` for every model.
    public convenience init() {
        self.init(MigrationConfiguration())
    }

    /// Settings with `defaultMode` for every model not in `modes`.
    public convenience init(defaultMode: MigrationMode = .rest, modes: [String: MigrationMode] = [:]) {
        self.init(MigrationConfiguration(defaultMode: defaultMode, modes: modes))
    }

    /// Settings with these models' modes and ``MigrationMode/rest`` for every other model; a
    /// model given twice gets its last mode.
    public convenience init(dictionaryLiteral elements: (String, MigrationMode)...) {
        self.init(modes: Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// Settings read from JSON (see ``MigrationConfiguration`` for the forms).
    /// - Throws: ``MigrationSettingsError`` saying what is wrong and where.
    public convenience init(json: Data) throws {
        self.init(try MigrationConfiguration(json: json))
    }

    /// Settings read from a JSON string (see ``MigrationConfiguration`` for the forms).
    /// - Throws: ``MigrationSettingsError`` saying what is wrong and where.
    public convenience init(json: String) throws {
        self.init(try MigrationConfiguration(json: json))
    }

    /// The name under which a model type is configured: its unqualified type name
    /// (`GameInfo.self` → `"GameInfo"`), and the model's own name for arrays, sets and optionals
    /// of it, however nested (`[DrawInfo].self`, `DrawInfo?.self`, `Set<GameInfo>.self` →
    /// `"DrawInfo"`, `"DrawInfo"`, `"GameInfo"`): a list of a model is routed as the model is.
    public static func modelName<Model>(for type: Model.Type) -> String {
        var current: Any.Type = type
        while let container = current as? any MigrationModelContainer.Type {
            current = container.migrationModelType
        }
        return String(describing: current)
    }

    /// Whether `model` has its own entry (otherwise it follows ``defaultMode``).
    public func hasMode(for model: String) -> Bool {
        state.withLock { $0.modes[model] != nil }
    }

    /// A snapshot of every setting.
    public var configuration: MigrationConfiguration {
        state.withLock { $0 }
    }

    /// The mode of every model without its own entry.
    public var defaultMode: MigrationMode {
        get { state.withLock { $0.defaultMode } }
        set { state.withLock { $0.defaultMode = newValue } }
    }

    /// The models with their own entry, and their modes.
    public var modes: [String: MigrationMode] {
        state.withLock { $0.modes }
    }

    /// The mode of `model`: its own entry, or ``defaultMode``.
    public func mode(for model: String) -> MigrationMode {
        state.withLock { $0.mode(for: model) }
    }

    /// The mode of the model type `type` (see ``modelName(for:)``).
    public func mode<Model>(for type: Model.Type) -> MigrationMode {
        mode(for: Self.modelName(for: type))
    }

    /// Sets the mode of `model`.
    public func setMode(_ mode: MigrationMode, for model: String) {
        state.withLock { $0.modes[model] = mode }
    }

    /// Sets the mode of the model type `type` (see ``modelName(for:)``).
    public func setMode<Model>(_ mode: MigrationMode, for type: Model.Type) {
        setMode(mode, for: Self.modelName(for: type))
    }

    /// Removes the entry of `model`, which then follows ``defaultMode``.
    public func removeMode(for model: String) {
        state.withLock { $0.modes[model] = nil }
    }

    /// Replaces every setting at once with `configuration`.
    public func apply(_ configuration: MigrationConfiguration) {
        state.withLock { $0 = configuration }
    }

    /// Replaces every setting at once with the configuration in `json`; on an error nothing
    /// changes.
    /// - Throws: ``MigrationSettingsError`` saying what is wrong and where.
    public func apply(json: Data) throws {
        apply(try MigrationConfiguration(json: json))
    }
}
