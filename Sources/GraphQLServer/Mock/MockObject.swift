/// An object of a mock server's answers: its type and the seed its field values are drawn from.
package struct MockObject: GraphQLExecutableObject, Hashable {
    /// The object type's name.
    package let typeName: String
    /// The seed of its values (the same object path and arguments always give the same seed).
    package let seed: UInt64

    /// Creates an object.
    package init(typeName: String, seed: UInt64) {
        self.typeName = typeName
        self.seed = seed
    }
}
