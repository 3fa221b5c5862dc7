import GraphQLParser

/// A named type of a schema: a scalar, object, interface, union, enum or input object type.
///
/// One class serves all kinds; the members that do not apply to a kind are empty (an enum has no ``fields``, an
/// object no ``enumValues``). Types refer to other types by name; resolve them with ``Schema/type(named:)``.
public final class SchemaType: Sendable {
    /// The kinds of named types.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A scalar (leaf) type: a built-in one (`Int`, `Float`, `String`, `Boolean`, `ID`) or a custom one.
        case scalar = "SCALAR"
        /// An object type: a set of fields, possibly implementing interfaces.
        case object = "OBJECT"
        /// An interface type: fields that implementing objects (and interfaces) provide.
        case interface = "INTERFACE"
        /// A union of object types.
        case union = "UNION"
        /// An enum (leaf) type.
        case `enum` = "ENUM"
        /// An input object type: the fields of an argument or variable value.
        case inputObject = "INPUT_OBJECT"
    }

    /// The names of the built-in scalars.
    public static let builtInScalarNames: Set<String> = ["Int", "Float", "String", "Boolean", "ID"]

    /// The name.
    public let name: String

    /// The kind.
    public let kind: Kind

    /// The description, if any.
    public let description: String?

    /// The fields of an object or interface type, in definition order (extensions' fields after the
    /// definition's).
    public let fields: [SchemaField]

    /// The names of the interfaces an object or interface type implements, in definition order.
    public let interfaces: [String]

    /// The names of a union's member types, in definition order.
    public let memberTypes: [String]

    /// The values of an enum type, in definition order.
    public let enumValues: [SchemaEnumValue]

    /// The fields of an input object type, in definition order.
    public let inputFields: [SchemaInputValue]

    /// Whether an input object type is a OneOf input object (`@oneOf`): exactly one field must be given.
    public let isOneOf: Bool

    /// The URL given by `@specifiedBy` on a custom scalar, if any.
    public let specifiedByURL: String?

    /// The directives applied to the definition and its extensions.
    public let directives: [Directive]

    /// Whether the type is a built-in scalar or an introspection type rather than defined by the schema's
    /// documents.
    public let isBuiltIn: Bool

    /// The definition in the schema documents; `nil` for built-in types.
    public let definition: TypeDefinition?

    /// The extensions (`extend type ...`) applied to the definition, in order.
    public let extensions: [TypeExtension]

    private let fieldsByName: [String: SchemaField]
    private let inputFieldsByName: [String: SchemaInputValue]
    private let enumValueIndex: [String: Int]

    /// Creates a named type.
    /// - Parameters:
    ///   - name: The name.
    ///   - kind: The kind.
    ///   - description: The description.
    ///   - fields: The fields of an object or interface type.
    ///   - interfaces: The implemented interfaces of an object or interface type.
    ///   - memberTypes: The member types of a union.
    ///   - enumValues: The values of an enum.
    ///   - inputFields: The fields of an input object type.
    ///   - isOneOf: Whether an input object type is a OneOf input object.
    ///   - specifiedByURL: The `@specifiedBy` URL of a scalar.
    ///   - directives: The applied directives.
    ///   - isBuiltIn: Whether the type is built in.
    ///   - definition: The definition in the schema documents.
    ///   - extensions: The extensions applied to it.
    public init(
        name: String,
        kind: Kind,
        description: String? = nil,
        fields: [SchemaField] = [],
        interfaces: [String] = [],
        memberTypes: [String] = [],
        enumValues: [SchemaEnumValue] = [],
        inputFields: [SchemaInputValue] = [],
        isOneOf: Bool = false,
        specifiedByURL: String? = nil,
        directives: [Directive] = [],
        isBuiltIn: Bool = false,
        definition: TypeDefinition? = nil,
        extensions: [TypeExtension] = []
    ) {
        self.name = name
        self.kind = kind
        self.description = description
        self.fields = fields
        self.interfaces = interfaces
        self.memberTypes = memberTypes
        self.enumValues = enumValues
        self.inputFields = inputFields
        self.isOneOf = isOneOf
        self.specifiedByURL = specifiedByURL
        self.directives = directives
        self.isBuiltIn = isBuiltIn
        self.definition = definition
        self.extensions = extensions
        var fieldsByName: [String: SchemaField] = [:]
        for field in fields where fieldsByName[field.name] == nil {
            fieldsByName[field.name] = field
        }
        self.fieldsByName = fieldsByName
        var inputFieldsByName: [String: SchemaInputValue] = [:]
        for field in inputFields where inputFieldsByName[field.name] == nil {
            inputFieldsByName[field.name] = field
        }
        self.inputFieldsByName = inputFieldsByName
        var enumValueIndex: [String: Int] = [:]
        for (index, value) in enumValues.enumerated() where enumValueIndex[value.name] == nil {
            enumValueIndex[value.name] = index
        }
        self.enumValueIndex = enumValueIndex
    }

    /// The field of an object or interface type with the given name, if any. Does not include the meta-fields
    /// (`__typename`, `__schema`, `__type`); ``Schema/field(named:on:)`` does.
    /// - Parameter name: The field name.
    /// - Returns: The field definition.
    public func field(named name: String) -> SchemaField? {
        fieldsByName[name]
    }

    /// The field of an input object type with the given name, if any.
    /// - Parameter name: The field name.
    /// - Returns: The input field definition.
    public func inputField(named name: String) -> SchemaInputValue? {
        inputFieldsByName[name]
    }

    /// The value of an enum type with the given name, if any.
    /// - Parameter name: The value's name.
    /// - Returns: The enum value.
    public func enumValue(named name: String) -> SchemaEnumValue? {
        enumValueIndex[name].map { enumValues[$0] }
    }

    /// Whether values of the type are leaves of a response: scalars and enums.
    public var isLeaf: Bool { kind == .scalar || kind == .enum }

    /// Whether selections are made on the type: objects, interfaces and unions.
    public var isComposite: Bool { kind == .object || kind == .interface || kind == .union }

    /// Whether the type stands for one of several object types: interfaces and unions.
    public var isAbstract: Bool { kind == .interface || kind == .union }

    /// Whether the type may be the type of an argument, input field or variable: scalars, enums and input
    /// objects.
    public var isInputType: Bool { kind == .scalar || kind == .enum || kind == .inputObject }

    /// Whether the type may be the type of a field: every kind but input objects.
    public var isOutputType: Bool { kind != .inputObject }

    /// Whether the type is one of the introspection types (`__Schema`, `__Type`, ...).
    public var isIntrospection: Bool { name.hasPrefix("__") }

    /// Whether the type is one of the built-in scalars `Int`, `Float`, `String`, `Boolean` and `ID`.
    public var isBuiltInScalar: Bool { kind == .scalar && isBuiltIn && Self.builtInScalarNames.contains(name) }

    /// Where the definition is (`SourceLocation.unknown` for built-in types).
    public var location: SourceLocation { definition?.location ?? .unknown }
}
