import Foundation
import LegacyModels
import Testing

@Suite("The REST envelope and LegacyAPIError")
struct EnvelopeTests {
    @Test("An error envelope becomes .server with its code and message")
    func errorEnvelope() throws {
        let data = try Fixture.data("error-not-found")
        let error = Fixture.error { () throws(LegacyAPIError) in
            try LegacyAPIClient.decodeEnvelope(GameInfo.self, from: data, httpStatus: 404)
        }
        #expect(error == .server(code: .notFound, message: "no game 7x49", httpStatus: 404))
        #expect(error?.description.contains("HTTP 404") == true)
        #expect(error?.description.contains("NOT_FOUND: no game 7x49") == true)
    }

    @Test(
        "Error codes map to their cases; unknown codes are kept",
        arguments: [
            ("NOT_FOUND", LegacyAPIErrorCode.notFound), ("BAD_REQUEST", .badRequest), ("UNAUTHORIZED", .unauthorized),
            ("INTERNAL", .internal), ("RATE_LIMITED", .other("RATE_LIMITED")),
        ])
    func codes(raw: String, code: LegacyAPIErrorCode) {
        let body = #"{"status":"error","error":{"code":\#(String(reflecting: raw)),"message":"m"}}"#
        let error = Fixture.error { () throws(LegacyAPIError) in
            try LegacyAPIClient.decodeEnvelope(ImageInfo.self, from: Data(body.utf8))
        }
        #expect(error == .server(code: code, message: "m", httpStatus: nil))
        #expect(code.rawValue == raw)
        #expect(LegacyAPIErrorCode(rawValue: raw) == code)
    }

    @Test(
        "Bodies that are not envelopes are .invalidResponse with an excerpt",
        arguments: [
            "<html>502 Bad Gateway</html>", "", "{}", #"{"status":"ok"}"#, #"{"status":"pending","result":1}"#,
            #"{"status":"error","error":{"code":"NOT_FOUND"}}"#, #"{"result":{}}"#, "[1,2]",
        ])
    func notAnEnvelope(body: String) {
        let error = Fixture.error { () throws(LegacyAPIError) in
            try LegacyAPIClient.decodeEnvelope(ImageInfo.self, from: Data(body.utf8), httpStatus: 502)
        }
        guard case .invalidResponse(let status, let excerpt) = error else {
            Issue.record("expected .invalidResponse for \(body), got \(String(describing: error))")
            return
        }
        #expect(status == 502)
        #expect(excerpt == (body.isEmpty ? "(empty body)" : body))
    }

    @Test("Long bodies are cut in the excerpt")
    func longExcerpt() {
        let body = String(repeating: "x", count: 10_000)
        let error = Fixture.error { () throws(LegacyAPIError) in
            try LegacyAPIClient.decodeEnvelope(ImageInfo.self, from: Data(body.utf8))
        }
        guard case .invalidResponse(_, let excerpt) = error else {
            Issue.record("expected .invalidResponse, got \(String(describing: error))")
            return
        }
        #expect(excerpt.count < 400)
        #expect(excerpt.hasSuffix("(10000 bytes)"))
    }

    @Test("An ok envelope with a non-2xx status is not trusted")
    func okWithErrorStatus() throws {
        let data = try Fixture.data("image")
        let error = Fixture.error { () throws(LegacyAPIError) in
            try LegacyAPIClient.decodeEnvelope(ImageInfo.self, from: data, httpStatus: 500)
        }
        #expect(error.map { if case .invalidResponse(httpStatus: 500, _) = $0 { true } else { false } } == true)
        #expect(try LegacyAPIClient.decodeEnvelope(ImageInfo.self, from: data, httpStatus: 200).id == "logo-6x45")
    }

    @Test("A null or wrongly typed result is a decoding error at \"result\"")
    func nullResult() {
        let error = Fixture.error { () throws(LegacyAPIError) in
            try LegacyAPIClient.decodeEnvelope(ImageInfo.self, from: Data(#"{"status":"ok","result":null}"#.utf8))
        }
        #expect(error?.decodingPath == "result")
        let list = Fixture.error { () throws(LegacyAPIError) in
            try LegacyAPIClient.decodeEnvelope([ImageInfo].self, from: Data(#"{"status":"ok","result":{}}"#.utf8))
        }
        #expect(list?.decodingPath == "result")
    }

    @Test("Descriptions say what, where and what to do")
    func descriptions() {
        let unauthorized = LegacyAPIError.server(code: .unauthorized, message: "no token", httpStatus: 401)
        #expect(unauthorized.description.contains("bearer token"))
        #expect(LegacyAPIError.transport(message: "refused").description.contains("refused"))
        #expect(LegacyAPIError.decoding(path: "result.x", message: "m").description.contains("at result.x: m"))
        #expect(LegacyAPIError.cancelled.description.contains("cancelled"))
        #expect(LegacyAPIError.invalidRequest(message: "bad").description.contains("Invalid REST request: bad"))
        #expect(LegacyAPIError.invalidResponse(httpStatus: 502, bodyExcerpt: "<html>").description.contains("HTTP 502"))
    }

    @Test("JSON paths render keys with dots and indexes in brackets")
    func jsonPath() {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int?
            init(stringValue: String) { self.stringValue = stringValue }
            init(intValue: Int) {
                self.stringValue = "Index \(intValue)"
                self.intValue = intValue
            }
        }
        let path: [any CodingKey] = [Key(stringValue: "result"), Key(intValue: 2), Key(stringValue: "prize")]
        #expect(LegacyAPIClient.jsonPath(path) == "result[2].prize")
        #expect(LegacyAPIClient.jsonPath([]) == "(root)")
    }
}
