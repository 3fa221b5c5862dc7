/// A class with a reference back to its parent, to test cycles and inherited properties.
class TreeNode {
    var name: String
    var parent: TreeNode?
    var children: [TreeNode] = []

    init(name: String, parent: TreeNode? = nil) {
        self.name = name
        self.parent = parent
    }
}
