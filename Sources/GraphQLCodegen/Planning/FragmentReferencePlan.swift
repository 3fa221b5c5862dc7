/// A named fragment spread directly in a selection set, exposed as a property of its `fragments`.
public struct FragmentReferencePlan: Sendable, Hashable {
    /// The fragment's Swift type name.
    public var fragmentType: String
    /// The property name in `Fragments`, not escaped (`gameDetails`).
    public var propertyName: String
    /// Whether `@include`/`@skip` may leave the fragment out (the property is then optional: `nil` when the object
    /// does not hold the fragment's fields).
    public var isConditional: Bool

    /// Creates a fragment reference.
    /// - Parameters:
    ///   - fragmentType: The fragment's Swift type name.
    ///   - propertyName: The property name in `Fragments`.
    ///   - isConditional: Whether the fragment may be left out.
    public init(fragmentType: String, propertyName: String, isConditional: Bool = false) {
        self.fragmentType = fragmentType
        self.propertyName = propertyName
        self.isConditional = isConditional
    }
}
