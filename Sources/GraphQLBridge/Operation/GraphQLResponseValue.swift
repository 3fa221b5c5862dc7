import Foundation

/// A member of a ``GraphQLResponseObject``: a leaf written with its own `Encodable` conformance, an object, a list,
/// or `null`.
public enum GraphQLResponseValue {
    /// `null`.
    case null
    /// A scalar or enum value (or lists and optionals of them), encoded as it encodes itself.
    case scalar(any Encodable)
    /// An object.
    case object(GraphQLResponseObject)
    /// A list of values that hold objects.
    case list([GraphQLResponseValue])

    /// A leaf that may be `nil`: `null` for `nil` (so that a merge never lets it hide a value), otherwise the value.
    public static func nullable(_ value: (some Encodable)?) -> GraphQLResponseValue {
        guard let value else { return .null }
        return .scalar(value)
    }

    /// This value and `other` (written later for the same key) as one: two objects merge member by member, two lists
    /// of the same length element by element; `null` never hides a value; otherwise `other` wins (the two are the same
    /// value when both come from one response).
    public func merged(with other: GraphQLResponseValue) -> GraphQLResponseValue {
        switch (self, other) {
        case (.object(var object), .object(let next)):
            for key in next.responseKeys {
                if let value = next[key] { object.set(key, value) }
            }
            return .object(object)
        case (.list(let items), .list(let next)) where items.count == next.count:
            return .list(zip(items, next).map { $0.merged(with: $1) })
        case (_, .null):
            return self
        default:
            return other
        }
    }

    /// The two leaves as JSON when this value and `other` (written later for the same key) are leaves that differ;
    /// `nil` when they agree, when either is `null` (which never hides a value), or when they are objects or lists
    /// (whose members are compared as they merge).
    func conflict(with other: GraphQLResponseValue) -> (first: String, second: String)? {
        guard case .scalar(let first) = self, case .scalar(let second) = other else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let lhs = try? encoder.encode(Leaf(value: first)), let rhs = try? encoder.encode(Leaf(value: second))
        else { return nil }
        guard lhs != rhs else { return nil }
        return (String(decoding: lhs, as: UTF8.self), String(decoding: rhs, as: UTF8.self))
    }

    /// A leaf encoded on its own (a top-level fragment, which `JSONEncoder` accepts).
    private struct Leaf: Encodable {
        let value: any Encodable

        func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
    }

    func encode(to container: inout KeyedEncodingContainer<GraphQLCodingKey>, forKey key: GraphQLCodingKey) throws {
        switch self {
        case .null: try container.encodeNil(forKey: key)
        case .scalar(let value): try container.encode(value, forKey: key)
        case .object(let object): try container.encode(object, forKey: key)
        case .list(let items): try container.encode(items.map(ListItem.init), forKey: key)
        }
    }

    /// A list element, encoded through an unkeyed container's single values.
    private struct ListItem: Encodable {
        let value: GraphQLResponseValue

        func encode(to encoder: any Encoder) throws {
            switch value {
            case .null:
                var container = encoder.singleValueContainer()
                try container.encodeNil()
            case .scalar(let scalar): try scalar.encode(to: encoder)
            case .object(let object): try object.encode(to: encoder)
            case .list(let items): try items.map(ListItem.init).encode(to: encoder)
            }
        }
    }
}
