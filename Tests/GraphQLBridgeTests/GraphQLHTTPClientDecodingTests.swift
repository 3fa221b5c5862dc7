import Foundation
import GraphQLBridge
import GraphQLBridgeTesting
import Testing

/// Decoding failures reach the caller as `APIError.decoding` with the JSON path, the expected type and the
/// value found in the body.
@Suite("GraphQLHTTPClient decoding errors")
struct GraphQLHTTPClientDecodingTests {
    func decodingError(_ body: String, sourceLocation: SourceLocation = #_sourceLocation) async throws
        -> GraphQLDecodingError
    {
        let transport = MockTransport()
        transport.enqueue(json: body)
        let error = try #require(await executionError(makeClient(transport), ItemQuery(id: "1")))
        guard case .decoding(let operation, let decoding) = error else {
            Issue.record("expected .decoding, got \(error)", sourceLocation: sourceLocation)
            throw error
        }
        #expect(operation == "Item", sourceLocation: sourceLocation)
        return decoding
    }

    @Test("a Long holding \"abc\"")
    func longHoldingText() async throws {
        let error = try await decodingError(#"{"data":{"item":{"name":"n","count":"abc"}}}"#)
        #expect(error.path == "data.item.count")
        #expect(error.expected == "Long (a 64-bit integer, as a JSON number or a decimal string)")
        #expect(error.found == #""abc""#)
        #expect(error.reason == "the string is not a decimal integer")
    }

    @Test(
        "a Long out of range or fractional is a decoding error at its path, whatever else the body holds",
        arguments: [
            ("9223372036854775808", "9223372036854775808", "outside the Long range"),
            ("-9223372036854775809", "-9223372036854775809", "outside the Long range"),
            ("1.5", "1.5", "fractional"),
            ("9007199254740993.5", "9007199254740993.5", "fractional"),
            ("1.0000000000000001", "1.0000000000000001", "fractional"),
            ("true", "true", "a boolean is not a Long"),
        ])
    func longOutOfRange(value: String, found: String, reason: String) async throws {
        // With and without another number that has a fraction elsewhere in the body.
        for extensions in ["", #","extensions":{"cost":0.5}"#] {
            let error = try await decodingError(#"{"data":{"item":{"name":"n","count":\#(value)}}\#(extensions)}"#)
            #expect(error.path == "data.item.count")
            #expect(error.found == found)
            #expect(error.reason.contains(reason), "reason: \(error.reason)")
        }
    }

    @Test("whole numbers written with an exponent or a fraction decode exactly through the client")
    func longWholeNumbers() async throws {
        for (value, expected) in [("1e3", 1000), ("9223372036854775807.0", Int64.max), ("-0", 0)] as [(String, Int64)] {
            let transport = MockTransport()
            transport.enqueue(json: #"{"data":{"item":{"name":"n","count":\#(value)}}}"#)
            let result = try await makeClient(transport).execute(ItemQuery(id: "1"))
            #expect(result.data?.item?.count == expected)
        }
    }

    @Test("a Long holding an object: found is filled in from the body")
    func longHoldingObject() async throws {
        let error = try await decodingError(#"{"data":{"item":{"name":"n","count":{"value":1}}}}"#)
        #expect(error.path == "data.item.count")
        #expect(error.found == #"{"value":1}"#)
    }

    @Test("a missing key")
    func missingKey() async throws {
        let error = try await decodingError(#"{"data":{"item":{"name":"n"}}}"#)
        #expect(error.path == "data.item.count")
        #expect(error.found == "nothing (the key is missing)")
        #expect(error.reason == #"the key "count" is missing"#)
    }

    @Test("a missing key outside any scalar rule")
    func missingPlainKey() async throws {
        let error = try await decodingError(#"{"data":{"item":{"count":1}}}"#)
        #expect(error.path == "data.item.name")
        #expect(error.expected == "a value")
        #expect(error.found == "nothing (the key is missing)")
    }

    @Test("a type mismatch: found is filled in from the body")
    func typeMismatch() async throws {
        let error = try await decodingError(#"{"data":{"item":{"name":42,"count":1}}}"#)
        #expect(error.path == "data.item.name")
        #expect(error.expected == "String")
        #expect(error.found == "42")
        #expect(error.reason.hasPrefix("the value has another type"))
    }

    @Test("null for a non-optional field")
    func nullValue() async throws {
        let error = try await decodingError(#"{"data":{"item":{"name":null,"count":1}}}"#)
        #expect(error.path == "data.item.name")
        #expect(error.found == "null")
        #expect(error.reason == "a required value is null")
    }

    @Test("a malformed error list")
    func malformedErrors() async throws {
        let error = try await decodingError(#"{"data":null,"errors":[{"message":"a"},{"msg":"b"}]}"#)
        #expect(error.path == "errors[1].message")
        #expect(error.found == "nothing (the key is missing)")
    }

    @Test("a fractional number in an Int field is a decoding error, not an invalid response")
    func fractionalInt() async throws {
        let transport = MockTransport()
        transport.enqueue(json: #"{"data":{"ping":"p","level":1.5}}"#)
        let error = try #require(await executionError(makeClient(transport), PingQuery()))
        guard case .decoding(let operation, let decoding) = error else {
            Issue.record("expected .decoding, got \(error)")
            return
        }
        #expect(operation == "Ping")
        #expect(decoding.reason.contains("fractional or out of range"))
        // The strict tree's decoder names the field and the value (Foundation's reported neither).
        #expect(decoding.path.hasSuffix("level"))
        #expect(decoding.found == "1.5")
    }

    @Test("the description names the operation, the path and what to check")
    func description() async throws {
        let transport = MockTransport()
        transport.enqueue(json: #"{"data":{"item":{"name":"n","count":1.5}}}"#)
        let error = try #require(await executionError(makeClient(transport), ItemQuery(id: "1")))
        #expect(
            error.description
                == "Item: cannot decode the response: data.item.count: expected Long (a 64-bit integer, as a JSON "
                + "number or a decimal string), found 1.5: the number is fractional; a Long is a whole number. "
                + "Check the scalar mapping and that the generated types match the server's schema.")
    }
}
