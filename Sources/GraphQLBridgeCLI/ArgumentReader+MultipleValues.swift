extension ArgumentReader {
    /// Removes and returns every value of an option that takes several: `--operations A B --operations C` gives
    /// `[A, B, C]` (values run until the next argument that starts with `--`).
    package mutating func multipleValues(_ name: String) throws(UsageError) -> [String] {
        var found: [String] = []
        var index = 0
        var remaining = self.remaining
        while index < remaining.count {
            let argument = remaining[index]
            if argument == name {
                var end = index + 1
                while end < remaining.count, !remaining[end].hasPrefix("--") {
                    found.append(remaining[end])
                    end += 1
                }
                guard end > index + 1 else { throw UsageError("\(name) needs at least one value") }
                remaining.removeSubrange(index..<end)
            } else if argument.hasPrefix(name + "=") {
                found.append(String(argument.dropFirst(name.count + 1)))
                remaining.remove(at: index)
            } else {
                index += 1
            }
        }
        let known = self.known.union([name])
        self = ArgumentReader(remaining)
        self.known = known
        return found
    }
}
