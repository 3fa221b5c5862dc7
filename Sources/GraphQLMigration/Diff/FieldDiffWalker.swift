/// Walks two values side by side and collects their differences (see ``FieldDiff``).
struct FieldDiffWalker {
    /// A pair of objects being compared.
    struct ObjectPair: Hashable {
        let lhs: ObjectIdentifier
        let rhs: ObjectIdentifier
    }

    /// The object pairs already compared (or being compared) by one diff, shared by the walkers it
    /// creates, so that an object graph is walked in time linear in its size: a pair reached again
    /// (a shared child, a cycle) is not walked again.
    final class Memo {
        /// What is known of a pair of objects.
        enum Verdict {
            /// Being compared (a pair met again now is a cycle).
            case inProgress
            /// Compared: no difference.
            case equal
            /// Compared: different; `reported` once a reporting walk (not a trial) has listed the differences.
            case unequal(reported: Bool)
        }

        var verdicts: [ObjectPair: Verdict] = [:]
    }

    /// Shown for a property or dictionary entry that one side does not have.
    static let absent = "<absent>"

    private let options: FieldDiffOptions
    /// Whether the differences that ignore patterns hide are collected in ``ignored``.
    private let collectsIgnored: Bool
    /// A trial walk only finds out whether two values are equal; its differences are thrown away.
    private let isTrial: Bool
    private let memo: Memo
    /// The memo of the walks that count what the ignore patterns hide (kept apart, so that a pair
    /// seen under an ignored path is still compared where it is not ignored).
    private let ignoredMemo: Memo
    private(set) var differences: [FieldDifference] = []
    private(set) var ignored: [IgnoredFieldDifference] = []
    private(set) var absorbed: [AbsorbedFieldDifference] = []
    private var reportedPaths: Set<String> = []

    init(options: FieldDiffOptions, collectsIgnored: Bool = false) {
        self.init(
            options: options, collectsIgnored: collectsIgnored, isTrial: false, memo: Memo(), ignoredMemo: Memo())
    }

    private init(options: FieldDiffOptions, collectsIgnored: Bool, isTrial: Bool, memo: Memo, ignoredMemo: Memo) {
        self.options = options
        self.collectsIgnored = collectsIgnored
        self.isTrial = isTrial
        self.memo = memo
        self.ignoredMemo = ignoredMemo
    }

