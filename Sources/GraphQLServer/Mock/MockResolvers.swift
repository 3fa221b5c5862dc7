import Foundation
import GraphQLSchema

/// Resolvers that answer any schema with deterministic values: each field's value is drawn from a seed mixed
/// from its object's seed, its name and its arguments, so the same query always gets the same answer, and two
/// queries that reach an object by the same path and arguments see the same object (the same `id`).
///
/// Values follow the type: `ID` is `<Type>-<n>`, `String` is `<Type>.<field> <n>`, `Int` 0 to 999, `Float`
/// with two decimals, enums one of their values (not a deprecated one), abstract types one of their possible types, lists
/// ``listSize`` items (or the `first`, `last` or `limit` argument's value, up to 100), and custom scalars by
/// their name (`Long` an integer, `*Date*`/`*Time*` an ISO 8601 date or instant, `UUID` a UUID, `URL`/`*Url`
/// an `https` URL, anything else a string). No value is `null`.
package struct MockResolvers: GraphQLResolving {
    /// The served schema.
    package let schema: Schema
    /// The seed every answer is drawn from.
    package let seed: UInt64
    /// How many items a list has when the field takes no size argument.
    package let listSize: Int

    /// Creates resolvers.
    package init(schema: Schema, seed: UInt64 = 1, listSize: Int = 3) {
        self.schema = schema
        self.seed = seed
        self.listSize = max(0, listSize)
    }

    /// The root object of an operation type.
    package func root(_ typeName: String) -> MockObject {
        MockObject(typeName: typeName, seed: Self.mix(seed, typeName))
    }

    /// Resolves `field` of `object`.
    package func resolve(
        _ field: String, of object: MockObject, arguments: [String: GraphQLInputValue]
    ) throws -> GraphQLResolvedValue<MockObject> {
        guard let definition = schema.type(named: object.typeName)?.field(named: field) else {
            throw GraphQLFieldError("no field \(object.typeName).\(field)")
        }
        var fieldSeed = Self.mix(object.seed, field)
        for name in arguments.keys.sorted() {
            fieldSeed = Self.mix(fieldSeed, name + "=" + Self.describe(arguments[name] ?? .null))
        }
        var size = listSize
        for name in ["first", "last", "limit"] {
            if case .int(let requested) = arguments[name] { size = Int(min(max(requested, 0), 100)) }
        }
        return value(of: definition.type, seed: fieldSeed, parent: object.typeName, field: field, listSize: size)
    }

    private func value(
        of type: TypeRef, seed: UInt64, parent: String, field: String, listSize: Int
    ) -> GraphQLResolvedValue<MockObject> {
        switch type {
        case .nonNull(let inner):
            return value(of: inner, seed: seed, parent: parent, field: field, listSize: listSize)
        case .list(let item):
            return .list(
                (0..<listSize).map {
                    value(
                        of: item, seed: Self.mix(seed, "#\($0)"), parent: parent, field: field, listSize: self.listSize)
                })
        case .named(let name):
            guard let named = schema.type(named: name) else { return .null }
            let number = Self.scramble(seed)
            switch named.kind {
            case .object:
                return .object(MockObject(typeName: name, seed: seed))
            case .interface, .union:
                let possible = schema.possibleTypes(of: named).map(\.name).sorted()
                guard !possible.isEmpty else { return .null }
                let picked = possible[Int(number % UInt64(possible.count))]
                return .object(MockObject(typeName: picked, seed: seed))
            case .enum:
                // Deprecated values only when there is nothing else.
                let current = named.enumValues.filter { !$0.isDeprecated }
                let values = current.isEmpty ? named.enumValues : current
                guard !values.isEmpty else { return .null }
                return .string(values[Int(number % UInt64(values.count))].name)
            case .scalar:
                return scalar(name, number: number, parent: parent, field: field)
            case .inputObject:
                return .null
            }
        }
    }

    private func scalar(_ name: String, number: UInt64, parent: String, field: String) -> GraphQLResolvedValue<
        MockObject
    > {
        let small = number % 1_000
        switch name {
        case "ID": return .string("\(parent)-\(number % 100_000)")
        case "String": return .string("\(parent).\(field) \(small)")
        case "Int": return .int(Int64(small))
        case "Float": return .double(Double(number % 100_000) / 100)
        case "Boolean": return .boolean(number % 2 == 0)
        case "Long": return .int(Int64(number % 10_000_000_000))
        default: break
        }
        let lowered = name.lowercased()
        if lowered == "uuid" {
            var hex = String(Self.scramble(number), radix: 16) + String(Self.scramble(number &+ 1), radix: 16)
            hex = String(repeating: "0", count: max(0, 32 - hex.count)) + hex
            let digits = Array(hex.prefix(32))
            return .string(
                [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(digits[$0]) }.joined(separator: "-"))
        }
        if lowered.contains("url") || lowered.contains("uri") {
            return .string("https://example.com/\(parent.lowercased())/\(small)")
        }
        if lowered.contains("date") || lowered.contains("time") || lowered == "instant" {
            // A day of 2020 to 2029 (and a time of that day for instants).
            let day = Int(number % 3_650)
            let year = 2020 + day / 365
            let dayOfYear = day % 365
            let month = dayOfYear / 31 % 12 + 1
            let dayOfMonth = dayOfYear % 28 + 1
            let date = String(format: "%04d-%02d-%02d", year, month, dayOfMonth)
            if lowered == "date" || lowered == "localdate" { return .string(date) }
            let seconds = Int(number / 3_650 % 86_400)
            return .string(
                date + String(format: "T%02d:%02d:%02dZ", seconds / 3_600, seconds / 60 % 60, seconds % 60))
        }
        return .string("\(name) \(small)")
    }

    /// A compact, stable text of an argument value (for seeds).
    private static func describe(_ value: GraphQLInputValue) -> String {
        switch value {
        case .null: return "null"
        case .int(let number): return String(number)
        case .float(let number): return String(number)
        case .string(let text): return "\"" + text + "\""
        case .boolean(let flag): return flag ? "true" : "false"
        case .enumValue(let name): return name
        case .list(let items): return "[" + items.map(describe).joined(separator: ",") + "]"
        case .object(let fields):
            return "{" + fields.keys.sorted().map { "\($0):" + describe(fields[$0] ?? .null) }.joined(separator: ",")
                + "}"
        }
    }

    /// FNV-1a of `text`'s bytes, mixed into `seed`.
    static func mix(_ seed: UInt64, _ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return scramble(hash)
    }

    /// SplitMix64's finalizer: spreads a seed's bits.
    static func scramble(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
