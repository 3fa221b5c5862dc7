/// One step of a field path: a property name or a subscript (an array index or a dictionary
/// key as rendered between the brackets).
package enum FieldPathSegment: Hashable, Sendable {
    /// A stored property (or tuple element, or enum case) by name.
    case property(String)
    /// An array index (`2`) or a dictionary key (`"GameInfo"`, quoted for strings).
    case `subscript`(String)

    /// The path as text: properties joined with `.`, subscripts in brackets.
    package static func render(_ path: [FieldPathSegment]) -> String {
        var text = ""
        for segment in path {
            switch segment {
            case .property(let name):
                if !text.isEmpty { text += "." }
                text += name
            case .subscript(let key):
                text += "[\(key)]"
            }
        }
        return text
    }

    /// Splits a path (or a pattern) into its segments. Brackets may hold quoted keys with
    /// `\`-escapes; an unterminated bracket is taken as part of a property name.
    package static func parse(_ text: String) -> [FieldPathSegment] {
        let characters = Array(text)
        var segments: [FieldPathSegment] = []
        var name = ""
        var index = 0

        func flushName() {
            if !name.isEmpty {
                segments.append(.property(name))
                name = ""
            }
        }

        while index < characters.count {
            let character = characters[index]
            if character == "." {
                flushName()
                index += 1
            } else if character == "[", let (content, end) = bracketContent(characters, openingAt: index) {
                flushName()
                segments.append(.subscript(content))
                index = end + 1
            } else {
                name.append(character)
                index += 1
            }
        }
        flushName()
        return segments
    }

    /// The text between the bracket at `start` and its closing bracket (quotes respected),
    /// with the closing bracket's index; `nil` when it is not closed.
    private static func bracketContent(_ characters: [Character], openingAt start: Int) -> (String, Int)? {
        var content = ""
        var inQuotes = false
        var index = start + 1
        while index < characters.count {
            let character = characters[index]
            if inQuotes {
                content.append(character)
                if character == "\\", index + 1 < characters.count {
                    content.append(characters[index + 1])
                    index += 2
                    continue
                }
                if character == "\"" { inQuotes = false }
            } else if character == "\"" {
                inQuotes = true
                content.append(character)
            } else if character == "]" {
                return (content, index)
            } else {
                content.append(character)
            }
            index += 1
        }
        return nil
    }
}
