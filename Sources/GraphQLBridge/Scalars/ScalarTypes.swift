import Foundation

/// The schema's `Long`: a 64-bit signed integer.
///
/// Servers send it as a JSON number, some gateways as a decimal string (`"9007199254740993"`). Generated
/// code decodes it with ``GraphQLScalarDecodable``, which accepts both exactly across the whole `Int64`
/// range and fails with a ``GraphQLDecodingError`` naming the JSON path for anything else: out of range,
/// fractional, a boolean, garbage. It is never truncated and never decoded through `Double`.
public typealias Long = Int64

/// The schema's `DateTime`: an instant in UTC, RFC 3339 with a literal `Z`
/// (`"2026-11-28T18:00:00Z"`, fractional seconds allowed).
public typealias DateTime = Date

/// GraphQL's built-in `ID`: sent as a string; decoding also accepts an integer (serialized as its
/// decimal digits), as the spec allows.
public typealias GraphQLID = String
