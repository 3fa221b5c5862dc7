import GraphQLParser
import GraphQLSchema

extension PlanningSession {
    /// Plans a variable or input object field, recording the enums and input objects it uses.
    func inputValue(
        name: String, propertyName: String, type: TypeRef, defaultValue: Value?, description: String?,
        location: SourceLocation, isBoxed: Bool = false
    ) -> InputValuePlan {
        let presence: InputValuePlan.Presence
        switch (type.isNonNull, defaultValue) {
        case (true, nil): presence = .required
        case (true, _): presence = .optionalWithDefault
        case (false, _): presence = .nullable
        }
        return InputValuePlan(
            name: name, propertyName: propertyName, type: inputType(type.nullable, location: location),
            presence: presence, graphQLType: type.description, defaultValue: defaultValue.map { Printer.pretty($0) },
            description: description, isBoxed: isBoxed)
    }

    /// The Swift type of an input type below its outermost nullability.
    func inputType(_ type: TypeRef, location: SourceLocation) -> InputTypePlan {
        switch type {
        case .nonNull(let inner):
            return inputType(inner, location: location)
        case .list(let item):
            let itemPlan = inputType(item.nullable, location: location)
            return .list(item.isNonNull ? itemPlan : .optional(itemPlan))
        case .named(let name):
            guard let named = schema.type(named: name) else {
                error("Unknown type '\(name)'.", at: location)
                return .scalar(ScalarPlan(graphQLName: name, swiftType: "JSONValue", usesScalarDecoding: false))
            }
            switch named.kind {
            case .enum:
                usedEnums.insert(name)
                return .enumeration(swiftName(ofSchemaType: name))
            case .inputObject:
                usedInputObjects.insert(name)
                return .inputObject(swiftName(ofSchemaType: name))
            case .scalar:
                return .scalar(scalarPlan(name, usedAt: location))
            case .object, .interface, .union:
                error(
                    "The type '\(name)' is not an input type; use a scalar, an enum or an input object.", at: location)
                return .scalar(ScalarPlan(graphQLName: name, swiftType: "JSONValue", usesScalarDecoding: false))
            }
        }
    }

    /// Plans every input object the variables use, directly or through other input objects.
    func planInputObjects() -> [InputObjectPlan] {
        var planned: [String: InputObjectPlan] = [:]
        var pending = usedInputObjects.sorted()
        while let name = pending.popLast() {
            guard planned[name] == nil, let type = schema.type(named: name) else { continue }
            var members = NameScope(reserved: ["CodingKeys"])
            let fields = type.inputFields.map { field in
                inputValue(
                    name: field.name, propertyName: members.claim(field.name), type: field.type,
                    defaultValue: field.defaultValue, description: field.description, location: field.location,
                    isBoxed: isRecursive(field.type, in: name))
            }
            planned[name] = InputObjectPlan(
                name: name, swiftName: swiftName(ofSchemaType: name), description: type.description, fields: fields,
                isOneOf: type.isOneOf)
            if swiftName(ofSchemaType: name) != name {
                warning(
                    "The input object '\(name)' is generated as '\(swiftName(ofSchemaType: name))': the generated code "
                        + "uses the name '\(name)' for another type.", at: type.location)
            }
            for next in usedInputObjects.sorted() where planned[next] == nil && !pending.contains(next) {
                pending.append(next)
            }
        }
        return Array(planned.values)
    }

    /// Whether an input field's type leads back to `owner` through input objects without passing a list: such a
    /// field is stored boxed, or the struct would contain itself.
    func isRecursive(_ type: TypeRef, in owner: String) -> Bool {
        guard !type.isList, let start = schema.type(named: type.namedType), start.kind == .inputObject else {
            return false
        }
        var seen: Set<String> = []
        var stack = [start.name]
        while let name = stack.popLast() {
            if name == owner { return true }
            guard seen.insert(name).inserted, let current = schema.type(named: name) else { continue }
            for field in current.inputFields where !field.type.isList {
                if let next = schema.type(named: field.type.namedType), next.kind == .inputObject {
                    stack.append(next.name)
                }
            }
        }
        return false
    }

    /// Plans a schema enum.
    func planEnum(_ name: String) -> EnumPlan? {
        guard let type = schema.type(named: name), type.kind == .enum else { return nil }
        var members = NameScope(reserved: ["unknown", "rawValue", "allCases", "isKnown"])
        let cases = type.enumValues.map { value in
            EnumPlan.Case(
                caseName: members.claim(SwiftNames.enumCaseName(value.name)), rawValue: value.name,
                description: value.description, deprecationReason: value.deprecationReason)
        }
        let swiftName = swiftName(ofSchemaType: name)
        if swiftName != name {
            warning(
                "The enum '\(name)' is generated as '\(swiftName)': the generated code uses the name '\(name)' for "
                    + "another type.", at: type.location)
        }
        return EnumPlan(name: name, swiftName: swiftName, description: type.description, cases: cases)
    }
}
