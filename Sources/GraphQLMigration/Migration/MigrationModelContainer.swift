/// A type that holds values of a model (an array, a set, an optional): routed and configured
/// under the model's name (see ``MigrationSettings/modelName(for:)``).
protocol MigrationModelContainer {
    /// The type of the values held.
    static var migrationModelType: Any.Type { get }
}

extension Array: MigrationModelContainer {
    static var migrationModelType: Any.Type { Element.self }
}

extension ContiguousArray: MigrationModelContainer {
    static var migrationModelType: Any.Type { Element.self }
}

extension ArraySlice: MigrationModelContainer {
    static var migrationModelType: Any.Type { Element.self }
}

extension Set: MigrationModelContainer {
    static var migrationModelType: Any.Type { Element.self }
}

extension Optional: MigrationModelContainer {
    static var migrationModelType: Any.Type { Wrapped.self }
}
