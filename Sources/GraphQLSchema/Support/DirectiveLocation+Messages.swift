import GraphQLParser

extension DirectiveLocation {
    /// The location as graphql-core's messages name it: `field definition` for `FIELD_DEFINITION`.
    var messageName: String {
        String(rawValue.lowercased().map { $0 == "_" ? " " : $0 })
    }
}
