import GraphQLParser

/// A GraphQL schema: its named types, directives and root operation types.
///
/// Built from SDL documents by ``SchemaBuilder``; immutable and safe to share between threads. Besides the types
/// the documents define, it has the introspection types (`__Schema`, `__Type`, ...), the built-in scalars the
/// schema uses (`String` and `Boolean` always, `Int`, `Float` and `ID` when referenced, as in graphql-core's type
/// map) and the built-in directives (`@skip`, `@include`, `@deprecated`, `@specifiedBy`, `@oneOf`) unless the
/// documents define directives of the same names.
///
/// ```swift
/// let (schema, diagnostics) = SchemaBuilder.build([try Parser.parse(Source(sdl, name: "schema.graphqls"))])
/// let game = schema?.type(named: "Game")
/// let title = game?.field(named: "title")?.type   // TypeRef: String!
/// ```
public final class Schema: Sendable {
    /// The description of the schema definition, if any.
    public let description: String?

    /// All named types: the defined ones in definition order, then the built-in scalars in use, then the
    /// introspection types.
    public let types: [SchemaType]

    /// The directives: the defined ones in definition order, then the built-in ones not redefined.
    public let directives: [SchemaDirective]

    /// The query root type, `nil` only for a schema without one (which ``SchemaBuilder`` reports as an error).
    public let queryType: SchemaType?

    /// The mutation root type, if the schema has mutations.
    public let mutationType: SchemaType?

    /// The subscription root type, if the schema has subscriptions.
    public let subscriptionType: SchemaType?

    /// The `schema { ... }` definition, if the documents have one.
    public let definition: SchemaDefinition?

    /// The `extend schema` extensions, in order.
    public let extensions: [SchemaExtension]

    private let typesByName: [String: SchemaType]
    private let directivesByName: [String: SchemaDirective]
    private let possibleTypesByName: [String: [SchemaType]]
    private let subTypeNames: [String: Set<String>]
    private let implementingInterfaces: [String: [SchemaType]]

    /// Creates a schema. ``SchemaBuilder`` is the usual way to make one; this initializer does not validate.
    /// - Parameters:
    ///   - description: The schema's description.
    ///   - types: All named types, including built-in scalars and introspection types.
    ///   - directives: All directives, including the built-in ones.
    ///   - queryTypeName: The query root type's name.
    ///   - mutationTypeName: The mutation root type's name, if any.
    ///   - subscriptionTypeName: The subscription root type's name, if any.
    ///   - definition: The schema definition, if any.
    ///   - extensions: The schema extensions.
    public init(
        description: String? = nil,
        types: [SchemaType],
        directives: [SchemaDirective],
        queryTypeName: String?,
        mutationTypeName: String? = nil,
        subscriptionTypeName: String? = nil,
        definition: SchemaDefinition? = nil,
        extensions: [SchemaExtension] = []
    ) {
        self.description = description
        self.types = types
        self.directives = directives
        self.definition = definition
        self.extensions = extensions
        var typesByName: [String: SchemaType] = [:]
        for type in types where typesByName[type.name] == nil {
            typesByName[type.name] = type
        }
        self.typesByName = typesByName
        var directivesByName: [String: SchemaDirective] = [:]
        for directive in directives where directivesByName[directive.name] == nil {
            directivesByName[directive.name] = directive
        }
        self.directivesByName = directivesByName
        self.queryType = queryTypeName.flatMap { typesByName[$0] }
        self.mutationType = mutationTypeName.flatMap { typesByName[$0] }
        self.subscriptionType = subscriptionTypeName.flatMap { typesByName[$0] }

        // Possible types of abstract types, and the sub types `isSubType` accepts, as graphql-core computes them.
        var objectImplementations: [String: [SchemaType]] = [:]
        var interfaceImplementations: [String: [SchemaType]] = [:]
        for type in types where type.kind == .object || type.kind == .interface {
            for interface in type.interfaces where typesByName[interface]?.kind == .interface {
                if type.kind == .object {
                    if !(objectImplementations[interface]?.contains { $0 === type } ?? false) {
                        objectImplementations[interface, default: []].append(type)
                    }
                } else if !(interfaceImplementations[interface]?.contains { $0 === type } ?? false) {
                    interfaceImplementations[interface, default: []].append(type)
                }
            }
        }
        var possibleTypesByName: [String: [SchemaType]] = [:]
        var subTypeNames: [String: Set<String>] = [:]
        for type in types {
            switch type.kind {
            case .union:
                let members = type.memberTypes.compactMap { typesByName[$0] }
                possibleTypesByName[type.name] = members
                subTypeNames[type.name] = Set(members.map(\.name))
            case .interface:
                let objects = objectImplementations[type.name] ?? []
                possibleTypesByName[type.name] = objects
                subTypeNames[type.name] = Set(objects.map(\.name))
                    .union((interfaceImplementations[type.name] ?? []).map(\.name))
            default:
                break
            }
        }
        self.possibleTypesByName = possibleTypesByName
        self.subTypeNames = subTypeNames
        self.implementingInterfaces = interfaceImplementations
    }

