import GraphQLParser

extension SchemaTypeReference {
    /// The schema model's form of a type reference as a document writes it.
    init(_ type: TypeReference) {
        switch type {
        case .named(let named): self = .named(named.name.value)
        case .list(let inner, _): self = .list(SchemaTypeReference(inner))
        case .nonNull(let inner, _): self = .nonNull(SchemaTypeReference(inner))
        }
    }
}
