extension SwiftRenderer {
    /// The Swift declaration of an enum, with `unknown(String)` for values added on the server later.
    public func declaration(of plan: EnumPlan) -> String {
        var writer = CodeWriter()
        if let description = plan.description {
            writer.doc(description)
            writer.doc("")
        }
        writer.doc("The schema's `\(plan.name)`. A value added on the server later decodes as `.unknown(raw)`.")
        writer.open("\(access)enum \(plan.swiftName): GraphQLEnum")
        for value in plan.cases {
            var doc = "`\(value.rawValue)`"
            if let description = value.description { doc += ": " + description }
            if let reason = value.deprecationReason { doc += " (deprecated: \(reason))" }
            writer.doc(doc)
            writer.line("case \(SwiftNames.escaped(value.caseName))")
        }
        writer.doc("A value this version of the schema did not have.")
        writer.line("case unknown(String)")
        writer.blankLine()
        writer.doc("Any raw value; one the schema did not have becomes `.unknown`.")
        writer.open("\(access)init(rawValue: String)")
        writer.line("switch rawValue {")
        for value in plan.cases {
            let raw = SwiftNames.stringLiteralContents(value.rawValue)
            writer.line("case \"\(raw)\": self = .\(SwiftNames.escaped(value.caseName))")
        }
        writer.line("default: self = .unknown(rawValue)")
        writer.line("}")
        writer.close()
        writer.blankLine()
        writer.doc("The value as the server spells it.")
        writer.open("\(access)var rawValue: String")
        writer.line("switch self {")
        for value in plan.cases {
            let raw = SwiftNames.stringLiteralContents(value.rawValue)
            writer.line("case .\(SwiftNames.escaped(value.caseName)): return \"\(raw)\"")
        }
        writer.line("case .unknown(let rawValue): return rawValue")
        writer.line("}")
        writer.close()
        writer.blankLine()
        writer.doc("The values the schema had.")
        let cases = plan.cases.map { "." + SwiftNames.escaped($0.caseName) }
        let single = "\(access)static var allCases: [\(plan.swiftName)] { [" + cases.joined(separator: ", ") + "] }"
        if writer.indentation.count + single.count <= CodeWriter.maxLineLength {
            writer.line(single)
        } else {
            writer.open("\(access)static var allCases: [\(plan.swiftName)]")
            writer.line("[")
            writer.level += 1
            writer.fill(cases, separator: ", ", trailingSeparator: ",", lastSuffix: ",")
            writer.level -= 1
            writer.line("]")
            writer.close()
        }
        writer.close()
        return writer.text
    }
}
