/// A Markdown table as the benchmarks print it: the first column left-aligned, the others right-aligned.
struct TextTable {
    /// The column titles.
    var header: [String]
    /// The rows, one cell a column.
    var rows: [[String]] = []

    /// The table's lines.
    var lines: [String] {
        let all = [header] + rows
        let widths = header.indices.map { column in
            all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
        }
        var lines: [String] = []
        for (rowIndex, row) in all.enumerated() {
            let cells = widths.enumerated().map { column, width in
                let cell = row.indices.contains(column) ? row[column] : ""
                let padding = String(repeating: " ", count: width - cell.count)
                return column == 0 ? cell + padding : padding + cell
            }
            lines.append("| " + cells.joined(separator: " | ") + " |")
            if rowIndex == 0 {
                let rules = widths.enumerated().map { column, width in
                    column == 0
                        ? String(repeating: "-", count: width + 2) : String(repeating: "-", count: width + 1) + ":"
                }
                lines.append("|" + rules.joined(separator: "|") + "|")
            }
        }
        return lines
    }
}
