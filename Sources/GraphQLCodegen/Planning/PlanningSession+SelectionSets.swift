import GraphQLParser
import GraphQLSchema

extension PlanningSession {
    /// Members every generated selection set has, which its fields must not take.
    static let selectionSetMembers: Set<String> = ["CodingKeys", "writeGraphQLMembers", "graphQLResponseValue"]

    /// Plans the struct for a selection set.
    /// - Parameters:
    ///   - swiftName: The struct's name where it is declared.
    ///   - qualifiedName: Its fully qualified name (`GameQuery.Data.Game`).
    ///   - scope: The type the selection is made on (for a type case, the type condition).
    ///   - selections: The selections, each with whether `@include`/`@skip` may leave it out.
    ///   - reservedMembers: Member names the enclosing declaration already uses (static members of fragments).
    ///   - base: For a type case view, the struct it is nested in.
    ///   - fulfilled: For a deferred view, the conditions of the deferred inline fragments it stands for.
    ///   - requiredKeys: For a deferred view, the response keys only its fragment selects: the view is there when
    ///     they are (a nullable one too), not before its increment arrives.
    func planSelectionSet(
        swiftName: String, qualifiedName: String, scope: SchemaType, types: Set<String>? = nil,
        selections: [(Selection, Set<String>)], reservedMembers: Set<String> = [], base: BaseSelectionContext? = nil,
        fulfilled: Set<String> = [], requiredKeys: Set<String> = []
    ) -> SelectionSetPlan {
        let types = types ?? collector.possibleTypes(of: scope)
        // The type the selections are written on: fields written directly in them are looked up there.
        let writtenOn = base?.writtenOn ?? scope.name
        let collected = collector.collect(
            selections, scope: scope, types: types, parent: writtenOn, fulfilled: fulfilled)
        var members = NameScope(reserved: reservedMembers.union(Self.selectionSetMembers))
        var plan = SelectionSetPlan(swiftName: swiftName, graphQLType: scope.name)

        // Type cases: each type condition that some of the types satisfy (not all: those are merged above), with
        // what its view holds. In a view, a nested one is kept only when it holds a field or fragment that neither
        // this view nor a view for the same condition above it holds (`... on Pet { ... on Animal { size } }` on
        // `Animal`, where not every `Pet` is an `Animal`: `size` is merged into `asPet`, for the pets that are
        // animals; `... on Pet { ... on Warm { temperature } }`: `asPet.asWarm`).
        let here = ViewContents(collected)
        var cases: [(type: SchemaType, types: Set<String>, collected: CollectedSelections)] = []
        for name in collected.typeConditions {
            guard let type = schema.type(named: name), type.isComposite,
                !collector.applies(type, to: scope, types: types)
            else { continue }
            let caseTypes = types.intersection(collector.possibleTypes(of: type))
            guard !caseTypes.isEmpty else { continue }
            let caseCollected = collector.collect(
                selections, scope: type, types: caseTypes, parent: writtenOn, fulfilled: fulfilled)
            if let base {
                var held = here
                if let above = base.enclosingViews[type.name] { held.formUnion(above) }
                if held.contains(ViewContents(caseCollected)) { continue }
            }
            cases.append((type, caseTypes, caseCollected))
        }

        // A field only deferred inline fragments select is their views' (`fragments.deferredDog?.birthdate`), as in
        // Apollo iOS: not this struct's, where it could not tell "not arrived yet" from `null`.
        let keys = collected.keys.filter { !collected.isDeferredInline($0) }
        // (A deferred view holds no other deferred views: each is the enclosing struct's, as in Apollo iOS.)
        let deferred = fulfilled.isEmpty ? collected.deferredInlineFragments : []

        // Property names: the fields first, then `fragments` and the type case views.
        var propertyNames: [String: String] = [:]
        for key in keys { propertyNames[key] = members.claim(key) }
        if !collected.fragments.isEmpty || !deferred.isEmpty {
            plan.fragmentsPropertyName = members.claim("fragments")
        }
        var casePropertyNames: [String: String] = [:]
        for (condition, _, _) in cases {
            casePropertyNames[condition.name] = members.claim("as" + SwiftNames.capitalized(condition.name))
        }

        // Fields, with their nested structs.
        var qualifiedTypes: [String: OutputTypePlan] = [:]
        for key in keys {
            guard let occurrences = collected.occurrences[key], let first = occurrences.first,
                let propertyName = propertyNames[key]
            else { continue }
            // Looked up where the field is written: a view's scope (an interface or union all of whose possible types
            // have the field) may not declare it.
            guard
                let definition = schema.type(named: first.parentType).flatMap({
                    schema.field(named: first.field.name.value, on: $0)
                }) ?? schema.field(named: first.field.name.value, on: scope)
            else {
                error(
                    "The schema has no field '\(first.field.name.value)' on type '\(scope.name)' to generate.",
                    at: first.field.location)
                continue
            }
            let isConditional = collected.isConditional(key)
            var type: OutputTypePlan
            if let base, base.collected.occurrences[key] == occurrences, let inherited = base.qualifiedTypes[key] {
                type = inherited
                qualifiedTypes[key] = inherited
            } else {
                var nested: SelectionSetPlan?
                type = outputType(
                    definition.type, key: key, occurrences: occurrences, parentQualifiedName: qualifiedName,
                    members: &members, nested: &nested)
                if isConditional, !type.isOptional { type = .optional(type) }
                if let nested {
                    plan.nestedTypes.append(nested)
                    qualifiedTypes[key] = type.qualifyingObjects(with: qualifiedName)
                } else {
                    qualifiedTypes[key] = type
                }
            }
            plan.fields.append(
                FieldPlan(
                    responseKey: key, propertyName: propertyName, type: type, description: definition.description,
                    deprecationReason: definition.deprecationReason,
                    omitsNil: isConditional && definition.type.isNonNull, requiresPresence: requiredKeys.contains(key)))
        }

        // Fragments spread directly, then the views of the deferred inline fragments.
        var fragmentMembers = NameScope()
        if !collected.fragments.isEmpty || !deferred.isEmpty {
            plan.fragmentsTypeName = claimTypeName("Fragments", in: &members, enclosing: qualifiedName)
            for (name, isConditional) in collected.fragments {
                plan.fragments.append(
                    FragmentReferencePlan(
                        fragmentType: name, propertyName: fragmentMembers.claim(SwiftNames.lowerCamelCased(name)),
                        isConditional: isConditional))
            }
        }

        // Type case views.
        if !cases.isEmpty {
            var enclosingViews = base?.enclosingViews ?? [:]
            for (condition, _, caseCollected) in cases {
                enclosingViews[condition.name, default: ViewContents()].formUnion(ViewContents(caseCollected))
            }
            let context = BaseSelectionContext(
                qualifiedName: qualifiedName, scope: scope, writtenOn: writtenOn, collected: collected,
                qualifiedTypes: qualifiedTypes, enclosingViews: enclosingViews)
            for (condition, caseTypes, _) in cases {
                let caseName = claimTypeName(
                    "As" + SwiftNames.capitalized(condition.name), in: &members, enclosing: qualifiedName)
                let view = planSelectionSet(
                    swiftName: caseName, qualifiedName: qualifiedName + "." + caseName, scope: condition,
                    types: caseTypes, selections: selections, base: context, fulfilled: fulfilled)
                // In schema order.
                let possible = schema.possibleTypes(of: condition).map(\.name).filter { caseTypes.contains($0) }
                plan.typeCases.append(
                    TypeCasePlan(
                        typeCondition: condition.name, propertyName: casePropertyNames[condition.name] ?? caseName,
                        possibleTypes: possible, selectionSet: view))
            }
        }

        // Deferred inline fragments (`... on Dog @defer(label: "deferredDog") { birthdate }`): a view named by the label
        // (else `Deferred` and the type condition) with this struct's fields and the fragment's, exposed as
        // `fragments.deferredDog: DeferredDog?`, `nil` until the increment that brings the fragment's own fields.
        if !deferred.isEmpty {
            let context = BaseSelectionContext(
                qualifiedName: qualifiedName, scope: scope, writtenOn: writtenOn, collected: collected,
                qualifiedTypes: qualifiedTypes, enclosingViews: base?.enclosingViews ?? [:])
            for (condition, name) in deferred {
                let viewName = claimTypeName(SwiftNames.capitalized(name), in: &members, enclosing: qualifiedName)
                let own = Set(
                    collected.keys.filter { key in
                        (collected.occurrences[key] ?? []).allSatisfy { $0.conditions.contains(condition) }
                    })
                let view = planSelectionSet(
                    swiftName: viewName, qualifiedName: qualifiedName + "." + viewName, scope: scope, types: types,
                    selections: selections, base: context, fulfilled: fulfilled.union([condition]), requiredKeys: own)
                plan.deferredViews.append(view)
                plan.fragments.append(
                    FragmentReferencePlan(
                        fragmentType: viewName, propertyName: fragmentMembers.claim(SwiftNames.lowerCamelCased(name)),
                        isConditional: true))
            }
        }

        plan.isIdentifiable = plan.fields.contains { field in
            guard field.propertyName == "id", field.responseKey == "id", case .scalar(let scalar) = field.type else {
                return false
            }
            return scalar.graphQLName == "ID"
        }
        if scope.kind == .object, plan.fields.contains(where: { $0.propertyName == "__typename" }) {
            plan.typenameDefault = scope.name
        }
        return plan
    }

