import Foundation

extension Int64: GraphQLScalarDecodable {
    /// Decodes a ``Long`` from a JSON number or a decimal string, exactly.
    @inlinable
    public static func decodeScalar<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key)
        throws -> Int64
    {
        // The coding path is built only for an error: building it costs more than decoding the value.
        let value: Int64
        do {
            value = try container.decode(Int64.self, forKey: key)
        } catch {
            // Foundation throws its own (non-`DecodingError`) error for a number outside `Int64` or fractional.
            return try LongScalar.recover(
                from: error as? DecodingError, codingPath: container.codingPath + [key],
                string: { try container.decode(String.self, forKey: key) },
                decimal: { try container.decode(Decimal.self, forKey: key) },
                bool: { try container.decode(Bool.self, forKey: key) },
                isNull: { try container.decodeNil(forKey: key) })
        }
        return try LongScalar.checkExact(
            value, codingPath: container.codingPath + [key],
            decimal: { try container.decode(Decimal.self, forKey: key) })
    }

    /// Decodes a ``Long`` from a JSON number or a decimal string, exactly.
    public static func decodeScalar(from container: inout any UnkeyedDecodingContainer) throws -> Int64 {
        // Built only for an error (before the element is consumed): building it costs more than decoding it.
        func path() -> [any CodingKey] {
            container.codingPath + [GraphQLCodingKey(intValue: container.currentIndex) ?? GraphQLCodingKey("?")]
        }
        // Probe on a copy so the element is consumed exactly once, whatever its type.
        var probe = container
        if let value = try? probe.decode(Int64.self) {
            var probeExact = container
            let exact = try LongScalar.checkExact(
                value, codingPath: path(), decimal: { try probeExact.decode(Decimal.self) })
            container = probe
            return exact
        }
        var probeString = container
        var probeDecimal = container
        var probeBool = container
        var probeNil = container
        // `recover` returns a value read either as a string or as a number: keep the probe that read it.
        var consumed = container
        let value = try LongScalar.recover(
            from: nil, codingPath: path(),
            string: {
                let text = try probeString.decode(String.self)
                consumed = probeString
                return text
            },
            decimal: {
                let number = try probeDecimal.decode(Decimal.self)
                consumed = probeDecimal
                return number
            },
            bool: { try probeBool.decode(Bool.self) },
            isNull: { try probeNil.decodeNil() })
        container = consumed
        return value
    }

    /// Decodes a ``Long`` from a JSON number or a decimal string, exactly.
    public static func decodeScalar(from container: any SingleValueDecodingContainer) throws -> Int64 {
        let value: Int64
        do {
            value = try container.decode(Int64.self)
        } catch {
            // Foundation throws its own (non-`DecodingError`) error for a number outside `Int64` or fractional.
            return try LongScalar.recover(
                from: error as? DecodingError, codingPath: container.codingPath,
                string: { try container.decode(String.self) },
                decimal: { try container.decode(Decimal.self) },
                bool: { try container.decode(Bool.self) },
                isNull: { container.decodeNil() })
        }
        return try LongScalar.checkExact(
            value, codingPath: container.codingPath, decimal: { try container.decode(Decimal.self) })
    }
}

/// The rules of the `Long` scalar, shared by the three container kinds.
public enum LongScalar {
    /// Parses a decimal string into an `Int64`, exactly: an optional `-`, then one or more ASCII digits,
    /// nothing else (no `+`, spaces, exponent or fraction). `nil` when the string is not of that form
    /// or is outside `Int64`.
    @inlinable
    public static func parse(_ text: String) -> Int64? {
        var text = text
        return text.withUTF8 { bytes -> Int64? in
            guard !bytes.isEmpty else { return nil }
            var index = 0
            let negative = bytes[0] == UInt8(ascii: "-")
            if negative { index = 1 }
            guard index < bytes.count, bytes.count - index <= 19 + 1 else { return nil }
            var magnitude: UInt64 = 0
            while index < bytes.count {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
                guard !overflow1, !overflow2 else { return nil }
                magnitude = sum
                index += 1
            }
            if negative {
                guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
                return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
            }
            guard magnitude <= UInt64(Int64.max) else { return nil }
            return Int64(magnitude)
        }
    }

    /// What ``GraphQLDecodingError/expected`` says for a `Long`.
    @usableFromInline
    static let expected = "Long (a 64-bit integer, as a JSON number or a decimal string)"

