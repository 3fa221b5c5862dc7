/// Names the fields in which two values differ, for the correctness check's messages.
enum ModelDiff {
    /// `field: a != b` lines for the stored properties that differ (recursing into nested models);
    /// one line for the whole value when it has no fields to compare.
    static func differences(_ lhs: Any, _ rhs: Any, path: String = "") -> [String] {
        let left = Mirror(reflecting: lhs)
        let right = Mirror(reflecting: rhs)
        let leftChildren = Array(left.children)
        let rightChildren = Array(right.children)
        let leftText = String(describing: lhs)
        let rightText = String(describing: rhs)
        guard !leftChildren.isEmpty, leftChildren.count == rightChildren.count,
            left.displayStyle == .struct || left.displayStyle == .collection || left.displayStyle == .optional
        else {
            return leftText == rightText ? [] : ["\(path.isEmpty ? "(value)" : path): \(leftText) != \(rightText)"]
        }
        var lines: [String] = []
        for (offset, (l, r)) in zip(leftChildren, rightChildren).enumerated() {
            let name = l.label.map { path.isEmpty ? $0 : path + "." + $0 } ?? "\(path)[\(offset)]"
            lines += differences(l.value, r.value, path: name)
        }
        if lines.isEmpty, leftText != rightText {
            lines.append("\(path.isEmpty ? "(value)" : path): \(leftText) != \(rightText)")
        }
        return lines
    }
}