    /// The Swift type of a field; for a composite type, either a fragment (when the selection is one fragment
    /// spread) or a nested struct, planned into `nested`.
    private func outputType(
        _ type: TypeRef, key: String, occurrences: [FieldOccurrence], parentQualifiedName: String,
        members: inout NameScope, nested: inout SelectionSetPlan?
    ) -> OutputTypePlan {
        let location = occurrences.first?.field.location ?? .unknown
        guard let named = schema.type(named: type.namedType) else {
            error("Unknown type '\(type.namedType)'.", at: location)
            return .optional(
                .scalar(ScalarPlan(graphQLName: type.namedType, swiftType: "JSONValue", usesScalarDecoding: false)))
        }
        let leaf: OutputTypePlan
        switch named.kind {
        case .scalar:
            leaf = .scalar(scalarPlan(named.name, usedAt: location))
        case .enum:
            usedEnums.insert(named.name)
            leaf = .enumeration(swiftName(ofSchemaType: named.name))
        case .object, .interface, .union:
            if let fragment = soleFragment(in: occurrences, fieldType: named) {
                leaf = .fragment(fragment)
            } else {
                let baseName = SwiftNames.capitalized(type.isList ? SwiftNames.singularized(key) : key)
                let structName = claimTypeName(baseName, in: &members, enclosing: parentQualifiedName)
                // A sub-selection may be left out of the object unless its field's conditions hold wherever the field
                // is in the response: every occurrence's conditions include them (the same `@include` on each).
                var selections: [(Selection, Set<String>)] = []
                for occurrence in occurrences {
                    let guaranteed = occurrences.allSatisfy { $0.conditions.isSuperset(of: occurrence.conditions) }
                    for selection in occurrence.field.selectionSet?.selections ?? [] {
                        selections.append((selection, guaranteed ? [] : occurrence.conditions))
                    }
                }
                nested = planSelectionSet(
                    swiftName: structName, qualifiedName: parentQualifiedName + "." + structName, scope: named,
                    selections: selections)
                leaf = .object(structName)
            }
        case .inputObject:
            error("The field '\(key)' has the input type '\(named.name)'.", at: location)
            leaf = .scalar(ScalarPlan(graphQLName: named.name, swiftType: "JSONValue", usesScalarDecoding: false))
        }
        return Self.wrap(leaf, in: type)
    }

