import GraphQLParser

/// How a served schema's custom scalars read their input values. A scalar with no rule takes any value as it
/// is (graphql-js's default for a scalar without `parseValue`), and `Long` reads a 64-bit integer from a number
/// or a decimal string unless a rule says otherwise.
package struct GraphQLCustomScalars: Sendable {
    /// The rule of one scalar: its value from a JSON variable value, and from a literal, or the error message.
    package struct Rule: Sendable {
        /// Reads a variable's JSON value.
        package var json: @Sendable (JSONValue) -> Result<GraphQLInputValue, GraphQLScalarError>
        /// Reads a literal of the document.
        package var literal: @Sendable (Value) -> Result<GraphQLInputValue, GraphQLScalarError>

        /// Creates a rule.
        package init(
            json: @escaping @Sendable (JSONValue) -> Result<GraphQLInputValue, GraphQLScalarError>,
            literal: @escaping @Sendable (Value) -> Result<GraphQLInputValue, GraphQLScalarError>
        ) {
            self.json = json
            self.literal = literal
        }
    }

    /// The rules by scalar name.
    package var rules: [String: Rule]

    /// Rules for some scalars; the others take any value.
    package init(_ rules: [String: Rule] = [:]) {
        self.rules = rules
    }
}

/// Why a custom scalar refused a value: the message a response's error carries.
package struct GraphQLScalarError: Error, Sendable {
    /// The message.
    package let message: String

    /// Creates an error.
    package init(_ message: String) {
        self.message = message
    }
}
