import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import GraphQLParser

/// The checker's GraphQL server: executes an operation of the checker's schema on a ``ModelWorld`` as the spec says
/// (field collection by response key, type conditions on the interface and the union, `@include`/`@skip`, variables
/// with their defaults, arguments' schema defaults), a failing `bio` as a field error (`null` and an error with its
/// path), and mutations that change the world. Beside the data it tells where each leaf came from (its source: the
/// field of the world object it was read from, or the link that led to an object), for the checker's rule that a
/// value the app has seen replaced is never served as fresh again.
struct ModelServer {
    /// What executing an operation gave.
    struct Execution: Sendable {
        /// The response's `data` (`.null` when it is null).
        var data: JSONValue
        /// The response's errors (`message` and `path`).
        var errors: [JSONValue]
        /// Each leaf's response path (`user.friends.0.name`) and its source (`User:ann.name`).
        var sources: [String: String]
        /// With `following`: leaves that `data` cannot hold as the world has them (a link the world leaves `null`
        /// where the result shows an object, followed for the object's fields): the world's leaf at each path (`nil`:
        /// none).
        var overrides: [String: String?] = [:]
    }

    /// A problem in a document the checker sent itself (a defect of the checker, not of the cache).
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    private enum Object {
        case root
        case user(String)
        case profile(user: String)
        case site(String)
        case owner(site: String)
        case item(ModelWorld.ItemKey)

        var typeName: String {
            switch self {
            case .root: "Query"
            case .user: "User"
            case .profile: "Profile"
            case .site: "Site"
            case .owner: "Owner"
            case .item: "Item"
            }
        }

        var source: String {
            switch self {
            case .root: "Query"
            case .user(let id): "User:" + id
            // `/`, which no id holds: user `ann.profile`'s fields are not ann's profile's (seed 6151: the model took
            // ann's profile's karma for the user's, and a page showing the user's as "older than seen").
            case .profile(let user): "User:" + user + "/profile"
            case .site(let id): "Site:" + id
            case .owner(let site): "Site:" + site + "/owner"
            case .item(let key): "Item:" + key.shop + "|" + key.sku
            }
        }
    }

    private enum Resolved {
        case leaf(JSONValue)
        case object(Object)
        case list([Resolved])
        case null
        case error(String)
    }

    private static let documents = DocumentCache()

    private var world: ModelWorld
    private var variables: [String: JSONValue] = [:]
    private var fragments: [String: FragmentDefinition] = [:]
    private var errors: [JSONValue] = []
    private var sources: [String: String] = [:]
    private var overrides: [String: String?] = [:]
    private let refuse: Bool

    /// Executes `document` (one operation and its fragments) with `variables` on `world`; a mutation changes `world`,
    /// unless `refuse`, which answers each mutation field with `null` and an error and changes nothing.
    ///
    /// With `following` (a result the cache served), each link (an object or list field) is resolved on `world` for
    /// its own leaves (the marker, the key fields of the object it leads to) and then followed to the object the
    /// result shows there: every leaf is the value `world` gives the field of the object the result names, as a
    /// normalized cache holds it (each record's field on its own), so a result whose links and fields were written at
    /// other times is still explained field by field.
    static func execute(
        _ document: String, variables: [String: JSONValue], world: inout ModelWorld, refuse: Bool = false,
        following: JSONValue? = nil
    ) throws -> Execution {
        let parsed = try documents.document(document)
        var server = ModelServer(world: world, refuse: refuse)
        var operation: OperationDefinition?
        for definition in parsed.definitions {
            switch definition {
            case .operation(let definition): operation = definition
            case .fragment(let fragment): server.fragments[fragment.name.value] = fragment
            default: break
            }
        }
        guard let operation else { throw Problem(description: "no operation in \(document)") }
        server.variables = variables
        for definition in operation.variableDefinitions where variables[definition.variable.name.value] == nil {
            if let value = definition.defaultValue {
                server.variables[definition.variable.name.value] = server.json(value)
            }
        }
        let isMutation = operation.operation == .mutation
        let data = try server.complete(
            .root, selections: [operation.selectionSet], path: [], source: "Query", mutating: isMutation,
            following: following)
        world = server.world
        return Execution(data: data, errors: server.errors, sources: server.sources, overrides: server.overrides)
    }

    private init(world: ModelWorld, refuse: Bool) {
        self.world = world
        self.refuse = refuse
    }

    // MARK: Completing values