    /// Confirms that an `Int64` Foundation decoded from a JSON number is the number's exact value.
    ///
    /// Foundation reads a number written with a fraction or an exponent through `Double` (below 2^53) or
    /// through `Decimal` without its fraction (above), so `1.0000000000000001` reads as `1` and
    /// `9007199254740993.5` as `9007199254740993`. Reading the same number as a `Decimal` (exact up to 38
    /// significant digits) and comparing catches these; a whole number such as `1e3` or `1.0` is kept.
    ///
    /// Skipped while ``GraphQLResponseDecoder`` decodes a body whose numbers are all integer literals
    /// (``IntegerLiteralBody``): Foundation reads those exactly. Where the body has a number that `Decimal`
    /// cannot hold exactly (more than 38 significant digits), the number's text is read from the body instead.
    /// The path is evaluated only for an error or that exact read.
    @usableFromInline
    static func checkExact(
        _ value: Int64, codingPath: @autoclosure () -> [any CodingKey], decimal: () throws -> Decimal
    ) throws -> Int64 {
        let body = IntegerLiteralBody.current
        if body?.integerLiteralsOnly == true { return value }
        if body?.needsExactText == true, let text = body?.numberText(at: codingPath()),
            let exact = ExactNumber(text)
        {
            // `Decimal` rounds past 38 significant digits: decide on the number as written.
            if exact.int64 == value { return value }
            throw GraphQLDecodingError(
                codingPath: codingPath(), expected: expected, found: text,
                reason: exact.isWhole
                    ? "the number is outside the Long range \(Int64.min)...\(Int64.max)"
                    : "the number is fractional; a Long is a whole number")
        }
        guard let number = try? decimal() else {
            throw GraphQLDecodingError(
                codingPath: codingPath(), expected: expected, found: nil,
                reason: "the number cannot be read exactly (too small, too large or too many digits)")
        }
        if number == Decimal(value) { return value }
        throw GraphQLDecodingError(
            codingPath: codingPath(), expected: expected, found: number.description,
            reason: describeNumberProblem(number))
    }

    /// Decides what a value that did not decode as an `Int64` number is: a decimal string (accepted when
    /// exact and in range), a whole number Foundation could not read as an `Int64` (such as
    /// `9223372036854775807.0`, accepted), or something else (a typed ``GraphQLDecodingError`` that names it).
    @usableFromInline
    static func recover(
        from error: DecodingError?, codingPath: [any CodingKey],
        string: () throws -> String, decimal: () throws -> Decimal, bool: () throws -> Bool,
        isNull: () throws -> Bool
    ) throws -> Int64 {
        if let text = try? string() {
            if let value = parse(text) { return value }
            let reason: String
            if isJSONNumber(text), let number = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) {
                reason =
                    wholeValue(of: number) != nil
                    ? "the number is written with an exponent or a fraction; send the integer digits"
                    : describeNumberProblem(number)
            } else {
                reason = "the string is not a decimal integer"
            }
            throw GraphQLDecodingError(
                codingPath: codingPath, expected: expected, found: "\"\(text)\"", reason: reason)
        }
        if let flag = try? bool() {
            throw GraphQLDecodingError(
                codingPath: codingPath, expected: expected, found: String(flag), reason: "a boolean is not a Long")
        }
        if (try? isNull()) == true {
            throw GraphQLDecodingError(
                codingPath: codingPath, expected: expected, found: "null", reason: "the value is null")
        }
        if let body = IntegerLiteralBody.current, body.needsExactText, let text = body.numberText(at: codingPath),
            let exact = ExactNumber(text)
        {
            // `Decimal` rounds past 38 significant digits: decide on the number as written.
            if let value = exact.int64 { return value }
            throw GraphQLDecodingError(
                codingPath: codingPath, expected: expected, found: text,
                reason: exact.isWhole
                    ? "the number is outside the Long range \(Int64.min)...\(Int64.max)"
                    : "the number is fractional; a Long is a whole number")
        }
        if let number = try? decimal() {
            if let value = wholeValue(of: number) { return value }
            throw GraphQLDecodingError(
                codingPath: codingPath, expected: expected, found: number.description,
                reason: describeNumberProblem(number))
        }
        if let error { throw GraphQLDecodingError(codingPath: codingPath, expected: expected, underlying: error) }
        throw GraphQLDecodingError(
            codingPath: codingPath, expected: expected, found: nil, reason: "the value is not a number or a string")
    }

    /// The `Int64` equal to `number`, when it is a whole number in range.
    static func wholeValue(of number: Decimal) -> Int64? {
        guard let value = parse(number.description), Decimal(value) == number else { return nil }
        return value
    }

    /// Whether `text` has the form of a JSON number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    static func isJSONNumber(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        func digits() -> Int {
            let count = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let leadingZero = bytes.first == UInt8(ascii: "0")
        let integerDigits = digits()
        guard integerDigits > 0, !leadingZero || integerDigits == 1 else { return false }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits() > 0 else { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }

    private static func describeNumberProblem(_ number: Decimal) -> String {
        var integral = Decimal()
        var copy = number
        NSDecimalRound(&integral, &copy, 0, .down)
        if integral != number { return "the number is fractional; a Long is a whole number" }
        return "the number is outside the Long range \(Int64.min)...\(Int64.max)"
    }
}
