import GraphQLParser

/// One of the validation rules. ``DocumentWalker`` walks the document once and calls every rule's hooks in rule
/// order at each node (graphql-core's parallel visitor), with ``ValidationContext`` describing the types at that
/// point (graphql-core's `TypeInfo`), so that errors come in graphql-core's order.
///
/// Every hook has an empty default implementation.
protocol ValidationRule: AnyObject {
    func enterDocument()
    func leaveDocument()
    func enterOperation(_ operation: IndexedDefinition)
    func leaveOperation(_ operation: IndexedDefinition)
    func enterFragment(_ fragment: IndexedDefinition)
    func enterVariableDefinition(_ definition: VariableDefinition)
    /// A named type in a variable definition, type condition or type system definition.
    func enterNamedType(_ type: NamedType, inTypeSystemDefinition: Bool)
    func enterSelectionSet(_ selectionSet: IndexedSelectionSet, inInlineFragment: Bool)
    func enterField(_ field: IndexedField)
    func leaveField(_ field: IndexedField)
    func enterInlineFragment(_ fragment: IndexedInlineFragment)
    func enterFragmentSpread(_ spread: FragmentSpread)
    /// A directive applied in a type system definition, before ``enterDirective(_:location:)``: `scope` tells
    /// which directives count as applied at the same place.
    func enterTypeSystemDirective(_ directive: Directive, scope: TypeSystemWalker.Scope)
    /// `location` is where the directive is applied; `nil` where graphql-core has no location (never for
    /// executable definitions).
    func enterDirective(_ directive: Directive, location: DirectiveLocation?)
    func leaveDirective(_ directive: Directive)
    /// An argument of a field (not of a directive).
    func enterFieldArgument(_ argument: Argument)
    /// A value that is not inside another value: an argument's value or a default value; the context's
    /// ``ValidationContext/valueType`` is the type expected there.
    func enterValue(_ value: Value)
}

extension ValidationRule {
    func enterDocument() {}
    func leaveDocument() {}
    func enterOperation(_ operation: IndexedDefinition) {}
    func leaveOperation(_ operation: IndexedDefinition) {}
    func enterFragment(_ fragment: IndexedDefinition) {}
    func enterVariableDefinition(_ definition: VariableDefinition) {}
    func enterNamedType(_ type: NamedType, inTypeSystemDefinition: Bool) {}
    func enterSelectionSet(_ selectionSet: IndexedSelectionSet, inInlineFragment: Bool) {}
    func enterField(_ field: IndexedField) {}
    func leaveField(_ field: IndexedField) {}
    func enterInlineFragment(_ fragment: IndexedInlineFragment) {}
    func enterFragmentSpread(_ spread: FragmentSpread) {}
    func enterTypeSystemDirective(_ directive: Directive, scope: TypeSystemWalker.Scope) {}
    func enterDirective(_ directive: Directive, location: DirectiveLocation?) {}
    func leaveDirective(_ directive: Directive) {}
    func enterFieldArgument(_ argument: Argument) {}
    func enterValue(_ value: Value) {}
}
