import GraphQLMigration

/// Reads `--name value` and `--name=value` options and bare flags from an argument list.
struct ComparisonArguments {
    private(set) var remaining: [String]

    init(_ arguments: [String]) {
        self.remaining = arguments
    }

    /// Removes and returns the value of an option (the last one when repeated); `nil` when absent.
    mutating func value(_ name: String) throws(ComparisonUsageError) -> String? {
        try values(name).last
    }

    /// Removes and returns every value of a repeatable option.
    mutating func values(_ name: String) throws(ComparisonUsageError) -> [String] {
        var found: [String] = []
        var index = 0
        while index < remaining.count {
            let argument = remaining[index]
            if argument == name {
                guard index + 1 < remaining.count, !remaining[index + 1].hasPrefix("--") else {
                    throw ComparisonUsageError("\(name) needs a value")
                }
                found.append(remaining[index + 1])
                remaining.removeSubrange(index...(index + 1))
            } else if argument.hasPrefix(name + "=") {
                found.append(String(argument.dropFirst(name.count + 1)))
                remaining.remove(at: index)
            } else {
                index += 1
            }
        }
        return found
    }

    /// Removes a flag and says whether it was there.
    mutating func flag(_ name: String) -> Bool {
        let before = remaining.count
        remaining.removeAll { $0 == name }
        return remaining.count != before
    }
}