    /// Compares `lhs` and `rhs`, found at `path`.
    mutating func compare(_ lhs: Any, _ rhs: Any, at path: [FieldPathSegment]) {
        if let pattern = options.firstIgnoringPattern(path) {
            collectIgnored(lhs, rhs, at: path, pattern: pattern)
            return
        }
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

    /// Whether `lhs` and `rhs` are equal under the diff's rules (NaN equals NaN, lazy storage skipped,
    /// custom comparators applied), without reporting anything.
    private func areEqual(_ lhs: Any, _ rhs: Any, at path: [FieldPathSegment]) -> Bool {
        var walker = FieldDiffWalker(
            options: options, collectsIgnored: false, isTrial: true, memo: memo, ignoredMemo: ignoredMemo)
        walker.compare(lhs, rhs, at: path)
        return walker.differences.isEmpty
    }

    /// Walks a subtree that a pattern ignores, without ignore patterns, to count what it hides.
    private mutating func collectIgnored(_ lhs: Any, _ rhs: Any, at path: [FieldPathSegment], pattern: FieldPathPattern)
    {
        guard collectsIgnored else { return }
        var unfiltered = options
        unfiltered.ignoring = []
        var walker = FieldDiffWalker(
            options: unfiltered, collectsIgnored: false, isTrial: false, memo: ignoredMemo, ignoredMemo: ignoredMemo)
        walker.compare(lhs, rhs, at: path)
        ignored += walker.differences.map { IgnoredFieldDifference(pattern: pattern, difference: $0) }
    }

    private mutating func compareValues(_ lhs: Any, _ rhs: Any, at path: [FieldPathSegment]) {
        for comparator in options.comparators where comparator.pattern.matches(path) {
            if let equal = comparator.compare(lhs, rhs) {
                if !equal { reportValues(path, lhs, rhs) }
                return
            }
        }
        for tolerance in options.tolerances where tolerance.pattern.matches(path) {
            if let within = tolerance.contains(lhs, rhs) {
                if !within {
                    reportValues(path, lhs, rhs)
                } else if FieldValue.equals(lhs, rhs) != true {
                    absorb(.tolerance(tolerance), path, lhs, rhs)
                }
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
            compareSets(lhs, rhs, lhsMirror, rhsMirror, at: path)
        case .class?:
            compareObjects(lhs, rhs, lhsMirror, rhsMirror, at: path)
        default:
            compareFields(lhs, rhs, lhsMirror, rhsMirror, at: path)
        }
    }

    /// Leaves: `==` when `Equatable`, otherwise the rendered text.
    private mutating func compareLeaves(_ lhs: Any, _ rhs: Any, at path: [FieldPathSegment]) {
        let equal = FieldValue.equals(lhs, rhs) ?? (FieldValueRenderer.render(lhs) == FieldValueRenderer.render(rhs))
        if !equal { reportValues(path, lhs, rhs) }
    }

    /// Enums are compared as a whole: case and payload. An `Equatable` enum that says "equal" is
    /// equal; otherwise the payloads are compared by the diff's rules (so a NaN in a payload equals
    /// NaN, as everywhere else).
    private mutating func compareEnums(
        _ lhs: Any, _ rhs: Any, _ lhsMirror: Mirror, _ rhsMirror: Mirror, at path: [FieldPathSegment]
    ) {
        if FieldValue.equals(lhs, rhs) == true { return }
        let lhsPayload = lhsMirror.children.first
        let rhsPayload = rhsMirror.children.first
        let equal: Bool
        switch (lhsPayload, rhsPayload) {
        case (nil, nil):
            equal = String(describing: lhs) == String(describing: rhs)
        case (let lhsPayload?, let rhsPayload?) where lhsPayload.label == rhsPayload.label:
            equal = areEqual(lhsPayload.value, rhsPayload.value, at: path + [.property(lhsPayload.label ?? "")])
        default:
            equal = false
        }
        if !equal { reportValues(path, lhs, rhs) }
    }

    /// Sets are compared as a whole: equal when `==` says so, or when every element of one side has an
    /// equal element (by the diff's rules, so NaN equals NaN) on the other.
    private mutating func compareSets(
        _ lhs: Any, _ rhs: Any, _ lhsMirror: Mirror, _ rhsMirror: Mirror, at path: [FieldPathSegment]
    ) {
        if FieldValue.equals(lhs, rhs) == true { return }
        let lhsElements = lhsMirror.children.map(\.value)
        var unmatched = rhsMirror.children.map(\.value)
        var equal = lhsElements.count == unmatched.count
        if equal {
            for element in lhsElements {
                guard let match = unmatched.firstIndex(where: { areEqual(element, $0, at: path) }) else {
                    equal = false
                    break
                }
                unmatched.remove(at: match)
            }
        }
        if !equal { reportValues(path, lhs, rhs) }
    }

    /// Arrays: element by element, or one difference when the lengths differ; at an unordered path, as multisets.
    private mutating func compareCollections(
        _ lhs: Any, _ rhs: Any, _ lhsMirror: Mirror, _ rhsMirror: Mirror, at path: [FieldPathSegment]
    ) {
        let lhsElements = lhsMirror.children.map(\.value)
        let rhsElements = rhsMirror.children.map(\.value)
        if let pattern = options.unordered.first(where: { $0.matches(path) }) {
            compareMultisets(lhs, rhs, lhsElements, rhsElements, at: path, pattern: pattern)
            return
        }
        guard lhsElements.count == rhsElements.count else {
            reportValues(path, lhs, rhs)
            return
        }
        for index in lhsElements.indices {
            compare(lhsElements[index], rhsElements[index], at: path + [.subscript(String(index))])
        }
    }

    /// An array at an unordered path: equal when each element of one side has its own equal element on the other
    /// (by the diff's rules); one difference at the array's path otherwise. The same elements in another order are
    /// an absorbed difference.
    private mutating func compareMultisets(
        _ lhs: Any, _ rhs: Any, _ lhsElements: [Any], _ rhsElements: [Any], at path: [FieldPathSegment],
        pattern: FieldPathPattern
    ) {
        var inOrder = lhsElements.count == rhsElements.count
        if inOrder {
            for index in lhsElements.indices
            where !areEqual(lhsElements[index], rhsElements[index], at: path + [.subscript(String(index))]) {
                inOrder = false
                break
            }
        }
        if inOrder {
            // Walked again for real, so that what tolerances absorb inside the elements is recorded.
            for index in lhsElements.indices {
                compare(lhsElements[index], rhsElements[index], at: path + [.subscript(String(index))])
            }
            return
        }
        var equal = lhsElements.count == rhsElements.count
        if equal {
            var unmatched = Array(rhsElements.indices)
            for (index, element) in lhsElements.enumerated() {
                let elementPath = path + [.subscript(String(index))]
                guard let match = unmatched.firstIndex(where: { areEqual(element, rhsElements[$0], at: elementPath) })
                else {
                    equal = false
                    break
                }
                unmatched.remove(at: match)
            }
        }
        if equal {
            absorb(.unordered(pattern), path, lhs, rhs)
        } else {
            reportValues(path, lhs, rhs)
        }
    }

    /// Dictionaries: entries paired by key equality (`Hashable` keys; others by their text), in key
    /// order; a key on one side only is one difference.
    private mutating func compareDictionaries(_ lhsMirror: Mirror, _ rhsMirror: Mirror, at path: [FieldPathSegment]) {
        let lhsEntries = FieldValue.entries(of: lhsMirror)
        let rhsEntries = FieldValue.entries(of: rhsMirror)
        var keys: [AnyHashable] = []
        var lhsByKey: [AnyHashable: (key: Any, value: Any)] = [:]
        var rhsByKey: [AnyHashable: (key: Any, value: Any)] = [:]
        for entry in lhsEntries {
            let key = FieldValue.pairingKey(entry.key)
            if lhsByKey.updateValue(entry, forKey: key) == nil { keys.append(key) }
        }
        for entry in rhsEntries {
            let key = FieldValue.pairingKey(entry.key)
            if rhsByKey.updateValue(entry, forKey: key) == nil, lhsByKey[key] == nil { keys.append(key) }
        }
        let texts = FieldValueRenderer.distinctKeyTexts(keys.map { (lhsByKey[$0] ?? rhsByKey[$0])?.key ?? $0 })
        let ordered = keys.indices.sorted {
            FieldValue.precedes(
                (value: (lhsByKey[keys[$0]] ?? rhsByKey[keys[$0]])?.key ?? keys[$0], text: texts[$0]),
                (value: (lhsByKey[keys[$1]] ?? rhsByKey[keys[$1]])?.key ?? keys[$1], text: texts[$1]))
        }
        for index in ordered {
            let key = keys[index]
            let entryPath = path + [.subscript(texts[index])]
            switch (lhsByKey[key], rhsByKey[key]) {
            case (let lhs?, let rhs?):
                compare(lhs.value, rhs.value, at: entryPath)
            case (let lhs?, nil):
                reportAbsence(entryPath, lhs: lhs.value, rhs: nil)
            case (nil, let rhs?):
                reportAbsence(entryPath, lhs: nil, rhs: rhs.value)
            case (nil, nil):
                continue
            }
        }
    }

    /// Objects: the same instance is equal; otherwise field by field. Each pair of objects is walked
    /// once, and its differences are reported at the first path that reaches it (a shared child met
    /// again adds nothing; a cycle stops): the walk is linear in the size of the object graph.
    private mutating func compareObjects(
        _ lhs: Any, _ rhs: Any, _ lhsMirror: Mirror, _ rhsMirror: Mirror, at path: [FieldPathSegment]
    ) {
        let pair = ObjectPair(lhs: ObjectIdentifier(lhs as AnyObject), rhs: ObjectIdentifier(rhs as AnyObject))
        guard pair.lhs != pair.rhs else { return }
        switch memo.verdicts[pair] {
        case .inProgress?, .equal?:
            return
        case .unequal(let reported)?:
            if isTrial {
                // A trial only needs to know: record one difference here.
                reportValues(path, lhs, rhs)
                return
            }
            if reported { return }
        case nil:
            break
        }
        memo.verdicts[pair] = .inProgress
        let before = differences.count
        compareFields(lhs, rhs, lhsMirror, rhsMirror, at: path)
        memo.verdicts[pair] = differences.count == before ? .equal : .unequal(reported: !isTrial)
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
                reportAbsence(fieldPath, lhs: field.value, rhs: nil)
            }
        }
        for field in rhsFields where seen.insert(field.label).inserted {
            reportAbsence(path + [.property(field.label)], lhs: nil, rhs: field.value)
        }
    }

