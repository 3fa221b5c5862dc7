import GraphQLMigration

/// Visits every path of a value as `FieldDiff` names them: stored properties, array indices and dictionary keys;
/// optionals unwrapped; leaves, enums and sets as a whole.
struct FieldPathVisitor {
    let maximumDepth: Int
    let visitPath: ([FieldPathSegment]) -> Void
    private var objects: Set<ObjectIdentifier> = []

    init(maximumDepth: Int, visitPath: @escaping ([FieldPathSegment]) -> Void) {
        self.maximumDepth = maximumDepth
        self.visitPath = visitPath
    }

    mutating func visit(_ value: Any) {
        objects.removeAll()
        walk(value, at: [])
    }

    private mutating func walk(_ value: Any, at path: [FieldPathSegment]) {
        if !path.isEmpty { visitPath(path) }
        guard path.count < maximumDepth, let unwrapped = FieldValue.flattenOptional(value) else { return }
        let value = FieldValue.unwrapAnyHashable(unwrapped)
        if FieldValue.isAtomic(value) { return }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .collection?:
            for (index, child) in mirror.children.enumerated() {
                walk(child.value, at: path + [.subscript(String(index))])
            }
        case .dictionary?:
            let entries = FieldValue.entries(of: mirror)
            let texts = FieldValueRenderer.distinctKeyTexts(entries.map(\.key))
            for (entry, text) in zip(entries, texts) {
                walk(entry.value, at: path + [.subscript(text)])
            }
        case .enum?, .set?:
            return
        case .class?:
            guard objects.insert(ObjectIdentifier(value as AnyObject)).inserted else { return }
            fallthrough
        default:
            for child in FieldValue.children(of: mirror) {
                walk(child.value, at: path + [.property(child.label)])
            }
        }
    }
}
