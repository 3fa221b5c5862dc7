/// "Did you mean ...?" suggestions, computed exactly as graphql-core 3.3 computes them (`suggestion_list`,
/// `did_you_mean`, `natural_comparison_key`), so that messages match word for word.
package enum Suggestions {
    /// The options close to the input (at most 40 % of its length in edits, a case change counting as one), best
    /// first: by edit distance, then in natural order.
    package static func list(_ input: String, _ options: some Sequence<String>) -> [String] {
        var distance = LexicalDistance(input)
        let threshold = Int(Double(input.unicodeScalars.count) * 0.4) + 1
        var distances: [String: Int] = [:]
        var ordered: [String] = []
        for option in options where distances[option] == nil {
            if let measured = distance.measure(option, threshold: threshold) {
                distances[option] = measured
                ordered.append(option)
            }
        }
        return ordered.sorted { lhs, rhs in
            let left = distances[lhs] ?? 0
            let right = distances[rhs] ?? 0
            if left != right { return left < right }
            return naturalLess(lhs, rhs)
        }
    }

    /// `" Did you mean 'A', 'B', or 'C'?"` for up to five suggestions, or an empty string when there are none.
    /// - Parameters:
    ///   - suggestions: The suggestions, best first.
    ///   - subMessage: Words between "Did you mean" and the list, such as "the enum value".
    static func didYouMean(_ suggestions: [String], _ subMessage: String? = nil) -> String {
        guard !suggestions.isEmpty else { return "" }
        var message = " Did you mean "
        if let subMessage { message += subMessage + " " }
        return message + orList(suggestions.prefix(5).map { "'\($0)'" }) + "?"
    }

    /// `"A, B, or C"`.
    static func orList(_ items: [String]) -> String { formatList("or", items) }

    /// `"A, B, and C"`.
    static func andList(_ items: [String]) -> String { formatList("and", items) }

    private static func formatList(_ conjunction: String, _ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        case 2: return "\(items[0]) \(conjunction) \(items[1])"
        default: return items.dropLast().joined(separator: ", ") + ", \(conjunction) " + (items.last ?? "")
        }
    }

    /// Natural order (graphql-core's `natural_comparison_key`): runs of digits compare as numbers, everything
    /// else by code point.
    static func naturalLess(_ lhs: String, _ rhs: String) -> Bool {
        let left = naturalKey(lhs)
        let right = naturalKey(rhs)
        for (a, b) in zip(left, right) {
            if a.isDigits {
                let numberOrder = compareNumbers(a.text, b.text)
                if numberOrder != 0 { return numberOrder < 0 }
            }
            let textOrder = compareScalars(a.text, b.text)
            if textOrder != 0 { return textOrder < 0 }
        }
        return left.count < right.count
    }

    /// Compares strings by Unicode scalar values, as Python compares `str`s: -1, 0 or 1.
    static func compareScalars(_ lhs: String, _ rhs: String) -> Int {
        var left = lhs.unicodeScalars.makeIterator()
        var right = rhs.unicodeScalars.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let a?, let b?):
                if a.value != b.value { return a.value < b.value ? -1 : 1 }
            }
        }
    }

    private struct KeyPart {
        var text: String
        var isDigits: Bool
    }

    /// The string split into alternating non-digit and digit runs, always starting (and ending) with a possibly
    /// empty non-digit run, like `re.split(r"(\d+)", key)`.
    private static func naturalKey(_ text: String) -> [KeyPart] {
        var parts: [KeyPart] = []
        var current = String.UnicodeScalarView()
        var inDigits = false
        for scalar in text.unicodeScalars {
            let isDigit = scalar.value >= 0x30 && scalar.value <= 0x39
            if isDigit != inDigits {
                parts.append(KeyPart(text: String(current), isDigits: inDigits))
                current = String.UnicodeScalarView()
                inDigits = isDigit
            }
            current.append(scalar)
        }
        parts.append(KeyPart(text: String(current), isDigits: inDigits))
        if inDigits { parts.append(KeyPart(text: "", isDigits: false)) }
        return parts
    }

    /// Compares two runs of ASCII digits by their numeric values.
    private static func compareNumbers(_ lhs: String, _ rhs: String) -> Int {
        let left = lhs.drop { $0 == "0" }
        let right = rhs.drop { $0 == "0" }
        if left.count != right.count { return left.count < right.count ? -1 : 1 }
        return compareScalars(String(left), String(right))
    }
}
