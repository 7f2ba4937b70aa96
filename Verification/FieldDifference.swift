/// Finds the first field where two values differ, as a readable path such
/// as `lines[2].unitCents`, by walking both with reflection.
enum FieldDifference {
    static func first(_ expected: Any, _ actual: Any, path: String = "") -> (
        path: String, expected: String, actual: String
    )? {
        let left = Mirror(reflecting: expected)
        let right = Mirror(reflecting: actual)
        let leftText = String(describing: expected)
        let rightText = String(describing: actual)
        guard leftText != rightText else { return nil }
        let leftChildren = Array(left.children)
        let rightChildren = Array(right.children)
        // Different enum cases, different collection sizes or leaf values:
        // this is the differing field itself.
        guard !leftChildren.isEmpty, leftChildren.count == rightChildren.count,
            zip(leftChildren, rightChildren).allSatisfy({ $0.label == $1.label })
        else {
            return (path.isEmpty ? "(value)" : path, leftText, rightText)
        }
        for (index, (leftChild, rightChild)) in zip(leftChildren, rightChildren).enumerated() {
            let component: String
            if let label = leftChild.label, left.displayStyle != .enum {
                component = path.isEmpty ? label : "\(path).\(label)"
            } else if left.displayStyle == .enum, let label = leftChild.label {
                component = path.isEmpty ? label : "\(path).\(label)"
            } else {
                component = "\(path)[\(index)]"
            }
            if let difference = first(leftChild.value, rightChild.value, path: component) {
                return difference
            }
        }
        return (path.isEmpty ? "(value)" : path, leftText, rightText)
    }
}
