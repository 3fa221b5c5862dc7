import Foundation

/// A type that generated code decodes as a GraphQL scalar, with the scalar's own rules rather than
/// the type's default `Decodable` conformance.
///
/// The runtime conforms `Int64` (``Long``), `Date` (``DateTime``), `String` (``GraphQLID``) and the other
/// built-in scalar types, and composes through `Optional` and `Array`, so generated code can write
/// `try container.decodeScalar([Long?].self, forKey: .numbers)`. Any other `Decodable` type conforms
/// by declaring the conformance: its default decoding is used.
public protocol GraphQLScalarDecodable: Sendable {
    /// Decodes the value of `key` in a keyed container.
    static func decodeScalar<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key) throws
        -> Self
    /// Decodes the next element of an unkeyed container.
    static func decodeScalar(from container: inout any UnkeyedDecodingContainer) throws -> Self
    /// Decodes a single value.
    static func decodeScalar(from container: any SingleValueDecodingContainer) throws -> Self
}

extension GraphQLScalarDecodable where Self: Decodable {
    /// The type's own `Decodable` conformance (outside the facts ``GraphQLResponseDecoder`` keeps about the
    /// response body, since the conformance may decode other JSON with a `JSONDecoder` of its own).
    public static func decodeScalar<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
        throws -> Self
    {
        try withoutBodyFacts { try container.decode(Self.self, forKey: key) }
    }

    /// The type's own `Decodable` conformance (outside the facts kept about the response body).
    public static func decodeScalar(from container: inout any UnkeyedDecodingContainer) throws -> Self {
        var copy = container
        let value = try withoutBodyFacts { try copy.decode(Self.self) }
        container = copy
        return value
    }

    /// The type's own `Decodable` conformance (outside the facts kept about the response body).
    public static func decodeScalar(from container: any SingleValueDecodingContainer) throws -> Self {
        try withoutBodyFacts { try container.decode(Self.self) }
    }

    /// Runs `decode` without ``IntegerLiteralBody/current``.
    @inline(__always)
    private static func withoutBodyFacts(_ decode: () throws -> Self) throws -> Self {
        if IntegerLiteralBody.current == nil { return try decode() }
        return try IntegerLiteralBody.$current.withValue(nil) { try decode() }
    }
}

extension KeyedDecodingContainer {
    /// Decodes a GraphQL scalar (or an optional or list of them) with its scalar rules.
    @inlinable
    public func decodeScalar<T: GraphQLScalarDecodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try T.decodeScalar(from: self, forKey: key)
    }
}

extension UnkeyedDecodingContainer {
    /// Decodes the next element as a GraphQL scalar with its scalar rules.
    public mutating func decodeScalar<T: GraphQLScalarDecodable>(_ type: T.Type) throws -> T {
        var erased: any UnkeyedDecodingContainer = self
        defer {
            if let same = erased as? Self { self = same }
        }
        return try T.decodeScalar(from: &erased)
    }
}

extension SingleValueDecodingContainer {
    /// Decodes the value as a GraphQL scalar with its scalar rules.
    public func decodeScalar<T: GraphQLScalarDecodable>(_ type: T.Type) throws -> T {
        try T.decodeScalar(from: self)
    }
}

// MARK: - Optional and Array

extension Optional: GraphQLScalarDecodable where Wrapped: GraphQLScalarDecodable {
    /// `nil` for a missing key or JSON `null`, otherwise the wrapped scalar.
    public static func decodeScalar<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
        throws -> Self
    {
        guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
        return try Wrapped.decodeScalar(from: container, forKey: key)
    }

    /// `nil` for JSON `null`, otherwise the wrapped scalar.
    public static func decodeScalar(from container: inout any UnkeyedDecodingContainer) throws -> Self {
        if try container.decodeNil() { return nil }
        return try Wrapped.decodeScalar(from: &container)
    }

    /// `nil` for JSON `null`, otherwise the wrapped scalar.
    public static func decodeScalar(from container: any SingleValueDecodingContainer) throws -> Self {
        if container.decodeNil() { return nil }
        return try Wrapped.decodeScalar(from: container)
    }
}

