/// A subclass adding a stored property, to test that inherited properties come first.
final class LabeledTreeNode: TreeNode {
    var label: String

    init(name: String, label: String) {
        self.label = label
        super.init(name: name)
    }
}
