import Foundation

/// A pattern over field paths, for ignore rules and custom comparators.
///
/// A pattern is written like a path, with wildcards:
/// - `lastDraw.prizePool`, `categories[2].prize`: exactly that path;
/// - `*`: any one property name (`*.videoURL` matches `nextDraw.videoURL` and
///   `lastDraw.videoURL`, not `videoURL` nor `game.lastDraw.videoURL`);
/// - `[*]`: any one array index or dictionary key (`categories[*].prize`);
/// - `**`: any number of segments, none included (`**.videoURL` matches `videoURL` at any
///   depth, `**` matches every path);
/// - a dictionary key may be written with or without quotes: `modes["GameInfo"]` or
///   `modes[GameInfo]`.
///
/// Patterns are usually written as string literals: `let pattern: FieldPathPattern = "*.id"`.
public struct FieldPathPattern: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// One step of a pattern.
    enum Token: Sendable, Hashable {
        case property(String)
        case anyProperty
        case `subscript`(String)
        case anySubscript
        case anySegments
    }

    /// The pattern as written.
    public let pattern: String
    let tokens: [Token]

    /// Creates a pattern from its text (see the type's documentation for the syntax).
    public init(_ pattern: String) {
        self.pattern = pattern
        self.tokens = FieldPathSegment.parse(pattern).map { segment in
            switch segment {
            case .property("**"): return .anySegments
            case .property("*"): return .anyProperty
            case .property(let name): return .property(name)
            case .subscript("*"): return .anySubscript
            case .subscript(let key): return .subscript(key)
            }
        }
    }

    /// Creates a pattern from text that a person gave (a command-line option, a remote config),
    /// refusing the ones that cannot be meant: an empty pattern, a pattern that matches the root
    /// (`"."`, `"**"`: it would hide every difference, so everything would "match"), and an
    /// unterminated bracket.
    /// - Throws: ``FieldPathPatternError`` saying what is wrong and how to write it.
    public init(validating text: String) throws(FieldPathPatternError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            throw FieldPathPatternError(
                pattern: text,
                message: "an empty pattern matches the whole model and would hide every difference; "
                    + "name a field path such as 'lastDraw.videoURL' or '**.videoURL'")
        }
        var depth = 0
        var inQuotes = false
        var previous: Character = " "
        for character in text {
            if inQuotes {
                if character == "\"", previous != "\\" { inQuotes = false }
            } else if character == "\"", depth > 0 {
                inQuotes = true
            } else if character == "[" {
                depth += 1
            } else if character == "]" {
                depth -= 1
            }
            previous = character
        }
        guard depth == 0, !inQuotes else {
            throw FieldPathPatternError(
                pattern: text, message: "unbalanced brackets; write indices as '[3]' or '[*]' and keys as '[\"key\"]'")
        }
        self.init(text)
        guard !matches([]) else {
            throw FieldPathPatternError(
                pattern: text,
                message: "it matches the root of the model, so it would hide every difference; "
                    + "name a field path such as 'lastDraw.videoURL' or '**.videoURL'")
        }
    }

    /// Whether the pattern matches the root path (`""`), so that, as an ignore pattern, it hides
    /// every difference.
    public var matchesRoot: Bool { matches([]) }

    /// Creates a pattern from a string literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The pattern as written.
    public var description: String { pattern }

    /// Whether `path` (spelled as ``FieldDifference/path`` spells it) matches the pattern.
    public func matches(_ path: String) -> Bool {
        matches(FieldPathSegment.parse(path))
    }

    package func matches(_ segments: [FieldPathSegment]) -> Bool {
        // matchesFrom[j]: tokens[i...] match segments[j...], computed for i from the end.
        var matchesFrom = [Bool](repeating: false, count: segments.count + 1)
        matchesFrom[segments.count] = true
        for token in tokens.reversed() {
            var current = [Bool](repeating: false, count: segments.count + 1)
            for position in stride(from: segments.count, through: 0, by: -1) {
                if token == .anySegments {
                    current[position] =
                        matchesFrom[position] || (position < segments.count && current[position + 1])
                } else {
                    current[position] =
                        position < segments.count
                        && Self.token(token, matches: segments[position])
                        && matchesFrom[position + 1]
                }
            }
            matchesFrom = current
        }
        return matchesFrom[0]
    }

    private static func token(_ token: Token, matches segment: FieldPathSegment) -> Bool {
        switch (token, segment) {
        case (.property(let name), .property(let actual)):
            return name == actual
        case (.anyProperty, .property):
            return true
        case (.subscript(let key), .subscript(let actual)):
            return key == actual || key == unquoted(actual)
        case (.anySubscript, .subscript):
            return true
        default:
            return false
        }
    }

    private static func unquoted(_ key: String) -> String? {
        guard key.count >= 2, key.hasPrefix("\""), key.hasSuffix("\"") else { return nil }
        return String(key.dropFirst().dropLast())
    }
}
