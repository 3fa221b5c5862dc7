/// How generated code decodes the Swift type a custom scalar is mapped to.
public enum ScalarDecoding: String, Sendable, Hashable, CaseIterable {
    /// With the runtime's `GraphQLScalarDecodable` rules: `container.decodeScalar(Long?.self, forKey: ...)`.
    /// The runtime's `Long`/`Int64`, `DateTime`/`Date`, `GraphQLID`/`String` and the other built-in scalar types
    /// conform; any other type does when the app declares the conformance.
    case scalar
    /// With the type's own `Decodable` conformance: `container.decode(URL.self, forKey: ...)`.
    case decodable
}
