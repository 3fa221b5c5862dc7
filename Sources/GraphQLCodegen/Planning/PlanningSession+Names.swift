import GraphQLParser

extension PlanningSession {
    /// The suffix of an operation type's Swift name.
    static func suffix(of operationType: OperationType) -> String {
        switch operationType {
        case .query: "Query"
        case .mutation: "Mutation"
        case .subscription: "Subscription"
        }
    }

    /// Names the fragments (their own names) and operations (`Game` → `GameQuery`), reporting names that cannot
    /// be used, and fills ``reservedTypeNames`` and ``schemaTypeSwiftNames``.
    func assignTopLevelNames() -> (fragments: [String: String], operations: [(OperationDefinition, String)]) {
        var taken: [String: SourceLocation] = [:]
        var fragmentNames: [String: String] = [:]
        for name in originalFragments.keys.sorted() {
            guard let fragment = originalFragments[name] else { continue }
            if Self.runtimeTypeNames.contains(name) {
                error(
                    "The fragment name '\(name)' is a type name the generated code uses; rename the fragment "
                        + "(for example '\(name)Fields').", at: fragment.name.location)
                continue
            }
            taken[name] = fragment.name.location
            fragmentNames[name] = name
        }
        var operationNames: [(OperationDefinition, String)] = []
        for operation in operations {
            guard let name = operation.name else {
                let kind = operation.operation.rawValue
                error(
                    "Give this \(kind) a name (`\(kind) MyName { ... }`): its generated Swift type is named after it.",
                    at: operation.location)
                continue
            }
            let suffix = Self.suffix(of: operation.operation)
            let swiftName = name.value.hasSuffix(suffix) ? name.value : name.value + suffix
            if let other = taken[swiftName] {
                diagnostics.append(
                    Diagnostic(
                        severity: .error,
                        message: "The \(operation.operation.rawValue) '\(name.value)' would generate the type "
                            + "'\(swiftName)', which another operation or fragment already generates; rename one.",
                        location: name.location, relatedLocations: [other]))
                continue
            }
            if Self.runtimeTypeNames.contains(swiftName) {
                error(
                    "The \(operation.operation.rawValue) name '\(name.value)' gives the type name '\(swiftName)', "
                        + "which the generated code uses; rename the operation.", at: name.location)
                continue
            }
            taken[swiftName] = name.location
            operationNames.append((operation, swiftName))
        }
        // `Data`, `Variables` and `Fragments` are the generated code's own nested names: a nested struct may take
        // them (inside its own scope); a top-level type may not.
        var reserved = Self.runtimeTypeNames.subtracting(["Data", "Variables", "Fragments"]).union(taken.keys)
        for mapping in configuration.scalars.values {
            if let first = mapping.swiftType.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
                .first
            {
                reserved.insert(String(first))
            }
        }
        for type in schema.types where !type.isBuiltIn && (type.kind == .enum || type.kind == .inputObject) {
            var swiftName = type.name
            if Self.runtimeTypeNames.contains(swiftName) || taken[swiftName] != nil {
                swiftName += type.kind == .enum ? "Enum" : "Input"
            }
            schemaTypeSwiftNames[type.name] = swiftName
            reserved.insert(swiftName)
        }
        reservedTypeNames = reserved
        return (fragmentNames, operationNames)
    }

    /// The Swift name of a schema enum or input object, recording a warning the first time a renamed one is used.
    func swiftName(ofSchemaType name: String) -> String {
        schemaTypeSwiftNames[name] ?? name
    }

    /// Claims a nested type name in `scope`: `base`, or `base` + `Selection` (+ a number) when the name is taken in
    /// the struct, is the name of an enclosing struct (qualified name `enclosing`), or would hide a type the
    /// generated code refers to.
    func claimTypeName(_ base: String, in scope: inout NameScope, enclosing: String = "") -> String {
        let enclosingNames = Set(enclosing.split(separator: ".").map(String.init))
        var candidate = base
        var counter = 1
        while scope.contains(candidate) || reservedTypeNames.contains(candidate) || enclosingNames.contains(candidate)
            || SwiftNames.unusableMemberNames.contains(candidate) || SwiftNames.keywords.contains(candidate)
        {
            candidate = base + "Selection" + (counter == 1 ? "" : String(counter))
            counter += 1
        }
        return scope.claim(candidate)
    }
}
