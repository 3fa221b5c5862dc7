import GraphQLParser

extension PlanningSession {
    /// The Swift representation of a scalar; an unmapped custom scalar is `JSONValue` and its use is recorded for
    /// a warning.
    func scalarPlan(_ name: String, usedAt location: SourceLocation) -> ScalarPlan {
        if let mapping = configuration.scalars[name] {
            return ScalarPlan(
                graphQLName: name, swiftType: mapping.swiftType, usesScalarDecoding: mapping.decoding == .scalar,
                isDate: mapping.isDate, formatter: mapping.formatter)
        }
        switch name {
        case "Int": return ScalarPlan(graphQLName: name, swiftType: "Int", usesScalarDecoding: false)
        case "Float": return ScalarPlan(graphQLName: name, swiftType: "Double", usesScalarDecoding: false)
        case "String": return ScalarPlan(graphQLName: name, swiftType: "String", usesScalarDecoding: false)
        case "Boolean": return ScalarPlan(graphQLName: name, swiftType: "Bool", usesScalarDecoding: false)
        case "ID": return ScalarPlan(graphQLName: name, swiftType: "GraphQLID", usesScalarDecoding: true)
        // Any JSON value (Data Connect's `Any`): `JSONValue` keeps it exactly, so no mapping is needed.
        case "Any": return ScalarPlan(graphQLName: name, swiftType: "JSONValue", usesScalarDecoding: false)
        default:
            if let previous = unmappedScalarUsages[name] {
                if location.isKnown, !previous.isKnown || location < previous {
                    unmappedScalarUsages[name] = location
                }
            } else {
                unmappedScalarUsages[name] = location
            }
            return ScalarPlan(graphQLName: name, swiftType: "JSONValue", usesScalarDecoding: false)
        }
    }

    /// One warning per unmapped custom scalar the operations use, at its first use, suggesting a mapping.
    func reportUnmappedScalars() {
        for name in unmappedScalarUsages.keys.sorted() {
            guard let location = unmappedScalarUsages[name] else { continue }
            let suggestion = Self.suggestedSwiftType(forScalar: name)
            warning(
                "The custom scalar '\(name)' has no Swift type configured, so its values decode as JSONValue (which "
                    + "keeps whatever the server sends). Map it to a Swift type in the configuration "
                    + "(\"scalars\": {\"\(name)\": \"\(suggestion)\"}) or with --scalar \(name)=\(suggestion).",
                at: location)
        }
    }

    /// A likely Swift type for a custom scalar, from its name, for the warning's suggestion.
    static func suggestedSwiftType(forScalar name: String) -> String {
        let lower = name.lowercased()
        if lower.contains("timestamp") { return "Timestamp" }
        if lower == "date" || lower == "localdate" || lower == "calendardate" { return "LocalDate" }
        if lower.contains("uuid") { return "UUID" }
        if lower.contains("datetime") || lower.contains("instant") { return "Date" }
        if lower.contains("url") || lower.contains("uri") { return "URL" }
        if lower == "long" || lower.contains("bigint") || lower.contains("int64") { return "Int64" }
        if lower.contains("decimal") || lower.contains("money") { return "Decimal" }
        if lower.contains("json") { return "JSONValue" }
        return "String"
    }
}
