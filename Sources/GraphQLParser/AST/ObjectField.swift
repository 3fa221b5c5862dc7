/// A field of an input object literal: `name: value`.
public struct ObjectField: ASTNode {
    /// The field name.
    public var name: Name

    /// The field value.
    public var value: Value

    /// Where the field starts (its name).
    public var location: SourceLocation

    /// Creates an object literal field.
    /// - Parameters:
    ///   - name: The field name.
    ///   - value: The value.
    ///   - location: Where the field starts.
    public init(name: Name, value: Value, location: SourceLocation = .unknown) {
        self.name = name
        self.value = value
        self.location = location
    }
}
