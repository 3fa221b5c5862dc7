// Fuzz target `parser` (scripts/fuzz.sh parser): compiled with GraphQLParser's sources into one module.
// Any UTF-8 text: when it parses, its pretty and minified printings parse again to the same document (the same
// minified and pretty printings). A crash or a failed check is a bug.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParser(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard let text = String(bytes: UnsafeRawBufferPointer(start: start, count: count), encoding: .utf8),
        let document = try? Parser.parse(Source(text, name: "fuzz"))
    else { return 0 }
    let pretty = Printer.pretty(document)
    let minified = Printer.minified(document)
    guard let fromPretty = try? Parser.parse(Source(pretty, name: "pretty")) else {
        fatalError("the pretty printing does not parse:\n\(pretty)")
    }
    guard let fromMinified = try? Parser.parse(Source(minified, name: "minified")) else {
        fatalError("the minified printing does not parse:\n\(minified)")
    }
    guard Printer.minified(fromPretty) == minified, Printer.minified(fromMinified) == minified else {
        fatalError("printing and parsing again changes the document:\n\(minified)")
    }
    // The pretty printing is stable. (Not compared with the minified document's: the minified printer writes a
    // block string that is not printable as one, such as one holding U+0000, as a regular string, as graphql-js'
    // stripIgnoredCharacters does, while the pretty printer keeps the block form, as graphql-core's print_ast
    // does; the values are the same, which the minified comparison above checks.)
    guard Printer.pretty(fromPretty) == pretty else {
        fatalError("printing and parsing again changes the pretty printing:\n\(pretty)")
    }
    return 0
}