extension Array: GraphQLScalarDecodable where Element: GraphQLScalarDecodable {
    /// A JSON array whose every element decodes as the element scalar.
    public static func decodeScalar<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
        throws -> Self
    {
        var nested: any UnkeyedDecodingContainer = try container.nestedUnkeyedContainer(forKey: key)
        return try decodeElements(of: &nested)
    }

    /// A JSON array whose every element decodes as the element scalar.
    public static func decodeScalar(from container: inout any UnkeyedDecodingContainer) throws -> Self {
        var nested: any UnkeyedDecodingContainer = try container.nestedUnkeyedContainer()
        return try decodeElements(of: &nested)
    }

    /// A JSON array whose every element decodes as the element scalar.
    public static func decodeScalar(from container: any SingleValueDecodingContainer) throws -> Self {
        throw GraphQLDecodingError(
            codingPath: container.codingPath, expected: "a list of \(Element.self)",
            found: nil, reason: "a list cannot be decoded from a single-value container")
    }

    private static func decodeElements(of nested: inout any UnkeyedDecodingContainer) throws -> Self {
        var elements: [Element] = []
        if let count = nested.count { elements.reserveCapacity(count) }
        while !nested.isAtEnd {
            elements.append(try Element.decodeScalar(from: &nested))
        }
        return elements
    }
}

// MARK: - Built-in scalars decoded with their default rules

extension Int: GraphQLScalarDecodable {
    /// Decodes with the type's own `Decodable` conformance (a leaf: no nested decoder, so no task-local to clear).
    @inlinable
    public static func decodeScalar<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
        throws -> Int
    {
        try container.decode(Int.self, forKey: key)
    }

    /// Decodes with the type's own `Decodable` conformance.
    public static func decodeScalar(from container: inout any UnkeyedDecodingContainer) throws -> Int {
        try container.decode(Int.self)
    }

    /// Decodes with the type's own `Decodable` conformance.
    public static func decodeScalar(from container: any SingleValueDecodingContainer) throws -> Int {
        try container.decode(Int.self)
    }
}

extension Int32: GraphQLScalarDecodable {
    /// Decodes with the type's own `Decodable` conformance (a leaf: no nested decoder, so no task-local to clear).
    @inlinable
    public static func decodeScalar<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
        throws -> Int32
    {
        try container.decode(Int32.self, forKey: key)
    }

    /// Decodes with the type's own `Decodable` conformance.
    public static func decodeScalar(from container: inout any UnkeyedDecodingContainer) throws -> Int32 {
        try container.decode(Int32.self)
    }

    /// Decodes with the type's own `Decodable` conformance.
    public static func decodeScalar(from container: any SingleValueDecodingContainer) throws -> Int32 {
        try container.decode(Int32.self)
    }
}

extension Double: GraphQLScalarDecodable {
    /// Decodes with the type's own `Decodable` conformance (a leaf: no nested decoder, so no task-local to clear).
    @inlinable
    public static func decodeScalar<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
        throws -> Double
    {
        try container.decode(Double.self, forKey: key)
    }

    /// Decodes with the type's own `Decodable` conformance.
    public static func decodeScalar(from container: inout any UnkeyedDecodingContainer) throws -> Double {
        try container.decode(Double.self)
    }

    /// Decodes with the type's own `Decodable` conformance.
    public static func decodeScalar(from container: any SingleValueDecodingContainer) throws -> Double {
        try container.decode(Double.self)
    }
}

extension Bool: GraphQLScalarDecodable {
    /// Decodes with the type's own `Decodable` conformance (a leaf: no nested decoder, so no task-local to clear).
    @inlinable
    public static func decodeScalar<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
        throws -> Bool
    {
        try container.decode(Bool.self, forKey: key)
    }

    /// Decodes with the type's own `Decodable` conformance.
    public static func decodeScalar(from container: inout any UnkeyedDecodingContainer) throws -> Bool {
        try container.decode(Bool.self)
    }

    /// Decodes with the type's own `Decodable` conformance.
    public static func decodeScalar(from container: any SingleValueDecodingContainer) throws -> Bool {
        try container.decode(Bool.self)
    }
}
