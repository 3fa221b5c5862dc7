/// Walks two values side by side and collects their differences (see ``FieldDiff``).
struct FieldDiffWalker {
    /// A pair of objects being compared, to follow reference cycles only once.
    private struct ObjectPair: Hashable {
        let lhs: ObjectIdentifier
        let rhs: ObjectIdentifier
    }

    /// Shown for a property or dictionary entry that one side does not have.
    static let absent = "<absent>"

    private let options: FieldDiffOptions
    private(set) var differences: [FieldDifference] = []
    private var reportedPaths: Set<String> = []
    private var visiting: Set<ObjectPair> = []

    init(options: FieldDiffOptions) {
        self.options = options
    }

    /// Compares `lhs` and `rhs`, found at `path`.
    mutating func compare(_ lhs: Any, _ rhs: Any, at path: [FieldPathSegment]) {
        guard !options.ignores(path) else { return }
        switch (FieldValue.flattenOptional(lhs), FieldValue.flattenOptional(rhs)) {
        case (nil, nil):
            return
        case (nil, let rhs?):
            report(path, "nil", FieldValueRenderer.render(rhs))
        case (let lhs?, nil):
            report(path, FieldValueRenderer.render(lhs), "nil")
        case (let lhs?, let rhs?):
            compareValues(FieldValue.unwrapAnyHashable(lhs), FieldValue.unwrapAnyHashable(rhs), at: path)
        }
    }

    private mutating func compareValues(_ lhs: Any, _ rhs: Any, at path: [FieldPathSegment]) {
        for comparator in options.comparators where comparator.pattern.matches(path) {
            if let equal = comparator.compare(lhs, rhs) {
                if !equal { reportValues(path, lhs, rhs) }
                return
            }
        }
        guard type(of: lhs) == type(of: rhs) else {
            reportValues(path, lhs, rhs)
            return
        }
        if FieldValue.isAtomic(lhs) {
            compareLeaves(lhs, rhs, at: path)
            return
        }
        let lhsMirror = Mirror(reflecting: lhs)
        let rhsMirror = Mirror(reflecting: rhs)
        switch lhsMirror.displayStyle {
        case .enum?:
            compareEnums(lhs, rhs, lhsMirror, rhsMirror, at: path)
        case .collection?:
            compareCollections(lhs, rhs, lhsMirror, rhsMirror, at: path)
        case .dictionary?:
            compareDictionaries(lhsMirror, rhsMirror, at: path)
        case .set?:
            compareLeaves(lhs, rhs, at: path)
        case .class?:
            compareObjects(lhs, rhs, lhsMirror, rhsMirror, at: path)
        default:
            compareFields(lhs, rhs, lhsMirror, rhsMirror, at: path)
        }
    }

    /// Leaves: `==` when `Equatable`, otherwise the rendered text.
    private mutating func compareLeaves(_ lhs: Any, _ rhs: Any, at path: [FieldPathSegment]) {
        let lhsText = FieldValueRenderer.render(lhs)
        let rhsText = FieldValueRenderer.render(rhs)
        let equal = FieldValue.equals(lhs, rhs) ?? (lhsText == rhsText)
        if !equal { report(path, lhsText, rhsText) }
    }

    /// Enums are compared as a whole: case and payload.
    private mutating func compareEnums(
        _ lhs: Any, _ rhs: Any, _ lhsMirror: Mirror, _ rhsMirror: Mirror, at path: [FieldPathSegment]
    ) {
        if let equal = FieldValue.equals(lhs, rhs) {
            if !equal { reportValues(path, lhs, rhs) }
            return
        }
        let lhsPayload = lhsMirror.children.first
        let rhsPayload = rhsMirror.children.first
        let equal: Bool
        switch (lhsPayload, rhsPayload) {
        case (nil, nil):
            equal = String(describing: lhs) == String(describing: rhs)
        case (let lhsPayload?, let rhsPayload?) where lhsPayload.label == rhsPayload.label:
            var payloadWalker = FieldDiffWalker(options: options)
            payloadWalker.visiting = visiting
            payloadWalker.compare(lhsPayload.value, rhsPayload.value, at: path + [.property(lhsPayload.label ?? "")])
            equal = payloadWalker.differences.isEmpty
        default:
            equal = false
        }
        if !equal { reportValues(path, lhs, rhs) }
    }

