extension SwiftRenderer {
    /// The Swift declaration of a fragment: a top-level struct conforming to `GraphQLFragment`.
    public func declaration(of plan: FragmentPlan) -> String {
        var writer = CodeWriter()
        let title = "`fragment \(plan.name) on \(plan.typeCondition)`"
        writeDoc(title: title, description: plan.description, to: &writer)
        write(
            plan.selectionSet, conformances: "GraphQLFragment, Encodable, Hashable",
            statics: { writer in
                writer.line("\(access)static let fragmentName = \"\(SwiftNames.stringLiteralContents(plan.name))\"")
                writer.line(
                    "\(access)static let typeCondition = \"\(SwiftNames.stringLiteralContents(plan.typeCondition))\"")
                StringExpression(literal: plan.minifiedText, references: [])
                    .write(declaration: "\(access)static let fragmentDefinition", to: &writer)
            }, to: &writer)
        if let cache = plan.cache {
            writeCacheMetadata(
                cache, of: plan.swiftName, variableDefaults: [:], isQuery: false, isFragment: true, to: &writer)
        }
        return writer.text
    }

    /// `/// `title`: description` (or the title alone, or the title and a multi-line description below it).
    func writeDoc(title: String, description: String?, to writer: inout CodeWriter) {
        guard let description, !description.isEmpty else {
            writer.doc(title + ".")
            return
        }
        if description.contains("\n") {
            writer.doc(title + ".")
            writer.doc("")
            writer.doc(description)
        } else {
            writer.doc(title + ": " + description)
        }
    }
}