    private mutating func complete(
        _ object: Object, selections: [SelectionSet], path: [String], source: String, mutating: Bool = false,
        following: JSONValue? = nil
    ) throws -> JSONValue {
        var members = JSONObject()
        for (key, fields) in collect(selections, on: object.typeName) {
            guard let field = fields.first else { continue }
            let fieldPath = path + [key]
            let pathText = fieldPath.joined(separator: ".")
            let name = field.name.value
            if name == "__typename" {
                members[key] = .string(object.typeName)
                sources[pathText] = source
                continue
            }
            let arguments = field.arguments.reduce(into: [String: JSONValue]()) { $0[$1.name.value] = json($1.value) }
            let resolved = try resolve(object, name, arguments: arguments, mutating: mutating)
            // A field with arguments is a field of its own for each of them (`search({"text":"o"})`).
            let fieldSource =
                name == "id" || name == "shop" || name == "sku"
                ? source
                : object.source + "." + name
                    + (arguments.isEmpty ? "" : "(" + JSONValue.object(JSONObject(arguments)).jsonText + ")")
            let subselections = fields.compactMap(\.selectionSet)
            members[key] = try value(
                resolved, selections: subselections, path: fieldPath, source: fieldSource, following: following?[key])
        }
        sources[path.joined(separator: ".")] = source
        return .object(members)
    }

    private mutating func value(
        _ resolved: Resolved, selections: [SelectionSet], path: [String], source: String, following: JSONValue? = nil
    ) throws -> JSONValue {
        let pathText = path.joined(separator: ".")
        switch resolved {
        case .leaf(let value):
            sources[pathText] = source
            return value
        case .null:
            sources[pathText] = source
            // The result shows an object where the world has none: its fields are still the object's fields.
            guard let following, let target = object(named: following, like: nil) else { return .null }
            let followed = try complete(
                target, selections: selections, path: path, source: source, following: following)
            overrides[pathText] = .some("null")
            if case .object(let members) = followed {
                for key in members.keys where sources[(path + [key]).joined(separator: ".")] == source {
                    overrides[(path + [key]).joined(separator: ".")] = .some(nil)
                }
            }
            return followed
        case .error(let message):
            sources[pathText] = source
            errors.append(
                .object([
                    "message": .string(message),
                    "path": .array(path.map { Int($0).map { .number(String($0)) } ?? .string($0) }),
                ]))
            return .null
        case .object(let object):
            let natural = try complete(object, selections: selections, path: path, source: source)
            guard let following, let target = self.object(named: following, like: object.typeName),
                target.source != object.source, case .object(var members) = natural
            else {
                return try following == nil
                    ? natural
                    : complete(object, selections: selections, path: path, source: source, following: following)
            }
            // The result shows an object of another type here (a list whose members changed: `search` once found a
            // user, now a site): the world's link names a type whose shape cannot hold the result's fields, so the
            // element is the result's object alone, followed for its fields, and the link's own leaves (its type
            // name, its key) are explained by another version or not at all, as for an element the world has not
            // (seed 8899).
            if target.typeName != object.typeName {
                return try value(.null, selections: selections, path: path, source: source, following: following)
            }
            // The linked object's own leaves (its key fields, its type name) are the link's: the world's. The rest
            // are the fields of the object the result names.
            let keys = members.keys.filter { sources[(path + [$0]).joined(separator: ".")] == source }
            guard
                case .object(let followed) = try complete(
                    target, selections: selections, path: path, source: source, following: following)
            else { return natural }
            for (key, member) in followed where !keys.contains(key) { members[key] = member }
            return .object(members)
        case .list(let elements):
            sources[pathText] = source
            var items: [JSONValue] = []
            var followedItems: [JSONValue] = []
            if case .array(let given)? = following { followedItems = given }
            for (index, element) in elements.enumerated() {
                items.append(
                    try value(
                        element, selections: selections, path: path + [String(index)], source: source,
                        following: index < followedItems.count ? followedItems[index] : nil))
            }
            // Elements the result shows beyond the world's: followed for their fields, the list's length is the
            // world's.
            if followedItems.count > elements.count {
                for index in elements.count..<followedItems.count {
                    items.append(
                        try value(
                            .null, selections: selections, path: path + [String(index)], source: source,
                            following: followedItems[index]))
                }
                overrides[pathText] = .some("[\(elements.count)]")
            }
            return .array(items)
        }
    }

    // MARK: Resolving fields

