/// A line diff for failure messages: the lines only in the expected text (`-`) and only in the actual text (`+`),
/// with a few lines of context, from a longest common subsequence.
enum TextDiff {
    /// The diff, or `nil` when the texts are equal.
    static func diff(expected: String, actual: String, context: Int = 2) -> String? {
        guard expected != actual else { return nil }
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Longest common subsequence table (the texts are small).
        var table = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var lines: [(mark: Character, text: String)] = []
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                lines.append((" ", old[i]))
                i += 1
                j += 1
            } else if j < new.count, i == old.count || table[i][j + 1] >= table[i + 1][j] {
                lines.append(("+", new[j]))
                j += 1
            } else {
                lines.append(("-", old[i]))
                i += 1
            }
        }
        var shown: [String] = []
        var lastShown = -1
        for (index, line) in lines.enumerated() where line.mark != " " {
            let start = max(index - context, lastShown + 1)
            if start > lastShown + 1, lastShown >= 0 { shown.append("...") }
            if start <= index {
                for contextIndex in start..<index where lines[contextIndex].mark == " " {
                    shown.append("  " + lines[contextIndex].text)
                }
            }
            shown.append("\(line.mark) " + line.text)
            lastShown = index
            var after = index + 1
            while after < lines.count, after <= index + context, lines[after].mark == " " {
                shown.append("  " + lines[after].text)
                lastShown = after
                after += 1
            }
        }
        return "--- expected\n+++ actual\n" + shown.joined(separator: "\n")
    }
}
