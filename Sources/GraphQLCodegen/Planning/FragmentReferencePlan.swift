/// A named fragment spread directly in a selection set, exposed as a property of its `fragments`.
public struct FragmentReferencePlan: Sendable, Hashable {
    /// The fragment's Swift type name.
    public var fragmentType: String
    /// The property name in `Fragments`, not escaped (`gameDetails`).
    public var propertyName: String
    /// Whether `@include`/`@skip` may leave the fragment out (the property is then optional).
    public var isConditional: Bool
    /// For a conditional fragment: the coding key whose presence tells that the fragment was included.
    public var presenceKey: String?

    /// Creates a fragment reference.
    /// - Parameters:
    ///   - fragmentType: The fragment's Swift type name.
    ///   - propertyName: The property name in `Fragments`.
    ///   - isConditional: Whether the fragment may be left out.
    ///   - presenceKey: The coding key that tells the fragment was included.
    public init(fragmentType: String, propertyName: String, isConditional: Bool = false, presenceKey: String? = nil) {
        self.fragmentType = fragmentType
        self.propertyName = propertyName
        self.isConditional = isConditional
        self.presenceKey = presenceKey
    }
}