    private mutating func resolve(_ object: Object, _ name: String, arguments: [String: JSONValue], mutating: Bool)
        throws -> Resolved
    {
        switch object {
        case .root:
            return mutating ? mutate(name, arguments) : try query(name, arguments)
        case .user(let id):
            guard let user = world.users[id] else { return .null }
            switch name {
            case "id": return .leaf(.string(id))
            case "name": return .leaf(.string(user.name))
            case "bio":
                if user.bioFails { return .error("the bio of \(id) cannot be read") }
                return user.bio.map { .leaf(.string($0)) } ?? .null
            case "karma": return .leaf(.number(String(user.karma)))
            case "bestFriend": return userReference(user.bestFriend)
            case "profile": return user.profile == nil ? .null : .object(.profile(user: id))
            case "friends":
                let first = max(0, arguments["first"]?.intValue ?? 2)
                return .list(user.friends.prefix(first).map { userReference($0) })
            case "friendsPage":
                let offset = max(0, arguments["offset"]?.intValue ?? 0)
                let limit = max(0, arguments["limit"]?.intValue ?? 2)
                return .list(user.friends.dropFirst(offset).prefix(limit).map { userReference($0) })
            default: throw Problem(description: "no field User.\(name)")
            }
        case .profile(let user):
            guard let profile = world.users[user]?.profile else { return .null }
            switch name {
            case "headline": return profile.headline.map { .leaf(.string($0)) } ?? .null
            case "karma": return .leaf(.number(String(profile.karma)))
            default: throw Problem(description: "no field Profile.\(name)")
            }
        case .site(let id):
            guard let site = world.sites[id] else { return .null }
            switch name {
            case "id": return .leaf(.string(id))
            case "title": return .leaf(.string(site.title))
            case "owner": return site.owner == nil ? .null : .object(.owner(site: id))
            default: throw Problem(description: "no field Site.\(name)")
            }
        case .owner(let site):
            guard let owner = world.sites[site]?.owner else { return .null }
            switch name {
            case "name": return .leaf(.string(owner.name))
            case "page": return owner.page.map { .leaf(.string($0)) } ?? .null
            default: throw Problem(description: "no field Owner.\(name)")
            }
        case .item(let key):
            guard let item = world.items[key] else { return .null }
            switch name {
            case "shop": return .leaf(.string(key.shop))
            case "sku": return .leaf(.string(key.sku))
            case "price": return .leaf(.number(String(item.price)))
            case "label": return item.label.map { .leaf(.string($0)) } ?? .null
            default: throw Problem(description: "no field Item.\(name)")
            }
        }
    }

    /// The object a result shows where the world has `natural`: by its `id` (or `shop` and `sku`, or its parent for
    /// an object without a key); `nil` when the result shows none.
    private func object(named result: JSONValue, like typeHint: String?) -> Object? {
        guard case .object(let members) = result else { return nil }
        let typeName = members["__typename"]?.stringValue ?? typeHint
        if let id = members["id"]?.stringValue {
            if typeName != "Site", world.users[id] != nil { return .user(id) }
            if typeName != "User", world.sites[id] != nil { return .site(id) }
            return nil
        }
        if let shop = members["shop"]?.stringValue, let sku = members["sku"]?.stringValue {
            let key = ModelWorld.ItemKey(shop: shop, sku: sku)
            return world.items[key] == nil ? nil : .item(key)
        }
        return nil
    }

    private func userReference(_ id: String?) -> Resolved {
        guard let id, world.users[id] != nil else { return .null }
        return .object(.user(id))
    }

    private func query(_ name: String, _ arguments: [String: JSONValue]) throws -> Resolved {
        let id = arguments["id"]?.stringValue ?? ""
        switch name {
        case "user", "userChanged": return userReference(id)
        case "users":
            guard case .array(let ids)? = arguments["ids"] else { return .list([]) }
            return .list(ids.map { userReference($0.stringValue) })
        case "featuredUser": return userReference(world.featured)
        case "site", "node", "siteChanged":
            if name == "node", world.users[id] != nil { return .object(.user(id)) }
            return world.sites[id] == nil ? .null : .object(.site(id))
        case "search":
            let text = arguments["text"]?.stringValue ?? ""
            let limit = max(0, arguments["limit"]?.intValue ?? 3)
            let users = world.users.filter { text.isEmpty || $0.value.name.contains(text) }.keys.sorted()
            let sites = world.sites.filter { text.isEmpty || $0.value.title.contains(text) }.keys.sorted()
            let found = users.map { Resolved.object(.user($0)) } + sites.map { Resolved.object(.site($0)) }
            return .list(Array(found.prefix(limit)))
        case "item":
            let key = ModelWorld.ItemKey(
                shop: arguments["shop"]?.stringValue ?? "", sku: arguments["sku"]?.stringValue ?? "")
            return world.items[key] == nil ? .null : .object(.item(key))
        case "items":
            let shop = arguments["shop"]?.stringValue ?? ""
            return .list(world.items.keys.filter { $0.shop == shop }.sorted().map { .object(.item($0)) })
        case "friendPage", "friendList":
            let friends = world.users[id]?.friends ?? []
            let offset = max(0, arguments["offset"]?.intValue ?? 0)
            let limit = max(0, arguments["limit"]?.intValue ?? 2)
            return .list(friends.dropFirst(offset).prefix(limit).map { userReference($0) })
        case "friendFeed":
            let first = arguments["first"]?.intValue ?? 2
            let after = arguments["after"].flatMap { $0 == .null ? nil : $0.stringValue }
            return .list(world.feed(of: id, after: after, first: first).map { userReference($0) })
        default: throw Problem(description: "no field Query.\(name)")
        }
    }

