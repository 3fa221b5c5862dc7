extension SwiftRenderer {
    /// The thrown type of the generated one-pass decoders.
    static let declined = "GraphQLJSONReader.Declined"

    /// Writes `init(graphQLReader:)`, the one-pass decoder of a selection set (``GraphQLFastDecodable`` in the
    /// runtime): it reads the object's members in order, expecting the keys in selection order (one byte
    /// comparison each) and looking a key up among all of them when the order differs; it skips members it does
    /// not select, reads fragment and type-condition views from the same object again, and builds the struct
    /// directly. Any form it does not take (a missing or duplicate field, a value of another type) throws
    /// `Declined`, and the response is decoded through `init(from:)` instead, which gives the same value or error.
    func writeFastDecoder(_ plan: SelectionSetPlan, to writer: inout CodeWriter) {
        writer.blankLine()
        writer.open("\(spi)\(access)init(graphQLReader: inout GraphQLJSONReader) throws(\(Self.declined))")
        let needsStart = !plan.fragments.isEmpty || plan.typeCases.contains { !$0.possibleTypes.isEmpty }
        if needsStart { writer.line("let graphQLStart = graphQLReader.checkpoint()") }
        let fields = plan.fields
        for (index, field) in fields.enumerated() {
            writer.line("var graphQLValue\(index): \(field.type.swift)? = nil")
        }
        writer.line("var graphQLMore = try graphQLReader.beginObject()")
        if !fields.isEmpty { writer.line("var graphQLNext = 0") }
        writer.open("while graphQLMore")
        writer.line("try graphQLReader.readKey()")
        if fields.isEmpty {
            writer.line("try graphQLReader.skipValue()")
        } else {
            writer.line("let graphQLField: Int")
            writer.line("switch graphQLNext {")
            for (index, field) in fields.enumerated() {
                writer.line(
                    "case \(index) where graphQLReader.keyEquals(\(keyLiteral(field))): graphQLField = \(index)")
            }
            writer.line("default:")
            writer.level += 1
            for (index, field) in fields.enumerated() {
                let keyword = index == 0 ? "if" : "} else if"
                writer.line("\(keyword) graphQLReader.keyEquals(\(keyLiteral(field))) {")
                writer.level += 1
                writer.line("graphQLField = \(index)")
                writer.level -= 1
            }
            writer.line("} else {")
            writer.level += 1
            writer.line("graphQLField = -1")
            writer.level -= 1
            writer.line("}")
            writer.level -= 1
            writer.line("}")
            writer.line("switch graphQLField {")
            for (index, field) in fields.enumerated() {
                writer.line("case \(index):")
                writer.level += 1
                writer.line("guard graphQLValue\(index) == nil else { throw \(Self.declined)() }")
                if field.type.isOptional {
                    // `.some`: a `null` read is a value seen (`.some(nil)`), so that the field given again declines.
                    // Without it the compiler reads `readOptional` as returning `T??` and stores a `null` as `nil`,
                    // which the guard above takes for a field not read yet.
                    writer.line(
                        "graphQLValue\(index) = .some(try \(fastRead(field.type, reader: "graphQLReader")))")
                } else {
                    writer.line("graphQLValue\(index) = try \(fastRead(field.type, reader: "graphQLReader"))")
                }
                writer.level -= 1
            }
            writer.line("default:")
            writer.level += 1
            writer.line("try graphQLReader.skipValue()")
            writer.level -= 1
            writer.line("}")
            writer.line("if graphQLField >= 0 { graphQLNext = graphQLField + 1 }")
        }
        writer.line("graphQLMore = try graphQLReader.nextMember()")
        writer.close()
        for (index, field) in fields.enumerated() {
            let property = "self.\(SwiftNames.escaped(field.propertyName))"
            if field.type.isOptional, field.requiresPresence {
                // A deferred view's own field: read (`null` too) once its increment has arrived.
                writer.line(
                    "guard let graphQLPresent\(index) = graphQLValue\(index) else { throw \(Self.declined)() }")
                writer.line("\(property) = graphQLPresent\(index)")
            } else if field.type.isOptional {
                writer.line("\(property) = graphQLValue\(index) ?? nil")
            } else {
                writer.line(
                    "guard let graphQLRequired\(index) = graphQLValue\(index) else { throw \(Self.declined)() }")
                writer.line("\(property) = graphQLRequired\(index)")
            }
        }
        if !plan.fragments.isEmpty {
            let arguments = plan.fragments.map { fragment -> String in
                // A fragment that may be left out is there when the object holds its fields.
                let method = fragment.isConditional ? "readViewIfPresent" : "readView"
                let value = "graphQLReader.\(method)(at: graphQLStart, \(fragment.fragmentType).self)"
                return "\(SwiftNames.argumentLabel(fragment.propertyName)): \(value)"
            }
            writer.wrappedList(
                "self.\(SwiftNames.escaped(plan.fragmentsPropertyName)) = "
                    + (plan.fragments.allSatisfy(\.isConditional) ? "" : "try ") + "\(plan.fragmentsTypeName)(",
                arguments,
                ")", closing: ")")
        }
        for typeCase in plan.typeCases {
            let property = "self.\(SwiftNames.escaped(typeCase.propertyName))"
            if typeCase.possibleTypes.isEmpty {
                writer.line("\(property) = nil")
                continue
            }
            let names = typeCase.possibleTypes.map { "\"\(SwiftNames.stringLiteralContents($0))\"" }
            writer.statement(
                "\(property) = try [\(names.joined(separator: ", "))].contains(self.__typename) "
                    + "? graphQLReader.readView(at: graphQLStart, \(typeCase.selectionSet.swiftName).self) : nil")
        }
        writer.close()
    }

    /// The response key as a `StaticString` literal.
    private func keyLiteral(_ field: FieldPlan) -> String {
        "\"\(SwiftNames.stringLiteralContents(field.responseKey))\""
    }

    /// The expression that reads a value of `type` with `reader` (`graphQLReader.readScalar(Long.self)`,
    /// `graphQLReader.readList { ... }`), with the same rules as ``decodeCall(_:)``'s `Decodable` call.
    func fastRead(_ type: OutputTypePlan, reader: String) -> String {
        let closure = "{ graphQLReader throws(\(Self.declined)) in try "
        switch type {
        case .scalar(let scalar):
            let method = scalar.usesScalarDecoding ? "readScalar" : "readDecodable"
            return "\(reader).\(method)(\(scalar.swiftType).self)"
        case .enumeration(let name):
            return "\(reader).readEnum(\(name).self)"
        case .object(let name), .fragment(let name):
            return "\(reader).readObject(\(name).self)"
        case .list(let item):
            return "\(reader).readList \(closure)\(fastRead(item, reader: "graphQLReader")) }"
        case .optional(let wrapped):
            return "\(reader).readOptional \(closure)\(fastRead(wrapped, reader: "graphQLReader")) }"
        }
    }
}
