import GraphQLParser

/// Visits the parts of type system definitions and extensions that validation rules look at, in graphql-js'
/// visiting order: named type references, applied directives (with where they are applied) and default values.
struct TypeSystemWalker {
    /// Which directives count as "at the same location" for the uniqueness of non-repeatable directives: all
    /// of a schema's, of a type's (definition and extensions together), of a directive definition's, or of one
    /// node (field, argument, enum value).
    enum Scope: Hashable {
        /// The schema definition and its extensions.
        case schema
        /// A type definition and its extensions.
        case type(String)
        /// A directive definition and its extensions.
        case directive(String)
        /// One definition node; the number tells nodes apart.
        case node(Int)
    }

    /// Called for each type reference.
    var onNamedType: (NamedType) -> Void = { _ in }
    /// Called for each applied directive.
    var onDirective: (Directive, DirectiveLocation, Scope) -> Void = { _, _, _ in }
    /// Called for each default value of an argument or input field definition.
    var onDefaultValue: (Value) -> Void = { _ in }

    private var nodeCounter = 0

    mutating func walk(_ definition: TypeSystemDefinition) {
        switch definition {
        case .schema(let schema):
            directives(schema.directives, .schema, .schema)
            for operationType in schema.operationTypes { onNamedType(operationType.type) }
        case .type(let type):
            walk(type)
        case .directive(let directive):
            for argument in directive.arguments { inputValue(argument, location: .argumentDefinition) }
            directives(directive.directives, .directiveDefinition, .directive(directive.name.value))
        }
    }

    mutating func walk(_ definition: TypeSystemExtension) {
        switch definition {
        case .schema(let schema):
            directives(schema.directives, .schema, .schema)
            for operationType in schema.operationTypes { onNamedType(operationType.type) }
        case .type(let type):
            walk(type)
        case .directive(let directive):
            directives(directive.directives, .directiveDefinition, .directive(directive.name.value))
        }
    }

    private mutating func walk(_ type: TypeDefinition) {
        let scope = Scope.type(type.name.value)
        switch type {
        case .scalar(let node):
            directives(node.directives, .scalar, scope)
        case .object(let node):
            for interface in node.interfaces { onNamedType(interface) }
            directives(node.directives, .object, scope)
            for field in node.fields { fieldDefinition(field) }
        case .interface(let node):
            for interface in node.interfaces { onNamedType(interface) }
            directives(node.directives, .interface, scope)
            for field in node.fields { fieldDefinition(field) }
        case .union(let node):
            directives(node.directives, .union, scope)
            for member in node.types { onNamedType(member) }
        case .enum(let node):
            directives(node.directives, .enum, scope)
            for value in node.values { directives(value.directives, .enumValue, nextNode()) }
        case .inputObject(let node):
            directives(node.directives, .inputObject, scope)
            for field in node.fields { inputValue(field, location: .inputFieldDefinition) }
        }
    }

    private mutating func walk(_ type: TypeExtension) {
        let scope = Scope.type(type.name.value)
        switch type {
        case .scalar(let node):
            directives(node.directives, .scalar, scope)
        case .object(let node):
            for interface in node.interfaces { onNamedType(interface) }
            directives(node.directives, .object, scope)
            for field in node.fields { fieldDefinition(field) }
        case .interface(let node):
            for interface in node.interfaces { onNamedType(interface) }
            directives(node.directives, .interface, scope)
            for field in node.fields { fieldDefinition(field) }
        case .union(let node):
            directives(node.directives, .union, scope)
            for member in node.types { onNamedType(member) }
        case .enum(let node):
            directives(node.directives, .enum, scope)
            for value in node.values { directives(value.directives, .enumValue, nextNode()) }
        case .inputObject(let node):
            directives(node.directives, .inputObject, scope)
            for field in node.fields { inputValue(field, location: .inputFieldDefinition) }
        }
    }

    private mutating func fieldDefinition(_ field: FieldDefinition) {
        for argument in field.arguments { inputValue(argument, location: .argumentDefinition) }
        onNamedType(field.type.namedType)
        directives(field.directives, .fieldDefinition, nextNode())
    }

    private mutating func inputValue(_ value: InputValueDefinition, location: DirectiveLocation) {
        onNamedType(value.type.namedType)
        if let defaultValue = value.defaultValue { onDefaultValue(defaultValue) }
        directives(value.directives, location, nextNode())
    }

    private mutating func nextNode() -> Scope {
        nodeCounter += 1
        return .node(nodeCounter)
    }

    private func directives(_ directives: [Directive], _ location: DirectiveLocation, _ scope: Scope) {
        for directive in directives { onDirective(directive, location, scope) }
    }
}
