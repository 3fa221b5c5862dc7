/// A variable of an operation, or a field of an input object.
public struct InputValuePlan: Sendable, Hashable {
    /// How a value's absence is represented.
    public enum Presence: String, Sendable, Hashable {
        /// Non-null without a default: always sent (`var id: GraphQLID`).
        case required
        /// Nullable: `GraphQLNullable<T>`, which tells omitted (`.none`, the default) from `null`.
        case nullable
        /// Non-null with a default value: `T?`; `nil` (the default) omits it so the default applies.
        case optionalWithDefault
    }

    /// The GraphQL name (the JSON key).
    public var name: String
    /// The Swift property name, not escaped (``SwiftNames/escaped(_:)`` adds backticks where needed).
    public var propertyName: String
    /// The type below the outermost nullability.
    public var type: InputTypePlan
    /// How absence is represented.
    public var presence: Presence
    /// The GraphQL type as written (`[ID!]!`).
    public var graphQLType: String
    /// The default value as GraphQL text, if any.
    public var defaultValue: String?
    /// The description, if any.
    public var description: String?
    /// Whether the field is stored boxed (in a one-element array) because its input object contains itself.
    public var isBoxed: Bool

    /// Creates an input value plan.
    /// - Parameters:
    ///   - name: The GraphQL name.
    ///   - propertyName: The Swift property name.
    ///   - type: The type below the outermost nullability.
    ///   - presence: How absence is represented.
    ///   - graphQLType: The GraphQL type as written.
    ///   - defaultValue: The default value as GraphQL text.
    ///   - description: The description.
    ///   - isBoxed: Whether the value is stored boxed.
    public init(
        name: String, propertyName: String, type: InputTypePlan, presence: Presence, graphQLType: String,
        defaultValue: String? = nil, description: String? = nil, isBoxed: Bool = false
    ) {
        self.name = name
        self.propertyName = propertyName
        self.type = type
        self.presence = presence
        self.graphQLType = graphQLType
        self.defaultValue = defaultValue
        self.description = description
        self.isBoxed = isBoxed
    }

    /// The Swift type of the property: `GraphQLID`, `GraphQLNullable<Int>`, `Int?`.
    public var swiftType: String {
        switch presence {
        case .required: type.swift
        case .nullable: "GraphQLNullable<\(type.swift)>"
        case .optionalWithDefault: "\(type.swift)?"
        }
    }
}
