/// A generated struct for a selection set: an operation's `Data`, a fragment, a field's nested struct, or a type
/// case view.
public struct SelectionSetPlan: Sendable, Hashable {
    /// The struct's Swift name where it is declared (`Data`, `Owner`, `AsDog`, `GameDetails`).
    public var swiftName: String
    /// The GraphQL type the selection is made on (for a type case, its type condition).
    public var graphQLType: String
    /// The properties, in the order of their first selection.
    public var fields: [FieldPlan]
    /// Fragments spread directly in the selection, exposed through a `fragments` property; empty when none.
    public var fragments: [FragmentReferencePlan]
    /// The property name of `fragments`, not escaped (`fragments`, or another name when a field takes it).
    public var fragmentsPropertyName: String
    /// The nested type name of `fragments` (`Fragments`, or another name when a field's struct takes it).
    public var fragmentsTypeName: String
    /// The type case views, in the order their type conditions first appear.
    public var typeCases: [TypeCasePlan]
    /// The structs declared inside this one for fields with selection sets, in field order.
    public var nestedTypes: [SelectionSetPlan]
    /// The views of the deferred inline fragments (`DeferredDog`), exposed through `fragments` (each one's reference
    /// in ``fragments`` is conditional), in the order the fragments are written.
    public var deferredViews: [SelectionSetPlan] = []
    /// Whether the struct conforms to `Identifiable`: it selects `id: ID!` as `id`.
    public var isIdentifiable: Bool
    /// The object type name that `__typename` defaults to in the memberwise initializer, when the selection is
    /// on an object type and selects `__typename`.
    public var typenameDefault: String?

    /// Creates a selection set plan.
    /// - Parameters:
    ///   - swiftName: The struct's Swift name.
    ///   - graphQLType: The GraphQL type.
    ///   - fields: The properties.
    ///   - fragments: The fragments exposed through `fragments`.
    ///   - fragmentsPropertyName: The property name of `fragments`.
    ///   - fragmentsTypeName: The type name of `fragments`.
    ///   - typeCases: The type case views.
    ///   - nestedTypes: The nested structs.
    ///   - isIdentifiable: Whether the struct is `Identifiable`.
    ///   - typenameDefault: The default value of `__typename` in the memberwise initializer.
    public init(
        swiftName: String, graphQLType: String, fields: [FieldPlan] = [], fragments: [FragmentReferencePlan] = [],
        fragmentsPropertyName: String = "fragments", fragmentsTypeName: String = "Fragments",
        typeCases: [TypeCasePlan] = [], nestedTypes: [SelectionSetPlan] = [], isIdentifiable: Bool = false,
        typenameDefault: String? = nil
    ) {
        self.swiftName = swiftName
        self.graphQLType = graphQLType
        self.fields = fields
        self.fragments = fragments
        self.fragmentsPropertyName = fragmentsPropertyName
        self.fragmentsTypeName = fragmentsTypeName
        self.typeCases = typeCases
        self.nestedTypes = nestedTypes
        self.isIdentifiable = isIdentifiable
        self.typenameDefault = typenameDefault
    }
}
