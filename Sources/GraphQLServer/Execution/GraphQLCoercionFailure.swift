/// Why an input value could not be coerced to its type; `path` locates an element inside a list value
/// (`[1]`), empty for the value itself.
package struct GraphQLCoercionFailure: Error, Sendable {
    /// What is wrong, in graphql-js wording (`Int cannot represent non-integer value: "x"`).
    package let message: String
    /// The offending value, printed.
    package let value: String
    /// The list indexes leading to it, e.g. `[2]`.
    package let path: String
}
