import Foundation

/// A fenced code block of the documentation (README.md, Migration.md, the DocC articles), with what the HTML comment
/// just before it says about it (`<!-- snippet: ... -->`, which neither GitHub nor DocC shows).
///
/// Directives, separated by `;`:
/// - `skip: REASON`: not compiled (a fragment that cannot be); the reason, the rest of the comment, is required.
/// - `given NAME: TYPE, ...`: the snippet is a function body; these are its parameters (what the text around it
///   says the reader already has: a client, a URL).
/// - `run`: the snippet is also run, against the embedded backend (`http://127.0.0.1:8080` in it is the backend's
///   address).
/// - `file: PATH`: the block is the file at PATH of the package a reader makes (`Sources/MyAPI/graphql/...`);
///   blocks with the same path are joined in order.
/// - `manifest`: the block is the reader's `Package.swift`.
/// - `output: TARGET`: the block is what running the executable TARGET prints.
///
/// Every other Swift block is compiled as it is, in a module of its own per document: declarations at file scope;
/// statements wrapped in a function.
struct DocumentationSnippet: Sendable, CustomStringConvertible {
    /// The document's path, relative to the repository (`README.md`).
    var document: String
    /// The line of the opening fence (1-based).
    var line: Int
    /// The fence's language (`swift`, `json`, `graphql`, `text`, ...); empty when none.
    var language: String
    /// The block's text, without the fence's indentation; ends with a newline.
    var code: String
    /// What the annotation says.
    var annotation: SnippetAnnotation

    /// `README.md:120`.
    var description: String { "\(document):\(line)" }

    /// The code's first line (1-based) in the document.
    var firstCodeLine: Int { line + 1 }
}

/// What a `<!-- snippet: ... -->` comment says about the block after it.
struct SnippetAnnotation: Sendable, Equatable {
    /// Why the block is not compiled.
    var skip: String?
    /// The parameters of the function the block is the body of (`client: GraphQLHTTPClient`).
    var given: String?
    /// Whether the block runs against the embedded backend.
    var run = false
    /// The file of the reader's package the block is.
    var file: String?
    /// Whether the block is the reader's `Package.swift`.
    var manifest = false
    /// The executable whose output the block is.
    var output: String?

    /// Reads the directives of a comment's text (after `snippet:`).
    /// - Throws: `SnippetAnnotationError` for an unknown directive or a `skip` without a reason.
    init(parsing text: String) throws(SnippetAnnotationError) {
        let parts = text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        for (index, part) in parts.enumerated() where !part.isEmpty {
            let (name, value) = Self.split(part)
            switch name {
            case "skip":
                // The reason is the rest of the comment, semicolons included.
                let reason = ([value ?? ""] + parts[(index + 1)...]).joined(separator: "; ")
                    .trimmingCharacters(in: .whitespaces)
                guard !reason.isEmpty else {
                    throw SnippetAnnotationError(message: "'skip' needs a reason: <!-- snippet: skip: why -->")
                }
                skip = reason
                return
            case "given":
                guard let value, !value.isEmpty else {
                    throw SnippetAnnotationError(message: "'given' needs parameters: given: client: GraphQLHTTPClient")
                }
                given = value
            case "run": run = true
            case "manifest": manifest = true
            case "file":
                guard let value, !value.isEmpty else { throw SnippetAnnotationError(message: "'file' needs a path") }
                file = value
            case "output":
                guard let value, !value.isEmpty else {
                    throw SnippetAnnotationError(message: "'output' needs the executable's name")
                }
                output = value
            default:
                throw SnippetAnnotationError(
                    message: "unknown directive '\(part)': use skip, given, run, file, manifest or output")
            }
        }
    }

    init() {}

    /// `name: value`, `name value` or `name`: the leading word, then the rest without the colon.
    private static func split(_ part: String) -> (String, String?) {
        let name = String(part.prefix { $0.isLetter || $0 == "-" })
        var rest = part.dropFirst(name.count).drop { $0 == " " }
        if rest.first == ":" { rest = rest.dropFirst() }
        let value = rest.trimmingCharacters(in: .whitespaces)
        return (name, value.isEmpty ? nil : value)
    }
}

/// A `<!-- snippet: ... -->` comment that cannot be read.
struct SnippetAnnotationError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
