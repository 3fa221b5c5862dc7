/// A generated fragment type (`GameDetails`).
public struct FragmentPlan: Sendable, Hashable {
    /// The fragment's name.
    public var name: String
    /// The type condition.
    public var typeCondition: String
    /// The description, if the document gives one.
    public var description: String?
    /// The fragment definition, minified.
    public var minifiedText: String
    /// The fragments it uses, directly or through other fragments, sorted by name.
    public var fragments: [String]
    /// The fragment's struct (its ``SelectionSetPlan/swiftName`` is the fragment's Swift name).
    public var selectionSet: SelectionSetPlan
    /// The file the fragment is defined in (its last path component), for the generated header.
    public var sourceFile: String
    /// The cache metadata of the fragment's selections (for reading and writing its data on its own), when the
    /// session plans it.
    public var cache: CacheSelectionPlan?

    /// Creates a fragment plan.
    /// - Parameters:
    ///   - name: The fragment's name.
    ///   - typeCondition: The type condition.
    ///   - description: The description.
    ///   - minifiedText: The minified definition.
    ///   - fragments: The fragments it uses, sorted.
    ///   - selectionSet: The fragment's struct.
    ///   - sourceFile: The file it is defined in.
    public init(
        name: String, typeCondition: String, description: String?, minifiedText: String, fragments: [String],
        selectionSet: SelectionSetPlan, sourceFile: String
    ) {
        self.name = name
        self.typeCondition = typeCondition
        self.description = description
        self.minifiedText = minifiedText
        self.fragments = fragments
        self.selectionSet = selectionSet
        self.sourceFile = sourceFile
    }

    /// The Swift type name.
    public var swiftName: String { selectionSet.swiftName }
}
