import Foundation
import Testing

@testable import GraphQLBridge

/// Examples of the merge and of the client's reading of a `multipart/mixed` answer: `subPath`, errors at their paths
/// and in `completed`, a stream in Apollo's format, refusals that say where, a whole JSON answer left as it is.
@Suite("Incremental delivery: the merge, by example")
struct IncrementalResultMergerTests {
    static func merge(_ payloads: [String]) throws -> IncrementalResultMerger {
        var merger = IncrementalResultMerger()
        for payload in payloads { try merger.apply(try JSONValue(parsing: Data(payload.utf8))) }
        return merger
    }

    @Test("the current format: subPath, items, errors of increments and of completed")
    func current() throws {
        let merger = try Self.merge([
            #"{"data":{"a":{"b":{"c":1}},"l":[1]},"pending":[{"id":"0","path":["a"]},{"id":"1","path":["l"]}],"hasNext":true}"#,
            #"{"incremental":[{"id":"0","subPath":["b"],"data":{"d":2}},{"id":"1","items":[2,3]}],"completed":[{"id":"0"}],"hasNext":true}"#,
            #"{"incremental":[{"id":"1","items":[4],"errors":[{"message":"x","path":["l",3]}]}],"completed":[{"id":"1","errors":[{"message":"y","path":["l",4]}]}],"hasNext":false}"#,
        ])
        #expect(merger.data == (try JSONValue(parsing: Data(#"{"a":{"b":{"c":1,"d":2}},"l":[1,2,3,4]}"#.utf8))))
        #expect(merger.errors.map { $0["message"] } == [.string("x"), .string("y")])
        #expect(!merger.hasNext && merger.pending.isEmpty)
    }

    @Test("Apollo's 2022 format: data at a path into a list, items at their first index, label ignored")
    func apollo() throws {
        let merger = try Self.merge([
            #"{"data":{"l":[{"id":1},{"id":2}],"s":["a"]},"hasNext":true}"#,
            #"{"incremental":[{"data":{"x":true},"path":["l",1],"label":"later"},{"items":["b"],"path":["s",1]}],"hasNext":false}"#,
        ])
        #expect(
            merger.data == (try JSONValue(parsing: Data(#"{"l":[{"id":1},{"id":2,"x":true}],"s":["a","b"]}"#.utf8))))
    }

    @Test("refused, with where: an unknown id, a path that leads nowhere, items out of order, a payload after the end")
    func refusals() throws {
        let initial = #"{"data":{"a":{}},"pending":[{"id":"0","path":["a"]}],"hasNext":true}"#
        for (payloads, fragment) in [
            ([initial, #"{"incremental":[{"id":"9","data":{}}],"hasNext":false}"#], "payload 2.incremental[0].id"),
            (
                [#"{"data":{"a":{}},"hasNext":true}"#, #"{"incremental":[{"path":["b"],"data":{}}],"hasNext":false}"#],
                "payload 2.incremental[0].path"
            ),
            (
                [
                    #"{"data":{"s":[]},"hasNext":true}"#,
                    #"{"incremental":[{"path":["s",2],"items":[1]}],"hasNext":false}"#,
                ],
                "payload 2.incremental[0].path"
            ),
            ([#"{"data":{},"hasNext":false}"#, #"{"hasNext":false}"#], "payload 2"),
            ([initial, #"{"hasNext":false}"#], "payload 2.hasNext"),
        ] {
            do {
                _ = try Self.merge(payloads)
                Issue.record("accepted: \(payloads)")
            } catch let error as GraphQLDecodingError {
                #expect(error.path == "incremental delivery, " + fragment, "\(error)")
            }
        }
    }

    @Test("a null made by an error takes nothing more; an increment with only errors keeps them")
    func nulls() throws {
        let merger = try Self.merge([
            #"{"data":{"a":null},"hasNext":true}"#,
            #"{"incremental":[{"path":["a"],"data":{"b":1}},{"path":["a"],"errors":[{"message":"gone"}]}],"hasNext":false}"#,
        ])
        #expect(merger.data == .object(["a": .null]))
        #expect(merger.errors.count == 1)
    }

    @Test("the client: a whole JSON answer is left as it is; a multipart one is merged; a cut one is refused")
    func client() throws {
        let json = HTTPResponse(status: 200, headers: ["Content-Type": "application/json"])
        let body = Data(#"{"data":{"a":1}}"#.utf8)
        let (same, sameBody) = try GraphQLHTTPClient.mergingIncrementalDelivery(json, body, operation: "Q")
        #expect(same.headers["Content-Type"] == "application/json" && sameBody == body)
        let multipart = HTTPResponse(
            status: 200, headers: ["Content-Type": "multipart/mixed; boundary=\"-\"; incrementalSpec=v0.2"])
        let parts =
            "\r\n---\r\nContent-Type: application/json\r\n\r\n"
            + #"{"data":{"a":{}},"pending":[{"id":"0","path":["a"]}],"hasNext":true}"#
            + "\r\n---\r\nContent-Type: application/json\r\n\r\n"
            + #"{"incremental":[{"id":"0","data":{"b":2}}],"completed":[{"id":"0"}],"hasNext":false}"#
        let (merged, mergedBody) = try GraphQLHTTPClient.mergingIncrementalDelivery(
            multipart, Data((parts + "\r\n-----\r\n").utf8), operation: "Q")
        #expect(merged.mediaType == "application/graphql-response+json")
        #expect(try JSONValue(parsing: mergedBody) == .object(["data": .object(["a": .object(["b": .number("2")])])]))
        let cut = parts.prefix(parts.count - 80)
        #expect(throws: APIError.self) {
            try GraphQLHTTPClient.mergingIncrementalDelivery(multipart, Data(cut.utf8), operation: "Q")
        }
    }
}
