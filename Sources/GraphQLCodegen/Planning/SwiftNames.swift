/// Swift spellings of GraphQL names: keyword escaping, case conversion, singular type names.
public enum SwiftNames {
    /// Swift keywords that must be written in backticks to be used as identifiers.
    public static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true",
        "try", "_",
    ]

    /// Names that cannot be members even in backticks (`x.self`, `x.Type` mean something else); they get an
    /// underscore suffix.
    public static let unusableMemberNames: Set<String> = ["self", "Self", "Type", "Protocol", "init", "_"]

    /// The identifier as written in source: in backticks when it is a keyword (as `default` is).
    public static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// The identifier as an argument label at a call site: keywords need no backticks there, except `inout`,
    /// `var` and `let`.
    public static func argumentLabel(_ name: String) -> String {
        ["inout", "var", "let"].contains(name) ? "`\(name)`" : name
    }

    /// The name with its first letter uppercased (`owner` → `Owner`, `_id` → `_id`).
    public static func capitalized(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }

    /// The name in lower camel case for a property or case: a leading run of capitals is lowercased
    /// (`GameDetails` → `gameDetails`, `URLFields` → `urlFields`, `ID` → `id`).
    public static func lowerCamelCased(_ name: String) -> String {
        let characters = Array(name)
        var upperCount = 0
        while upperCount < characters.count, characters[upperCount].isUppercase { upperCount += 1 }
        if upperCount == 0 { return name }
        if upperCount == 1 || upperCount == characters.count {
            return String(characters[..<upperCount]).lowercased() + String(characters[upperCount...])
        }
        // `URLFields`: keep the capital that starts the next word.
        return String(characters[..<(upperCount - 1)]).lowercased() + String(characters[(upperCount - 1)...])
    }

    /// The Swift case name of an enum value: `IN_PROGRESS` → `inProgress`, `COMPLETED` → `completed`,
    /// `inProgress` → `inProgress`, `_1080P` → `_1080p`.
    public static func enumCaseName(_ value: String) -> String {
        let hasLowercase = value.contains { $0.isLowercase }
        let parts = value.split(separator: "_", omittingEmptySubsequences: true).map(String.init)
        guard !parts.isEmpty else { return value }
        var result = ""
        for (index, part) in parts.enumerated() {
            let word = hasLowercase ? part : part.lowercased()
            result += index == 0 ? lowerCamelCased(word) : capitalized(word)
        }
        if let first = result.first, first.isNumber || value.hasPrefix("_") { result = "_" + result }
        return result
    }

    /// The singular of a plural list field name, for the name of its item struct: `categories` → `category`,
    /// `addresses` → `address`, `games` → `game`; other names are unchanged.
    public static func singularized(_ name: String) -> String {
        let lower = name.lowercased()
        if lower.hasSuffix("ies"), name.count > 3 { return String(name.dropLast(3)) + "y" }
        for suffix in ["sses", "shes", "ches", "xes", "zzes"] where lower.hasSuffix(suffix) {
            return String(name.dropLast(2))
        }
        if lower.hasSuffix("s"), !lower.hasSuffix("ss"), !lower.hasSuffix("us"), !lower.hasSuffix("is"),
            name.count > 1
        {
            return String(name.dropLast())
        }
        return name
    }

    /// The text as the contents of a Swift string literal (without the quotes).
    public static func stringLiteralContents(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
