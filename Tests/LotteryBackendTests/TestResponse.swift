import Foundation
import GraphQLServer

@testable import LotteryBackend

/// A response as the tests look at it.
struct TestResponse {
    let status: Int
    let contentType: String
    let headers: [String: String]
    let body: Data

    /// The body parsed exactly (64-bit numbers intact).
    func json() throws -> JSONValue {
        try JSONParser.parse(body)
    }

    /// The body as text.
    var text: String { String(decoding: body, as: UTF8.self) }
}
