import Foundation

/// Accumulates Swift source lines at an indentation level, wrapping long lists the way swift-format lays them out
/// (at most ``maxLineLength`` characters per line).
struct CodeWriter {
    /// The longest line the writer produces where it can wrap.
    static let maxLineLength = 120

    private(set) var lines: [String] = []
    /// The current indentation, in levels of four spaces.
    var level = 0

    var indentation: String { String(repeating: "    ", count: level) }

    /// Appends a line at the current indentation (an empty line stays empty).
    mutating func line(_ text: String) {
        lines.append(text.isEmpty ? "" : indentation + text)
    }

    /// Appends an empty line, unless the previous line is empty or opens a block.
    mutating func blankLine() {
        guard let last = lines.last, !last.isEmpty, !last.hasSuffix("{") else { return }
        lines.append("")
    }

    /// Appends `///` lines for a text, wrapped at words.
    mutating func doc(_ text: String) {
        for paragraphLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = paragraphLine.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                line("///")
                continue
            }
            var current = ""
            for word in trimmed.split(separator: " ") {
                let candidate = current.isEmpty ? String(word) : current + " " + word
                if !current.isEmpty, indentation.count + 4 + candidate.count > Self.maxLineLength {
                    line("/// " + current)
                    current = String(word)
                } else {
                    current = candidate
                }
            }
            line("/// " + current)
        }
    }

    /// Opens a block: appends `header {` and indents.
    mutating func open(_ header: String) {
        line(header + " {")
        level += 1
    }

    /// Closes a block: dedents and appends `}`.
    mutating func close(_ trailer: String = "") {
        level -= 1
        line("}" + trailer)
    }

    /// Appends `prefix` + the items joined by `, ` + `suffix` on one line when it fits, otherwise `prefix` alone,
    /// the items filled greedily on lines indented one level more, and `closing` alone.
    mutating func wrappedList(_ prefix: String, _ items: [String], _ suffix: String, closing: String) {
        let single = prefix + items.joined(separator: ", ") + suffix
        if indentation.count + single.count <= Self.maxLineLength || items.isEmpty {
            line(single)
            return
        }
        line(prefix)
        level += 1
        fill(items, separator: ", ", trailingSeparator: ",", lastSuffix: "")
        level -= 1
        line(closing)
    }

    /// Appends items greedily filled on lines: items separated by `separator`; each full line but the last ends
    /// with `trailingSeparator`; the last line ends with `lastSuffix`.
    mutating func fill(
        _ items: [String], separator: String, trailingSeparator: String, lastSuffix: String, prefix: String = ""
    ) {
        var current = ""
        for (index, item) in items.enumerated() {
            let isLast = index == items.count - 1
            let ending = isLast ? lastSuffix : trailingSeparator
            let candidate = current.isEmpty ? prefix + item : current + separator + item
            if !current.isEmpty, indentation.count + candidate.count + ending.count > Self.maxLineLength {
                line(current + trailingSeparator)
                current = prefix + item
            } else {
                current = candidate
            }
        }
        if !current.isEmpty { line(current + lastSuffix) }
    }

    /// Appends a statement that may be too long: when it is, it is broken after its first `(` with the rest on an
    /// indented line.
    mutating func statement(_ text: String) {
        guard indentation.count + text.count > Self.maxLineLength, let open = text.firstIndex(of: "(") else {
            line(text)
            return
        }
        line(String(text[...open]))
        level += 1
        line(String(text[text.index(after: open)...]))
        level -= 1
    }

    /// The text of all lines, with a final newline.
    var text: String { lines.joined(separator: "\n") + "\n" }
}
