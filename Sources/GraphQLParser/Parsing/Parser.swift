/// Parses GraphQL documents, values and types.
///
/// The parser follows the September 2025 GraphQL spec (executable and type system documents, descriptions on
/// operations, fragments and variables) and accepts exactly what graphql-core 3.3.2 accepts. Syntax errors
/// carry graphql-core's message and its line and column.
///
/// ```swift
/// let document = try Parser.parse(Source("query Game($id: ID!) { game(id: $id) { title } }"))
/// ```
///
/// It works on the source's UTF-8 bytes and builds `String`s only for the names and values it keeps. It is
/// safe to call from any thread; each call is independent.
public enum Parser {
    /// Parses a document: operations, fragments, and/or type system definitions and extensions.
    /// - Parameters:
    ///   - source: The GraphQL source.
    ///   - options: Parse options (locations, limits).
    /// - Returns: The document.
    /// - Throws: ``ParseError`` for the first syntax error.
    public static func parse(_ source: Source, options: ParseOptions = .default) throws(ParseError) -> Document {
        try withParser(source, options) { parser throws(ParseError) in try parser.parseDocument() }
    }

    /// Parses a document from text.
    /// - Parameters:
    ///   - text: The GraphQL text.
    ///   - name: The source name used in locations and diagnostics.
    ///   - options: Parse options (locations, limits).
    /// - Returns: The document.
    /// - Throws: ``ParseError`` for the first syntax error.
    public static func parse(
        _ text: String,
        name: String = Source.defaultName,
        options: ParseOptions = .default
    ) throws(ParseError) -> Document {
        try parse(Source(text, name: name), options: options)
    }

    /// Parses a document that may only contain operations and fragments, as a GraphQL server receives.
    ///
    /// A type system definition or extension is reported like graphql-core's `ExecutableDefinitionsRule`:
    /// `The 'Query' definition is not executable.` (`The schema definition ...` for schema definitions and
    /// extensions), at the definition.
    /// - Parameters:
    ///   - source: The GraphQL source.
    ///   - options: Parse options (locations, limits).
    /// - Returns: The document.
    /// - Throws: ``ParseError`` for the first syntax error or non-executable definition.
    public static func parseExecutable(
        _ source: Source,
        options: ParseOptions = .default
    ) throws(ParseError) -> Document {
        let document = try parse(source, options: options)
        for definition in document.definitions where !definition.isExecutable {
            let name: String
            switch definition {
            case .typeSystem(.schema), .typeSystemExtension(.schema): name = "schema"
            default: name = "'\(definition.name?.value ?? "")'"
            }
            throw ParseError(
                diagnostic: Diagnostic(
                    severity: .error,
                    message: "The \(name) definition is not executable.",
                    location: definition.location
                )
            )
        }
        return document
    }

    /// Parses a single value literal, such as `[1, $x, {a: "b"}]` (variables allowed), like graphql-js'
    /// `parseValue`.
    /// - Parameters:
    ///   - source: The source containing only the value.
    ///   - options: Parse options (locations, limits).
    /// - Returns: The value.
    /// - Throws: ``ParseError`` for the first syntax error.
    public static func parseValue(_ source: Source, options: ParseOptions = .default) throws(ParseError) -> Value {
        try withParser(source, options) { parser throws(ParseError) in
            try parser.advance()
            let value = try parser.parseValueLiteral(isConst: false)
            try parser.expect(.eof)
            return value
        }
    }

    /// Parses a single constant value literal (no variables), like graphql-js' `parseConstValue`.
    /// - Parameters:
    ///   - source: The source containing only the value.
    ///   - options: Parse options (locations, limits).
    /// - Returns: The value.
    /// - Throws: ``ParseError`` for the first syntax error or a variable.
    public static func parseConstValue(
        _ source: Source,
        options: ParseOptions = .default
    ) throws(ParseError) -> Value {
        try withParser(source, options) { parser throws(ParseError) in
            try parser.advance()
            let value = try parser.parseValueLiteral(isConst: true)
            try parser.expect(.eof)
            return value
        }
    }

    /// Parses a single type reference, such as `[ID!]!`, like graphql-js' `parseType`.
    /// - Parameters:
    ///   - source: The source containing only the type.
    ///   - options: Parse options (locations, limits).
    /// - Returns: The type.
    /// - Throws: ``ParseError`` for the first syntax error.
    public static func parseType(
        _ source: Source,
        options: ParseOptions = .default
    ) throws(ParseError) -> TypeReference {
        try withParser(source, options) { parser throws(ParseError) in
            try parser.advance()
            let type = try parser.parseTypeReference()
            try parser.expect(.eof)
            return type
        }
    }

    /// Parses a schema coordinate such as `Query.game(id:)` or `@deprecated(reason:)`, like graphql-js'
    /// `parseSchemaCoordinate`. Coordinates allow no whitespace or comments.
    /// - Parameters:
    ///   - source: The source containing only the coordinate.
    ///   - options: Parse options (locations, limits).
    /// - Returns: The coordinate.
    /// - Throws: ``ParseError`` for the first syntax error.
    public static func parseSchemaCoordinate(
        _ source: Source,
        options: ParseOptions = .default
    ) throws(ParseError) -> SchemaCoordinate {
        try withParser(source, options) { parser throws(ParseError) in
            parser.lexer.isSchemaCoordinate = true
            try parser.advance()
            let coordinate = try parser.parseSchemaCoordinate()
            try parser.expect(.eof)
            return coordinate
        }
    }

    /// Runs a parse over the source's contiguous UTF-8 bytes.
    private static func withParser<Result>(
        _ source: Source,
        _ options: ParseOptions,
        _ body: (inout RecursiveDescentParser) throws(ParseError) -> Result
    ) throws(ParseError) -> Result {
        var text = source.text
        text.makeContiguousUTF8()
        let run: (UnsafeBufferPointer<UInt8>) -> Swift.Result<Result, ParseError> = { bytes in
            var parser = RecursiveDescentParser(bytes: bytes, sourceName: source.name, options: options)
            do throws(ParseError) {
                return .success(try body(&parser))
            } catch {
                return .failure(error)
            }
        }
        if let outcome = text.utf8.withContiguousStorageIfAvailable(run) {
            return try outcome.get()
        }
        return try Array(text.utf8).withUnsafeBufferPointer(run).get()
    }
}
