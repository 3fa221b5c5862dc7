/// An optional view of a selection on an interface or union for one type condition (`asDog: AsDog?`), decoded
/// from the same JSON object when its `__typename` is one of ``possibleTypes``.
public struct TypeCasePlan: Sendable, Hashable {
    /// The type condition (`Dog`, or an interface).
    public var typeCondition: String
    /// The property name, not escaped (`asDog`).
    public var propertyName: String
    /// The object types for which the view is decoded, in schema order.
    public var possibleTypes: [String]
    /// The view's struct: the enclosing selection's fields with the fields of every condition its types all satisfy
    /// merged in, and its own nested views.
    public var selectionSet: SelectionSetPlan

    /// Creates a type case.
    /// - Parameters:
    ///   - typeCondition: The type condition.
    ///   - propertyName: The property name.
    ///   - possibleTypes: The object types for which the view is decoded.
    ///   - selectionSet: The view's struct.
    public init(typeCondition: String, propertyName: String, possibleTypes: [String], selectionSet: SelectionSetPlan) {
        self.typeCondition = typeCondition
        self.propertyName = propertyName
        self.possibleTypes = possibleTypes
        self.selectionSet = selectionSet
    }
}
