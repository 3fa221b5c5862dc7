/// How an ``Experiment`` compares the control's value with the candidate's.
public struct ExperimentComparator<Value: Sendable>: Sendable {
    private let compare: @Sendable (Value, Value) -> [FieldDifference]

    /// A comparator returning the differences between the control's and the candidate's
    /// values (empty: they match).
    public init(_ compare: @escaping @Sendable (_ control: Value, _ candidate: Value) -> [FieldDifference]) {
        self.compare = compare
    }

    /// The differences between `control` and `candidate`; empty when they match.
    public func differences(control: Value, candidate: Value) -> [FieldDifference] {
        compare(control, candidate)
    }

    /// A field-by-field comparison with ``FieldDiff``: mismatches name the differing fields.
    public static func fieldDiff(options: FieldDiffOptions = .init()) -> ExperimentComparator {
        ExperimentComparator { control, candidate in
            FieldDiff.differences(control, candidate, options: options)
        }
    }

    /// A custom comparison returning the differences (empty: the values match).
    public static func custom(
        _ compare: @escaping @Sendable (_ control: Value, _ candidate: Value) -> [FieldDifference]
    ) -> ExperimentComparator {
        ExperimentComparator(compare)
    }
}

extension ExperimentComparator where Value: Equatable {
    /// `==`: a mismatch is one difference at the root path (`""`) with both values rendered.
    public static var equatable: ExperimentComparator {
        ExperimentComparator { control, candidate in
            guard control != candidate else { return [] }
            return [FieldDifference(path: "", lhs: FieldDiff.render(control), rhs: FieldDiff.render(candidate))]
        }
    }
}