    /// Arrays: element by element, or one difference when the lengths differ.
    private mutating func compareCollections(
        _ lhs: Any, _ rhs: Any, _ lhsMirror: Mirror, _ rhsMirror: Mirror, at path: [FieldPathSegment]
    ) {
        let lhsElements = lhsMirror.children.map(\.value)
        let rhsElements = rhsMirror.children.map(\.value)
        guard lhsElements.count == rhsElements.count else {
            reportValues(path, lhs, rhs)
            return
        }
        for index in lhsElements.indices {
            compare(lhsElements[index], rhsElements[index], at: path + [.subscript(String(index))])
        }
    }

    /// Dictionaries: entry by entry in key order; a key on one side only is one difference.
    private mutating func compareDictionaries(_ lhsMirror: Mirror, _ rhsMirror: Mirror, at path: [FieldPathSegment]) {
        func keyed(_ mirror: Mirror) -> [String: (key: Any, value: Any)] {
            var entries: [String: (key: Any, value: Any)] = [:]
            for entry in FieldValue.entries(of: mirror) {
                entries[FieldValueRenderer.render(entry.key, nested: true)] = entry
            }
            return entries
        }
        let lhsEntries = keyed(lhsMirror)
        let rhsEntries = keyed(rhsMirror)
        var keys: [(value: Any, text: String)] = lhsEntries.map { (value: $0.value.key, text: $0.key) }
        keys += rhsEntries.filter { lhsEntries[$0.key] == nil }.map { (value: $0.value.key, text: $0.key) }
        for key in keys.sorted(by: FieldValue.precedes) {
            let entryPath = path + [.subscript(key.text)]
            switch (lhsEntries[key.text], rhsEntries[key.text]) {
            case (let lhs?, let rhs?):
                compare(lhs.value, rhs.value, at: entryPath)
            case (let lhs?, nil):
                reportAbsence(entryPath, lhs: FieldValueRenderer.render(lhs.value), rhs: Self.absent)
            case (nil, let rhs?):
                reportAbsence(entryPath, lhs: Self.absent, rhs: FieldValueRenderer.render(rhs.value))
            case (nil, nil):
                continue
            }
        }
    }

    /// Objects: the same instance is equal; otherwise field by field, each pair once.
    private mutating func compareObjects(
        _ lhs: Any, _ rhs: Any, _ lhsMirror: Mirror, _ rhsMirror: Mirror, at path: [FieldPathSegment]
    ) {
        let pair = ObjectPair(lhs: ObjectIdentifier(lhs as AnyObject), rhs: ObjectIdentifier(rhs as AnyObject))
        guard pair.lhs != pair.rhs, visiting.insert(pair).inserted else { return }
        defer { visiting.remove(pair) }
        compareFields(lhs, rhs, lhsMirror, rhsMirror, at: path)
    }

    /// Structs, classes and tuples: each stored property by name; without any, as leaves.
    private mutating func compareFields(
        _ lhs: Any, _ rhs: Any, _ lhsMirror: Mirror, _ rhsMirror: Mirror, at path: [FieldPathSegment]
    ) {
        let lhsFields = FieldValue.children(of: lhsMirror)
        let rhsFields = FieldValue.children(of: rhsMirror)
        if lhsFields.isEmpty, rhsFields.isEmpty {
            compareLeaves(lhs, rhs, at: path)
            return
        }
        var rhsByLabel: [String: Any] = [:]
        for field in rhsFields where rhsByLabel[field.label] == nil {
            rhsByLabel[field.label] = field.value
        }
        var seen: Set<String> = []
        for field in lhsFields where seen.insert(field.label).inserted {
            let fieldPath = path + [.property(field.label)]
            if let rhsValue = rhsByLabel[field.label] {
                compare(field.value, rhsValue, at: fieldPath)
            } else {
                reportAbsence(fieldPath, lhs: FieldValueRenderer.render(field.value), rhs: Self.absent)
            }
        }
        for field in rhsFields where seen.insert(field.label).inserted {
            reportAbsence(
                path + [.property(field.label)], lhs: Self.absent, rhs: FieldValueRenderer.render(field.value))
        }
    }

    private mutating func reportValues(_ path: [FieldPathSegment], _ lhs: Any, _ rhs: Any) {
        report(path, FieldValueRenderer.render(lhs), FieldValueRenderer.render(rhs))
    }

    private mutating func reportAbsence(_ path: [FieldPathSegment], lhs: String, rhs: String) {
        guard !options.ignores(path) else { return }
        report(path, lhs, rhs)
    }

    private mutating func report(_ path: [FieldPathSegment], _ lhs: String, _ rhs: String) {
        let text = FieldPathSegment.render(path)
        guard reportedPaths.insert(text).inserted else { return }
        differences.append(FieldDifference(path: text, lhs: lhs, rhs: rhs))
    }
}