    private mutating func mutate(_ name: String, _ arguments: [String: JSONValue]) -> Resolved {
        if refuse { return .error("\(name) refused") }
        let id = arguments["id"]?.stringValue ?? ""
        let change: ModelChange?
        switch name {
        case "renameUser": change = .rename(user: id, to: arguments["name"]?.stringValue ?? "")
        case "setKarma": change = .setKarma(user: id, to: arguments["karma"]?.intValue ?? 0)
        case "setBio": change = .setBio(user: id, to: arguments["bio"]?.stringValue)
        case "setHeadline": change = .setHeadline(user: id, to: arguments["headline"]?.stringValue)
        case "renameSite": change = .retitle(site: id, to: arguments["title"]?.stringValue ?? "")
        case "setOwnerPage": change = .setOwnerPage(site: id, to: arguments["page"]?.stringValue)
        case "feature": change = .feature(user: id)
        case "setPrice":
            let shop = arguments["shop"]?.stringValue ?? ""
            let sku = arguments["sku"]?.stringValue ?? ""
            change = .setPrice(shop: shop, sku: sku, to: arguments["price"]?.intValue ?? 0)
            change?.apply(to: &world)
            let key = ModelWorld.ItemKey(shop: shop, sku: sku)
            return world.items[key] == nil ? .null : .object(.item(key))
        default: change = nil
        }
        change?.apply(to: &world)
        switch name {
        case "renameSite", "setOwnerPage": return world.sites[id] == nil ? .null : .object(.site(id))
        default: return userReference(id)
        }
    }

    // MARK: Field collection

    private func collect(_ selectionSets: [SelectionSet], on typeName: String) -> [(String, [Field])] {
        var keys: [String] = []
        var groups: [String: [Field]] = [:]
        var visited: Set<String> = []
        func visit(_ selections: [Selection]) {
            for selection in selections where included(selection.directives) {
                switch selection {
                case .field(let field):
                    let key = field.alias?.value ?? field.name.value
                    if groups[key] == nil { keys.append(key) }
                    groups[key, default: []].append(field)
                case .inlineFragment(let fragment):
                    if let condition = fragment.typeCondition?.name.value, !Self.applies(condition, to: typeName) {
                        continue
                    }
                    visit(fragment.selectionSet.selections)
                case .fragmentSpread(let spread):
                    let name = spread.name.value
                    guard !visited.contains(name), let definition = fragments[name],
                        Self.applies(definition.typeCondition.name.value, to: typeName)
                    else { continue }
                    visited.insert(name)
                    visit(definition.selectionSet.selections)
                }
            }
        }
        for selectionSet in selectionSets { visit(selectionSet.selections) }
        return keys.map { ($0, groups[$0] ?? []) }
    }

    private static func applies(_ condition: String, to typeName: String) -> Bool {
        switch condition {
        case "Node", "SearchResult": typeName == "User" || typeName == "Site"
        default: condition == typeName
        }
    }

    private func included(_ directives: [Directive]) -> Bool {
        for directive in directives where directive.name.value == "skip" || directive.name.value == "include" {
            guard let argument = directive.arguments.first(where: { $0.name.value == "if" }) else { continue }
            let flag = json(argument.value) == .bool(true)
            if directive.name.value == "skip" ? flag : !flag { return false }
        }
        return true
    }

    private func json(_ value: Value) -> JSONValue {
        switch value {
        case .variable(let variable): variables[variable.name.value] ?? .null
        case .int(let text, _), .float(let text, _): .number(text)
        case .string(let string): .string(string.value)
        case .boolean(let flag, _): .bool(flag)
        case .null: .null
        case .enum(let name, _): .string(name)
        case .list(let items, _): .array(items.map(json))
        case .object(let fields, _):
            .object(fields.reduce(into: JSONObject()) { $0[$1.name.value] = json($1.value) })
        }
    }
}

/// Parsed documents, by text: each of the checker's few documents is parsed once.
private final class DocumentCache: Sendable {
    private let documents = Locked<[String: Document]>([:])

    func document(_ text: String) throws -> Document {
        if let known = documents.withLock({ $0[text] }) { return known }
        let parsed = try Parser.parse(Source(text, name: "model"))
        documents.withLock { $0[text] = parsed }
        return parsed
    }
}

extension JSONValue {
    /// The integer this value holds.
    var intValue: Int? {
        if case .number(let text) = self { return Int(text) }
        return nil
    }
}
