extension Array {
    /// The elements sorted stably (equal elements keep their order), like Python's `sorted`, which graphql-core
    /// uses for its suggestions.
    /// - Parameter areInIncreasingOrder: Whether the first element goes before the second.
    /// - Returns: The sorted elements.
    func stableSorted(by areInIncreasingOrder: (Element, Element) -> Bool) -> [Element] {
        guard count > 1 else { return self }
        var items = self
        var buffer = self
        var width = 1
        while width < items.count {
            var start = 0
            while start < items.count {
                let middle = Swift.min(start + width, items.count)
                let end = Swift.min(start + 2 * width, items.count)
                var left = start
                var right = middle
                var output = start
                while left < middle && right < end {
                    if areInIncreasingOrder(items[right], items[left]) {
                        buffer[output] = items[right]
                        right += 1
                    } else {
                        buffer[output] = items[left]
                        left += 1
                    }
                    output += 1
                }
                while left < middle {
                    buffer[output] = items[left]
                    left += 1
                    output += 1
                }
                while right < end {
                    buffer[output] = items[right]
                    right += 1
                    output += 1
                }
                start = end
            }
            swap(&items, &buffer)
            width *= 2
        }
        return items
    }
}