    /// Wraps a leaf type in the lists and optionals of a GraphQL type reference.
    static func wrap(_ leaf: OutputTypePlan, in type: TypeRef) -> OutputTypePlan {
        func nonOptional(_ type: TypeRef) -> OutputTypePlan {
            switch type {
            case .named: leaf
            case .list(let item): .list(wrap(leaf, in: item))
            case .nonNull(let inner): nonOptional(inner)
            }
        }
        if case .nonNull(let inner) = type { return nonOptional(inner) }
        return .optional(nonOptional(type))
    }

    /// The fragment a field is typed as: its selection is one fragment spread without directives (plus
    /// `__typename`), and the fragment applies to every object of the field's type.
    private func soleFragment(in occurrences: [FieldOccurrence], fieldType: SchemaType) -> String? {
        var name: String?
        for occurrence in occurrences {
            for selection in occurrence.field.selectionSet?.selections ?? [] {
                switch selection {
                case .field(let field)
                where field.alias == nil && field.name.value == "__typename" && field.directives.isEmpty:
                    continue
                case .fragmentSpread(let spread) where spread.directives.isEmpty:
                    if let existing = name, existing != spread.name.value { return nil }
                    name = spread.name.value
                default:
                    return nil
                }
            }
        }
        guard let name, let definition = fragments[name],
            let condition = schema.type(named: definition.typeCondition.name.value),
            collector.applies(condition, to: fieldType)
        else { return nil }
        return name
    }
}
