import Foundation

/// The documentation's code blocks: found in README.md, Migration.md, the worked example's guide and every DocC
/// article, read with their annotations.
enum DocumentationSnippets {
    /// The documents whose Swift blocks are compiled, relative to the repository: README.md, Migration.md,
    /// docs/*.md and every `Sources/*/*.docc/*.md`, sorted.
    static func documents(in repository: URL = CodegenTestSupport.repositoryRoot) throws -> [String] {
        var found = ["README.md", "Migration.md"]
        let manager = FileManager.default
        let docs = repository.appendingPathComponent("docs")
        for name in (try? manager.contentsOfDirectory(atPath: docs.path)) ?? [] where name.hasSuffix(".md") {
            found.append("docs/\(name)")
        }
        let sources = repository.appendingPathComponent("Sources")
        for module in try manager.contentsOfDirectory(atPath: sources.path) {
            let catalog = sources.appendingPathComponent(module).appendingPathComponent("\(module).docc")
            for name in (try? manager.contentsOfDirectory(atPath: catalog.path)) ?? [] where name.hasSuffix(".md") {
                found.append("Sources/\(module)/\(module).docc/\(name)")
            }
        }
        return found.sorted()
    }

    /// Every code block of every document.
    static func all(in repository: URL = CodegenTestSupport.repositoryRoot) throws -> [DocumentationSnippet] {
        try documents(in: repository).flatMap { document in
            let text = try String(contentsOf: repository.appendingPathComponent(document), encoding: .utf8)
            return try extract(from: text, document: document)
        }
    }

    /// The fenced code blocks of a Markdown text (fences of three or more backticks, indented or not), each with
    /// the `<!-- snippet: ... -->` comment on the line before it, if any.
    /// - Throws: `SnippetAnnotationError` (with the document and line) for a comment that cannot be read, or a
    ///   fence that is never closed.
    static func extract(from text: String, document: String) throws -> [DocumentationSnippet] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var snippets: [DocumentationSnippet] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let indentation = line.prefix { $0 == " " }.count
            let trimmed = line.dropFirst(indentation)
            guard trimmed.hasPrefix("```") else {
                index += 1
                continue
            }
            let fence = String(trimmed.prefix { $0 == "`" })
            let info = trimmed.dropFirst(fence.count).trimmingCharacters(in: .whitespaces)
            let language = String(info.prefix { $0 != " " && $0 != "," })
            var body: [String] = []
            var end = index + 1
            while end < lines.count, !lines[end].trimmingCharacters(in: .whitespaces).hasPrefix(fence) {
                // The fence's indentation is removed from each line (a block inside a list item).
                let content = lines[end]
                let removable = min(indentation, content.prefix { $0 == " " }.count)
                body.append(String(content.dropFirst(removable)))
                end += 1
            }
            guard end < lines.count else {
                throw SnippetAnnotationError(message: "\(document):\(index + 1): a code block that is never closed")
            }
            var annotation = SnippetAnnotation()
            if let comment = annotationText(before: index, in: lines) {
                do {
                    annotation = try SnippetAnnotation(parsing: comment)
                } catch {
                    throw SnippetAnnotationError(message: "\(document):\(index): \(error.message)")
                }
            }
            snippets.append(
                DocumentationSnippet(
                    document: document, line: index + 1, language: language,
                    code: body.joined(separator: "\n") + "\n", annotation: annotation))
            index = end + 1
        }
        return snippets
    }

    /// The text after `snippet:` of an HTML comment on the last non-blank line before `fence`.
    private static func annotationText(before fence: Int, in lines: [String]) -> String? {
        var index = fence - 1
        while index >= 0, lines[index].trimmingCharacters(in: .whitespaces).isEmpty { index -= 1 }
        guard index >= 0 else { return nil }
        let line = lines[index].trimmingCharacters(in: .whitespaces)
        guard line.hasPrefix("<!--"), line.hasSuffix("-->") else { return nil }
        let inner = line.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
        guard inner.hasPrefix("snippet:") else { return nil }
        return String(inner.dropFirst("snippet:".count))
    }
}