    /// The named type with the given name, if any.
    /// - Parameter name: The type name.
    /// - Returns: The type.
    public func type(named name: String) -> SchemaType? {
        typesByName[name]
    }

    /// The named type a type reference ends in, if the schema has it: `Game` for `[Game!]!`.
    /// - Parameter reference: The type reference.
    /// - Returns: The named type.
    public func namedType(of reference: TypeRef) -> SchemaType? {
        typesByName[reference.namedType]
    }

    /// The directive with the given name (without `@`), if any.
    /// - Parameter name: The directive name.
    /// - Returns: The directive.
    public func directive(named name: String) -> SchemaDirective? {
        directivesByName[name]
    }

    /// The root type of an operation type, if the schema has one.
    /// - Parameter operation: `query`, `mutation` or `subscription`.
    /// - Returns: The root type.
    public func rootType(for operation: OperationType) -> SchemaType? {
        switch operation {
        case .query: queryType
        case .mutation: mutationType
        case .subscription: subscriptionType
        }
    }

    /// The field a selection named `name` selects on a composite type, including the meta-fields: `__typename` on
    /// every object, interface and union, `__schema` and `__type` on the query root type. `nil` for unions'
    /// other fields and unknown names.
    /// - Parameters:
    ///   - name: The field name as selected.
    ///   - type: The composite type the selection is made on.
    /// - Returns: The field definition.
    public func field(named name: String, on type: SchemaType) -> SchemaField? {
        switch name {
        case "__typename": return BuiltInDefinitions.typenameField
        case "__schema": return type === queryType ? BuiltInDefinitions.schemaField : nil
        case "__type": return type === queryType ? BuiltInDefinitions.typeField : nil
        default: return type.field(named: name)
        }
    }

    /// The object types a value of an abstract type can be: a union's members, or the object types implementing
    /// an interface (directly), in definition order. For an object type, the type itself.
    /// - Parameter type: An object, interface or union type.
    /// - Returns: The possible object types.
    public func possibleTypes(of type: SchemaType) -> [SchemaType] {
        if type.kind == .object { return [type] }
        return possibleTypesByName[type.name] ?? []
    }

    /// The interface types that implement an interface, in definition order.
    /// - Parameter interface: An interface type.
    /// - Returns: The implementing interfaces.
    public func interfacesImplementing(_ interface: SchemaType) -> [SchemaType] {
        implementingInterfaces[interface.name] ?? []
    }

    /// Whether a type is a member of a union, or implements an interface (objects and interfaces), like
    /// graphql-core's `GraphQLSchema.is_sub_type`.
    /// - Parameters:
    ///   - abstractType: A union or interface type.
    ///   - maybeSubType: An object or interface type.
    /// - Returns: Whether `maybeSubType` is one of `abstractType`'s sub types.
    public func isSubType(_ abstractType: SchemaType, _ maybeSubType: SchemaType) -> Bool {
        subTypeNames[abstractType.name]?.contains(maybeSubType.name) ?? false
    }

    /// Whether a value of type `maybeSubType` is always also a valid value of `superType`: the same type, a
    /// non-null version of it, a list of sub types, or an object or interface that is a sub type of an abstract
    /// type (graphql-core's `is_type_sub_type_of`).
    /// - Parameters:
    ///   - maybeSubType: The type that may be the sub type.
    ///   - superType: The type that may be the super type.
    /// - Returns: Whether the first is a sub type of the second.
    public func isTypeSubType(_ maybeSubType: TypeRef, of superType: TypeRef) -> Bool {
        switch (maybeSubType, superType) {
        case (.named(let sub), .named(let sup)):
            if sub == sup { return true }
            guard let abstract = typesByName[sup], abstract.isAbstract, let candidate = typesByName[sub],
                candidate.kind == .object || candidate.kind == .interface
            else { return false }
            return isSubType(abstract, candidate)
        case (.nonNull(let sub), .nonNull(let sup)): return isTypeSubType(sub, of: sup)
        case (_, .nonNull): return false
        case (.nonNull(let sub), _): return isTypeSubType(sub, of: superType)
        case (.list(let sub), .list(let sup)): return isTypeSubType(sub, of: sup)
        case (_, .list), (.list, _): return false
        }
    }

    /// Whether two composite types have an object type in common (graphql-core's `do_types_overlap`), so that
    /// a fragment on one can apply within a selection on the other.
    /// - Parameters:
    ///   - first: A composite type.
    ///   - second: A composite type.
    /// - Returns: Whether the types overlap.
    public func doTypesOverlap(_ first: SchemaType, _ second: SchemaType) -> Bool {
        if first === second { return true }
        if first.isAbstract {
            if second.isAbstract {
                return possibleTypes(of: first).contains { isSubType(second, $0) }
            }
            return isSubType(first, second)
        }
        if second.isAbstract {
            return isSubType(second, first)
        }
        return false
    }
}