    /// Records a difference that `rule` absorbed (not in a trial: a trial only asks whether values are equal).
    private mutating func absorb(_ rule: FieldDiffRule, _ path: [FieldPathSegment], _ lhs: Any, _ rhs: Any) {
        guard !isTrial else { return }
        let (lhsText, rhsText) = FieldValueRenderer.renderDistinct(lhs, rhs)
        absorbed.append(
            AbsorbedFieldDifference(
                rule: rule, difference: FieldDifference(path: FieldPathSegment.render(path), lhs: lhsText, rhs: rhsText)
            ))
    }

    private mutating func reportValues(_ path: [FieldPathSegment], _ lhs: Any, _ rhs: Any) {
        let (lhsText, rhsText) = FieldValueRenderer.renderDistinct(lhs, rhs)
        report(path, lhsText, rhsText)
    }

    /// A property or entry on one side only (`nil` is the missing side).
    private mutating func reportAbsence(_ path: [FieldPathSegment], lhs: Any?, rhs: Any?) {
        if let pattern = options.firstIgnoringPattern(path) {
            if collectsIgnored {
                let difference = FieldDifference(
                    path: FieldPathSegment.render(path), lhs: lhs.map { FieldValueRenderer.render($0) } ?? Self.absent,
                    rhs: rhs.map { FieldValueRenderer.render($0) } ?? Self.absent)
                ignored.append(IgnoredFieldDifference(pattern: pattern, difference: difference))
            }
            return
        }
        report(
            path, lhs.map { FieldValueRenderer.render($0) } ?? Self.absent,
            rhs.map { FieldValueRenderer.render($0) } ?? Self.absent)
    }

    private mutating func report(_ path: [FieldPathSegment], _ lhs: String, _ rhs: String) {
        let text = FieldPathSegment.render(path)
        guard reportedPaths.insert(text).inserted else { return }
        differences.append(FieldDifference(path: text, lhs: lhs, rhs: rhs))
    }
}
