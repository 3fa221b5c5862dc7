/// A generated fragment: a reusable selection set on one type.
///
/// Fragments are ordinary `Decodable` structs; a selection that consists of a single fragment spread is
/// typed as the fragment itself, so an adapter written against `DrawDetails` serves every operation that
/// selects a draw through it.
public protocol GraphQLFragment: Decodable, Sendable {
    /// The fragment's name as written in the document.
    static var fragmentName: String { get }
    /// The type the fragment applies to (`on Draw`).
    static var typeCondition: String { get }
    /// The fragment's definition, minified, as it is appended to the documents that use it.
    static var fragmentDefinition: String { get }
    /// What the client cache needs to read and write the fragment's data on its own (its selection tree, key fields
    /// and lifetimes; see ``GraphQLCacheTransaction/read(_:key:variables:)``); `nil` for a fragment written by hand.
    static var cacheMetadata: GraphQLCacheMetadata? { get }
}

extension GraphQLFragment {
    /// No cache metadata: generated fragments have their own.
    public static var cacheMetadata: GraphQLCacheMetadata? { nil }
}
