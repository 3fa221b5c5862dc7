import Foundation

/// Errors of the test helpers.
enum TestSupportError: Error, CustomStringConvertible {
    case fixtureMissing(String)
    case notHTTP(URL)

    var description: String {
        switch self {
        case .fixtureMissing(let name): return "fixture \(name) is missing from the test bundle"
        case .notHTTP(let url): return "the response for \(url) is not an HTTP response"
        }
    }
}
